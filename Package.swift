// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Switchyard",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"])
    ],
    targets: [
        .target(name: "Switchyard"),
        .testTarget(name: "SwitchyardTests", dependencies: ["Switchyard"]),
    ],
    swiftLanguageModes: [.v6]
)
