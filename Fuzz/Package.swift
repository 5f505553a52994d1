// swift-tools-version: 6.1
// Fuzz targets for Switchyard, kept out of the main package so that its normal builds never need libFuzzer.
// Build and run them with Fuzz/run (see Fuzz/README.md).
import PackageDescription

let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "SwitchyardFuzz",
    dependencies: [.package(name: "Switchyard", path: "..")],
    targets: [
        .target(name: "FuzzChecks", dependencies: [.product(name: "Switchyard", package: "Switchyard")]),
        .executableTarget(name: "FuzzSplitter", dependencies: ["FuzzChecks"], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzPattern", dependencies: ["FuzzChecks"], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzMatcher", dependencies: ["FuzzChecks"], swiftSettings: fuzzFlags),
        .executableTarget(name: "FuzzReverse", dependencies: ["FuzzChecks"], swiftSettings: fuzzFlags),
    ],
    swiftLanguageModes: [.v6]
)
