// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// RxGtk, its demo and its tests are built only where GTK 4's development files are installed
/// (`libgtk-4-dev`), so that the core library builds anywhere. `OPENRX_GTK=0` turns them off.
let gtkAvailable: Bool = {
    if ProcessInfo.processInfo.environment["OPENRX_GTK"] == "0" { return false }
    return ["/usr/lib/x86_64-linux-gnu/pkgconfig/gtk4.pc", "/usr/lib/aarch64-linux-gnu/pkgconfig/gtk4.pc",
            "/usr/lib/pkgconfig/gtk4.pc", "/usr/share/pkgconfig/gtk4.pc", "/usr/local/lib/pkgconfig/gtk4.pc"]
        .contains { FileManager.default.fileExists(atPath: $0) }
}()

let package = Package(
    name: "OpenRx",
    products: [
        .library(name: "RxSwift", targets: ["RxSwift"]),
        .library(name: "RxRelay", targets: ["RxRelay"]),
        .library(name: "RxCocoa", targets: ["RxCocoa"]),
        .library(name: "RxTest", targets: ["RxTest"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
    ],
    targets: [
        .target(name: "RxSwift"),
        .target(name: "RxRelay", dependencies: ["RxSwift"]),
        .target(name: "RxCocoa", dependencies: ["RxSwift", "RxRelay"]),
        .target(name: "RxTest", dependencies: ["RxSwift"]),
        .target(name: "RxBlocking", dependencies: ["RxSwift"]),
        .executableTarget(name: "OpenRxDemo", dependencies: ["RxSwift", "RxCocoa"]),
        .target(name: "TestSupport", dependencies: ["RxSwift"], path: "Tests/TestSupport"),
        .testTarget(name: "RxSwiftTests", dependencies: ["RxSwift", "RxTest", "TestSupport"]),
        .testTarget(name: "RxTestTests", dependencies: ["RxSwift", "RxTest"]),
        .testTarget(name: "RxRelayTests", dependencies: ["RxSwift", "RxRelay", "RxTest"]),
        .testTarget(name: "RxBlockingTests", dependencies: ["RxSwift", "RxBlocking", "TestSupport"]),
        .testTarget(name: "RxCocoaTests", dependencies: ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "TestSupport"]),
        .testTarget(
            name: "Swift6ErgonomicsTests",
            dependencies: ["RxSwift", "RxRelay", "RxCocoa"],
            // A user module as strict as it gets: Swift 6 language mode, warnings are errors.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        // RxSwift-era nonisolated view models and test helpers, compiled as strictly as above,
        // run by the tests on the main thread and by DispatchMainCheck under dispatchMain().
        .target(
            name: "NonisolatedStyles", dependencies: ["RxSwift", "RxRelay", "RxCocoa"], path: "Tests/NonisolatedStyles",
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .executableTarget(name: "DispatchMainCheck", dependencies: ["NonisolatedStyles", "RxSwift"], path: "Tests/DispatchMainCheck"),
        .testTarget(
            name: "Swift6NonisolatedTests",
            dependencies: ["NonisolatedStyles", "DispatchMainCheck", "RxSwift", "RxRelay", "RxCocoa"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ],
    swiftLanguageModes: [.v6]
)

if gtkAvailable {
    package.products.append(.library(name: "RxGtk", targets: ["RxGtk"]))
    package.targets += [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "RxGtk", dependencies: ["CGtk", "RxSwift", "RxCocoa"]),
        .executableTarget(name: "RxGtkDemo", dependencies: ["RxGtk", "RxSwift", "RxCocoa"]),
        .testTarget(name: "RxGtkTests", dependencies: ["RxGtk", "RxSwift", "RxCocoa", "TestSupport"]),
    ]
}
