// swift-tools-version: 6.0
import Foundation
import PackageDescription

// RxAdw, for your own package: libadwaita's widgets (GNOME's current look) with RxCocoa's
// traits, on top of RxGtk. Optional: RxGtk needs nothing of it.
//
//     dependencies: [
//         .package(path: "../openrx"),         // a clone of OpenRx
//         .package(path: "../openrx/RxGtk"),
//         .package(path: "../openrx/RxAdw"),   // this folder
//     ],
//     …
//     .product(name: "RxAdw", package: "RxAdw"),
//
// It needs libadwaita's development files (`apt-get install libadwaita-1-dev`, version 1.2 or
// later), which bring GTK 4's. Its sources are OpenRx's (`Sources/RxAdw` and `Sources/CAdw`,
// linked): a package of its own, so that packages using RxGtk alone never read libadwaita's
// pkg-config file (SwiftPM warns in every build of a package that declares a library it lacks).

/// OpenRx, the folder above: SwiftPM names a path dependency after its folder.
let openRx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "RxAdw",
    platforms: [.macOS(.v15)],
    products: [.library(name: "RxAdw", targets: ["RxAdw"])],
    dependencies: [.package(path: ".."), .package(path: "../RxGtk")],
    targets: [
        .systemLibrary(
            name: "CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"]), .brew(["libadwaita"])]),
        .target(
            name: "RxAdw",
            dependencies: [
                "CAdw", .product(name: "RxGtk", package: "RxGtk"), .product(name: "RxSwift", package: openRx),
                .product(name: "RxCocoa", package: openRx),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
