// swift-tools-version: 6.1
import PackageDescription

// OpenRx side by side with OpenCombine, Swift's AsyncSequence stack (AsyncStream and
// swift-async-algorithms) and a hand-written plain-Swift floor, on the same workloads. Run from the repository root: `bash Benchmarks/run.sh`.
let package = Package(
    name: "OpenRxBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "OpenRx", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
    ],
    targets: [
        .target(name: "Floor", path: "Sources/Floor"),
        .target(
            name: "Workloads",
            dependencies: [
                "Floor",
                .product(name: "RxSwift", package: "OpenRx"),
                .product(name: "RxRelay", package: "OpenRx"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            path: "Sources/Workloads"
        ),
        .executableTarget(name: "InstructionProbe", dependencies: ["Workloads"], path: "Sources/InstructionProbe"),
        .executableTarget(
            name: "ScalingProbe",
            dependencies: [
                "Floor", .product(name: "RxSwift", package: "OpenRx"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Sources/ScalingProbe"
        ),
        .executableTarget(
            name: "ContentionProbe",
            dependencies: [
                "Floor", .product(name: "RxSwift", package: "OpenRx"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Sources/ContentionProbe"
        ),
        .executableTarget(
            name: "ThreadsProbe",
            dependencies: [
                .product(name: "RxSwift", package: "OpenRx"), .product(name: "RxRelay", package: "OpenRx"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ],
            path: "Sources/ThreadsProbe"
        ),
        .executableTarget(
            name: "TraceCostProbe", dependencies: [.product(name: "RxSwift", package: "OpenRx")],
            path: "Sources/TraceCostProbe"),
        .executableTarget(
            name: "HeapProbe",
            dependencies: [
                "Floor", .product(name: "RxSwift", package: "OpenRx"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Sources/HeapProbe"
        ),
        .executableTarget(
            name: "OpenRxBenchmarks",
            dependencies: ["Workloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/OpenRxBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
