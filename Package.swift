// swift-tools-version: 6.1
import Foundation
import PackageDescription

let package = Package(
    name: "Switchyard",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardUI", targets: ["SwitchyardUI"]),
        .library(name: "SwitchyardServer", targets: ["SwitchyardServer"]),
        .executable(name: "switchyard", targets: ["SwitchyardCLI"]),
        // `switchyard serve`: a product of its own, so that `switchyard` builds without Hummingbird.
        .executable(name: "switchyard-serve", targets: ["SwitchyardServe"]),
        // `switchyard verify-site`: a product of its own, so that `switchyard` builds without an HTTP client.
        .executable(name: "switchyard-verify-site", targets: ["SwitchyardVerifySite"]),
        // A site of short links with its store and admin API: a product of its own, for the same reason.
        .executable(name: "switchyard-link-site", targets: ["SwitchyardLinkSiteTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // For SwitchyardServer only; its default traits (swift-configuration, full Foundation) are not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        // Hummingbird's own transport; the server tests speak raw HTTP/1.1 through it, hostile bytes included.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Hummingbird runs on it already; the explorer's file watcher is one of its services.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // For `switchyard verify-site` only: HTTPS with no redirect followed, bounded in time and size.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The client's TLS; `--ca-file` adds a trust root to it. The tests' fixture sites serve TLS with it too.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        // For the link site's store only: one set of SQL statements on an SQLite file or a PostgreSQL server.
        .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit", from: "2.17.0"),
        // The link site's admin tokens are stored as their SHA-256. postgres-nio depends on it already.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.0"..<"5.0.0"),
    ],
    targets: [
        .target(name: "Switchyard", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The web side of a route file: the association files that let universal links open the app, their rules
        // and sample links, and web fallbacks. The tool, the server and the site check use it; apps do not.
        .target(name: "SwitchyardWebLinks", dependencies: ["Switchyard"]),
        // The tool's target is not named `switchyard`: on a case-insensitive file system its folder would
        // collide with the library's. The product, and so `swift run switchyard`, keeps the name.
        .executableTarget(
            name: "SwitchyardCLI",
            dependencies: [
                "Switchyard", "SwitchyardWebLinks", "SwitchyardReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the tool and the explorer share: `route --json`, `routes --json`, aligned columns, exit codes.
        .target(
            name: "SwitchyardReports",
            dependencies: ["Switchyard", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // SwiftUI and UIKit glue for apps; its sources are for Apple platforms, and an empty module elsewhere.
        .target(name: "SwitchyardUI", dependencies: ["Switchyard"]),
        // What a Hummingbird site adds to serve its association files and universal-link pages. The core library
        // and the tool do not depend on it, so they build without Hummingbird.
        .target(
            name: "SwitchyardServer",
            dependencies: [
                "Switchyard", "SwitchyardWebLinks", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The route explorer and test-link page that `switchyard serve` runs.
        .target(
            name: "SwitchyardExplorer",
            dependencies: [
                "SwitchyardServer", "SwitchyardReports", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "SwitchyardServe",
            dependencies: [
                "SwitchyardExplorer", "SwitchyardReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the test targets that run web servers share; only tests depend on it.
        .target(
            name: "SwitchyardTestSupport",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Tests/SwitchyardTestSupport"
        ),
        // What `switchyard verify-site` checks: a live site's association files against a route file's.
        .target(
            name: "SwitchyardSiteCheck",
            dependencies: [
                "Switchyard", "SwitchyardWebLinks", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "SwitchyardVerifySite",
            dependencies: [
                "SwitchyardSiteCheck", "SwitchyardReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The link site's store: short links and their clicks in SQLite or PostgreSQL, with versioned migrations.
        .target(
            name: "SwitchyardLinkStore",
            dependencies: [
                "Switchyard", "SwitchyardWebLinks", .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
            ]
        ),
        // The link site: short links served from the store, their JSON API, and the route file's universal links.
        .target(
            name: "SwitchyardLinkSite",
            dependencies: [
                "Switchyard", "SwitchyardWebLinks", "SwitchyardServer", "SwitchyardLinkStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "SwitchyardLinkSiteTool",
            dependencies: [
                "SwitchyardLinkSite", "SwitchyardLinkStore", "SwitchyardReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // `links`: the admin API's client.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SwitchyardTests",
            dependencies: ["Switchyard", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "SwitchyardWebLinksTests",
            dependencies: ["SwitchyardWebLinks", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // `Golden` holds the files a command must write, read through the test file's path.
        .testTarget(
            name: "SwitchyardServerTests",
            dependencies: [
                "SwitchyardServer", "SwitchyardExplorer", "SwitchyardWebLinks", "SwitchyardTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Against a real SQLite file, and a real PostgreSQL server when SWITCHYARD_TEST_POSTGRES names one (.ci/run
        // starts a throwaway cluster on loopback and sets it).
        .testTarget(
            name: "SwitchyardLinkStoreTests",
            dependencies: [
                "SwitchyardLinkStore", "SwitchyardWebLinks", .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
            ]
        ),
        .testTarget(
            name: "SwitchyardLinkSiteTests",
            dependencies: [
                "SwitchyardLinkSite", "SwitchyardLinkStore", "SwitchyardServer", "SwitchyardWebLinks",
                "SwitchyardTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "SwitchyardCLITests", dependencies: ["SwitchyardCLI"], exclude: ["Golden"]),
        // Fixture sites over TLS on loopback, each breaking one thing, and the built `switchyard-verify-site`.
        .testTarget(
            name: "SwitchyardSiteCheckTests",
            dependencies: [
                "SwitchyardSiteCheck", "SwitchyardVerifySite", "SwitchyardServer", "SwitchyardWebLinks",
                "SwitchyardTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The runs under ThreadSanitizer and AddressSanitizer build every target again with instrumentation. They leave out
// the targets that are mostly other packages' code: TLS (the site check) and the SQL drivers (the store). Their own
// concurrency and memory use are covered by the plain run; ours above them is covered here.
// SWITCHYARD_SANITIZER_SUBSET=1 swift test --sanitize=thread
if ProcessInfo.processInfo.environment["SWITCHYARD_SANITIZER_SUBSET"] != nil {
    let leftOut: Set<String> = [
        "SwitchyardSiteCheck", "SwitchyardVerifySite", "SwitchyardSiteCheckTests", "SwitchyardLinkStore",
        "SwitchyardLinkStoreTests", "SwitchyardLinkSite", "SwitchyardLinkSiteTool", "SwitchyardLinkSiteTests",
    ]
    package.targets.removeAll { leftOut.contains($0.name) }
    package.products.removeAll { $0.name == "switchyard-verify-site" || $0.name == "switchyard-link-site" }
    // The tool's test of `verify-site` needs the verifier beside the tool.
    for target in package.targets where target.name == "SwitchyardCLITests" {
        target.swiftSettings = [.define("SWITCHYARD_SANITIZER_SUBSET")]
    }
}

// The documentation plugin is declared only when asked for, so users of the library never fetch it:
// SWITCHYARD_DOCS=1 swift package generate-documentation --target Switchyard --warnings-as-errors
if ProcessInfo.processInfo.environment["SWITCHYARD_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
