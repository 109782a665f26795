// swift-tools-version:6.1
// scenelog's throughput benchmarks (ordo-one/benchmark) and corpus generator, kept apart from the
// main package so that its dependency graph stays small. See Benchmarks/README.md.
import PackageDescription

let package = Package(
    name: "SceneLogBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "SceneLog", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/ordo-one/malloc-interposer", exact: "1.6.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "BenchmarkCorpus",
            dependencies: [.product(name: "SceneLogCore", package: "SceneLog")]
        ),
        .executableTarget(
            name: "scenelog-bench",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ScanThroughput",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "SceneLogCore", package: "SceneLog"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Benchmarks/ScanThroughput",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
