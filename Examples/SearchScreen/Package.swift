// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A main-actor search screen's view model and its tests, in the three styles of RxTest's article
// "Testing reactive and async code" (recorded events, marble diagrams, awaiting each event), in
// XCTest and in Swift Testing, built twice: in the Swift 6 language mode as written, and with a
// new Xcode 26 project's settings (code main-actor isolated by default, nonisolated async
// functions on their caller's actor, isolated conformances), from the same files (linked).
// CI runs `swift test --package-path Examples/SearchScreen`.
//
// In your package, with a clone of OpenRx in ../openrx, the dependency reads
// `.package(path: "../openrx")`. Here OpenRx is the folder two levels up, whatever its name.
let openRx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let xcode26Settings: [SwiftSetting] = [
    .unsafeFlags(["-default-isolation", "MainActor", "-warnings-as-errors"]),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let rx: [Target.Dependency] = [
    .product(name: "RxSwift", package: openRx), .product(name: "RxRelay", package: openRx),
    .product(name: "RxCocoa", package: openRx),
]
let rxTest: [Target.Dependency] = [.product(name: "RxTest", package: openRx)]

let package = Package(
    name: "SearchScreen",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "SearchScreen", dependencies: rx, swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(
            name: "SearchScreenTests", dependencies: ["SearchScreen"] + rx + rxTest,
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .target(name: "SearchScreenXcode26", dependencies: rx, swiftSettings: xcode26Settings),
        .testTarget(
            name: "SearchScreenXcode26Tests", dependencies: ["SearchScreenXcode26"] + rx + rxTest,
            swiftSettings: xcode26Settings + [.define("XCODE26_SETTINGS")]),
    ],
    swiftLanguageModes: [.v6]
)
