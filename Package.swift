// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// RxGtk's product is a package of its own, `RxGtk/` (its sources are these, linked): a package
/// that declares GTK makes SwiftPM read GTK's pkg-config file, and warn "prohibited flag(s):
/// -pthread", in every build of every package that depends on it, RxGtk used or not. Here, the
/// RxGtk target, the gallery (`RxGtkDemo`) and its tests are built only when `OPENRX_GTK=1` is set
/// and GTK 4's and libadwaita's development files are installed (`libgtk-4-dev`,
/// `libadwaita-1-dev`; the gallery uses RxAdw, RxGtk's optional libadwaita companion, whose
/// package is `RxAdw/`): `scripts/demo.sh`,
/// `scripts/test.sh` and `scripts/docs.sh` set it, with a `PKG_CONFIG_PATH` whose `gtk4.pc` keeps
/// only the flags SwiftPM accepts. Without it, this package is GTK-free and builds anywhere.
let gtkAvailable: Bool = {
    guard ProcessInfo.processInfo.environment["OPENRX_GTK"] == "1" else { return false }
    let searchPath =
        (ProcessInfo.processInfo.environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").map(String.init)
        + [
            "/usr/lib/x86_64-linux-gnu/pkgconfig", "/usr/lib/aarch64-linux-gnu/pkgconfig", "/usr/lib/pkgconfig",
            "/usr/share/pkgconfig", "/usr/local/lib/pkgconfig",
        ]
    func found(_ file: String) -> Bool {
        searchPath.contains { FileManager.default.fileExists(atPath: $0 + "/" + file) }
    }
    // The gallery uses libadwaita (RxAdw) too; the scripts install both.
    return found("gtk4.pc") && found("libadwaita-1.pc")
}()

/// A new Xcode 26 project's settings: code is main-actor isolated unless it says otherwise,
/// nonisolated async functions run on their caller's actor, and conformances of main-actor types
/// are isolated. Warnings are errors, as in the other user-style targets.
let xcode26Settings: [SwiftSetting] = [
    .unsafeFlags(["-default-isolation", "MainActor", "-warnings-as-errors"]),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "OpenRx",
    // Synchronization's Mutex and Atomic need these; Linux is what is built and tested.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "RxSwift", targets: ["RxSwift"]),
        .library(name: "RxRelay", targets: ["RxRelay"]),
        .library(name: "RxCocoa", targets: ["RxCocoa"]),
        .library(name: "RxTest", targets: ["RxTest"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
    ],
    targets: [
        // Tells ThreadSanitizer what the library's locks order (`Internal/Lock.swift`).
        .target(name: "OpenRxShims"),
        .target(name: "RxSwift", dependencies: ["OpenRxShims"]),
        .target(name: "RxRelay", dependencies: ["RxSwift"]),
        .target(name: "RxCocoa", dependencies: ["RxSwift", "RxRelay"]),
        .target(name: "RxTest", dependencies: ["RxSwift"]),
        .target(name: "RxBlocking", dependencies: ["RxSwift"]),
        .executableTarget(name: "OpenRxDemo", dependencies: ["RxSwift", "RxCocoa"]),
        // Draws the marble diagrams of RxSwift's documentation by running each operator on
        // virtual time; `scripts/docs.sh` checks that the committed pictures are its output.
        .executableTarget(name: "MarbleDiagrams", dependencies: ["RxSwift", "RxCocoa", "RxTest"]),
        // The view models of the RxGtk gallery's examples: no GTK, tested on virtual time.
        .target(name: "GalleryModels", dependencies: ["RxSwift", "RxRelay", "RxCocoa"]),
        .testTarget(
            name: "GalleryModelsTests", dependencies: ["GalleryModels", "RxSwift", "RxCocoa", "RxTest", "TestSupport"]),
        .target(name: "TestSupport", dependencies: ["RxSwift", "RxTest"], path: "Tests/TestSupport"),
        .testTarget(name: "RxSwiftTests", dependencies: ["RxSwift", "RxTest", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "RxTestTests", dependencies: ["RxSwift", "RxTest", "TestSupport"]),
        .testTarget(name: "RxRelayTests", dependencies: ["RxSwift", "RxRelay", "RxTest", "TestSupport"]),
        .testTarget(name: "RxBlockingTests", dependencies: ["RxSwift", "RxBlocking", "TestSupport"]),
        // The meaning corpus: every selector shape on every closure-taking operator of every trait,
        // its result's static type checked as it compiles (generated: scripts/generate_meaning_corpus.py).
        .testTarget(name: "MeaningCorpusTests", dependencies: ["RxSwift", "RxCocoa", "RxBlocking"]),
        // The real-thread invariant suite: random pipelines on real threads, checked against a
        // model of their answer (scripts/stress.sh runs it long, in the stress mode).
        .testTarget(
            name: "RealThreadInvariantTests", dependencies: ["RxSwift", "RxCocoa", "RxBlocking", "TestSupport"]),
        .testTarget(name: "RxCocoaTests", dependencies: ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "TestSupport"]),
        // Closures of main-actor code whose events arrive off the main thread, in an Xcode 26
        // project's settings: run per scenario by IsolationCaseTests, each expected to finish with
        // every main-actor closure run on main.
        .executableTarget(
            name: "IsolationCases", dependencies: ["RxSwift", "RxCocoa"], path: "Tests/IsolationCases",
            swiftSettings: xcode26Settings),
        .testTarget(
            name: "Swift6ErgonomicsTests",
            dependencies: ["RxSwift", "RxRelay", "RxCocoa", "IsolationCases", "TestSupport"],
            // A user module as strict as it gets: Swift 6 language mode, warnings are errors.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        // The code samples of the README and of the documentation's articles, compiled and run; a
        // test checks the README and the articles against them.
        .executableTarget(
            name: "ReadmeQuickStart", dependencies: ["RxSwift", "RxRelay"], path: "Tests/ReadmeQuickStart"),
        .testTarget(
            name: "DocumentationExamplesTests",
            dependencies: [
                "ReadmeQuickStart", "OpenRxDemo", "RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking",
                "TestSupport",
            ]),
        // RxSwift-era nonisolated view models and test helpers, compiled as strictly as above,
        // run by the tests on the main thread and by DispatchMainCheck under dispatchMain().
        .target(
            name: "NonisolatedStyles", dependencies: ["RxSwift", "RxRelay", "RxCocoa"], path: "Tests/NonisolatedStyles",
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        // Chains a user can make deep, each run on a 512 KiB stack (scripts/deep-chains.sh).
        .executableTarget(
            name: "DeepChains", dependencies: ["RxSwift", "RxBlocking", "TestSupport"], path: "Tests/DeepChains"),
        .executableTarget(
            name: "DispatchMainCheck", dependencies: ["NonisolatedStyles", "RxSwift", "RxCocoa"],
            path: "Tests/DispatchMainCheck"),
        .testTarget(
            name: "Swift6NonisolatedTests",
            dependencies: ["NonisolatedStyles", "DispatchMainCheck", "RxSwift", "RxRelay", "RxCocoa", "TestSupport"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    ],
    swiftLanguageModes: [.v6]
)

if gtkAvailable {
    package.targets += [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "RxGtk", dependencies: ["CGtk", "RxSwift", "RxCocoa"]),
        .systemLibrary(name: "CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        .target(name: "RxAdw", dependencies: ["CAdw", "CGtk", "RxGtk", "RxSwift", "RxCocoa"]),
        .executableTarget(
            name: "RxGtkDemo",
            dependencies: ["CGtk", "CAdw", "RxGtk", "RxAdw", "GalleryModels", "RxSwift", "RxCocoa", "RxRelay"]),
        .testTarget(name: "RxGtkTests", dependencies: ["RxGtk", "RxSwift", "RxCocoa", "TestSupport"]),
        .testTarget(name: "RxAdwTests", dependencies: ["RxAdw", "RxGtk", "RxSwift", "RxCocoa", "TestSupport"]),
    ]
}
