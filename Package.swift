// swift-tools-version: 6.1
import Foundation
import PackageDescription

let package = Package(
    name: "Switchyard",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .executable(name: "switchyard", targets: ["SwitchyardCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Switchyard", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The tool's target is not named `switchyard`: on a case-insensitive file system its folder would
        // collide with the library's. The product, and so `swift run switchyard`, keeps the name.
        .executableTarget(
            name: "SwitchyardCLI",
            dependencies: ["Switchyard", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "SwitchyardTests",
            dependencies: ["Switchyard", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // `Golden` holds the files a command must write, read through the test file's path.
        .testTarget(name: "SwitchyardCLITests", dependencies: ["SwitchyardCLI"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)

// The documentation plugin is declared only when asked for, so users of the library never fetch it:
// SWITCHYARD_DOCS=1 swift package generate-documentation --target Switchyard --warnings-as-errors
if ProcessInfo.processInfo.environment["SWITCHYARD_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
