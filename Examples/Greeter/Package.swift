// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A client of OpenRx and RxGtk, as your own package would be: it needs GTK 4's development files
// (`apt-get install libgtk-4-dev`) and nothing else, no environment variable, no script.
//
// In your package, with a clone of OpenRx in ../openrx, the dependencies read:
//
//     .package(path: "../openrx"),
//     .package(path: "../openrx/RxGtk"),
//
// and the products `.product(name: "RxSwift", package: "openrx")`, `.product(name: "RxGtk",
// package: "RxGtk")`. Here OpenRx is the folder two levels up, whatever its name.
let openRx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "Greeter",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(path: "../../RxGtk"),
    ],
    targets: [
        .executableTarget(
            name: "Greeter",
            dependencies: [
                .product(name: "RxSwift", package: openRx),
                .product(name: "RxCocoa", package: openRx),
                .product(name: "RxGtk", package: "RxGtk"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
