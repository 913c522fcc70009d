// swift-tools-version: 6.0
import Foundation
import PackageDescription

// RxGtk, for your own package: GTK 4 widgets with RxCocoa's traits, on Linux.
//
//     dependencies: [
//         .package(path: "../openrx"),         // a clone of OpenRx
//         .package(path: "../openrx/RxGtk"),   // this folder
//     ],
//     …
//     .product(name: "RxGtk", package: "RxGtk"),
//
// It needs GTK 4's development files (`apt-get install libgtk-4-dev`) and nothing else. Its
// sources are OpenRx's (`Sources/RxGtk` and `Sources/CGtk`, linked): it is a package of its own
// so that packages that use only RxSwift never read GTK's pkg-config file (SwiftPM warns
// "prohibited flag(s): -pthread" about it in every build of a package that declares GTK).

/// OpenRx, the folder above: SwiftPM names a path dependency after its folder.
let openRx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "RxGtk",
    platforms: [.macOS(.v15)],
    products: [.library(name: "RxGtk", targets: ["RxGtk"])],
    dependencies: [.package(path: "..")],
    targets: [
        // Without GTK, SwiftPM says which package to install, and so does the C module's one error.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"]), .brew(["gtk4"])]),
        .target(
            name: "RxGtk",
            dependencies: [
                "CGtk", .product(name: "RxSwift", package: openRx), .product(name: "RxCocoa", package: openRx),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
