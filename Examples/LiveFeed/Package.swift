// swift-tools-version: 6.2
import Foundation
import PackageDescription

// OpenRx on a Linux server: a live feed of sensor readings, sent by producer threads into a
// subject, shared with share(replay:), and served to each client as Server-Sent Events through
// the pipeline its request asks for (a key filter, throttle, a windowed aggregate), by
// Hummingbird 2. Its own package, so that OpenRx's library products depend on nothing: only
// this example brings in swift-nio, Hummingbird, AsyncHTTPClient, swift-log and
// swift-service-lifecycle. CI runs `swift test --package-path Examples/LiveFeed` (a bounded run:
// LIVEFEED_CLIENTS and LIVEFEED_WAVES set its size); `bash Benchmarks/livefeed.sh` is the load run.
//
// In your package, with a clone of OpenRx in ../openrx, the dependency reads
// `.package(path: "../openrx")`. Here OpenRx is the folder two levels up, whatever its name.
let openRx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "LiveFeed",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "LiveFeedCore",
            dependencies: [
                .product(name: "RxSwift", package: openRx),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "LiveFeed",
            dependencies: [
                "LiveFeedCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict),
        .target(
            name: "LiveFeedClient",
            dependencies: [
                "LiveFeedCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "LiveFeedLoad",
            dependencies: [
                "LiveFeedCore", "LiveFeedClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LiveFeedTests",
            dependencies: [
                "LiveFeedCore", "LiveFeedClient",
                .product(name: "RxSwift", package: openRx),
                .product(name: "RxTest", package: openRx),
                .product(name: "RxBlocking", package: openRx),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
