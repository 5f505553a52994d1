// swift-tools-version:6.0
// A release probe of the lookup alone, for callgrind and for alternating timed runs of two checkouts: it builds
// against the checkout named by LOOKUP_PROBE_ROOT (this one by default). See Benchmarks/README.md, run 36.
import Foundation
import PackageDescription

let root = ProcessInfo.processInfo.environment["LOOKUP_PROBE_ROOT"] ?? "../.."
let package = Package(
    name: "LookupProbe",
    dependencies: [.package(name: "Switchyard", path: root)],
    targets: [
        .executableTarget(name: "LookupProbe", dependencies: [.product(name: "Switchyard", package: "Switchyard")])
    ]
)
