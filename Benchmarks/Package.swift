// swift-tools-version: 6.1
// Benchmarks for Switchyard, in a package of their own so that users never download benchmark tools.
// Run from this folder: swift package benchmark   (see README.md)
import PackageDescription

let package = Package(
    name: "SwitchyardBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        // Peers measured in the same run, on the same inputs.
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        // ServerLoad's floor of a handler that waits once for blocking work: NIO's thread pool.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    ],
    targets: [
        .target(name: "BenchmarkTables", path: "Benchmarks/BenchmarkTables"),
        .executableTarget(
            name: "RoutingBenchmarks",
            dependencies: [
                "BenchmarkTables",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Benchmarks/RoutingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // QR codes made a second (QR/run.sh, beside zxing-cpp's encoder).
        .executableTarget(
            name: "QRBenchmarks",
            dependencies: [
                .product(name: "SwitchyardQR", package: "Switchyard"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/QRBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The universal-link server under load (Server/run.sh), beside a plain Hummingbird handler.
        .executableTarget(
            name: "ServerLoad",
            dependencies: [
                .product(name: "SwitchyardServer", package: "Switchyard"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Server/ServerLoad"
        ),
        // Allocation counts, checked against Thresholds/ by .ci/run; it builds without the peers.
        .executableTarget(
            name: "AllocationChecks",
            dependencies: [
                "BenchmarkTables",
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AllocationChecks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
