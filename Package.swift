// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "OpenRx",
    products: [
        .library(name: "RxSwift", targets: ["RxSwift"]),
        .library(name: "RxRelay", targets: ["RxRelay"]),
        .library(name: "RxTest", targets: ["RxTest"]),
    ],
    targets: [
        .target(name: "RxSwift"),
        .target(name: "RxRelay", dependencies: ["RxSwift"]),
        .target(name: "RxTest", dependencies: ["RxSwift"]),
        .executableTarget(name: "OpenRxDemo", dependencies: ["RxSwift"]),
        .testTarget(name: "RxSwiftTests", dependencies: ["RxSwift", "RxTest"]),
        .testTarget(name: "RxTestTests", dependencies: ["RxSwift", "RxTest"]),
        .testTarget(name: "RxRelayTests", dependencies: ["RxSwift", "RxRelay", "RxTest"]),
    ],
    swiftLanguageModes: [.v6]
)
