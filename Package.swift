// swift-tools-version: 6.0
import PackageDescription

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
    ],
    swiftLanguageModes: [.v6]
)
