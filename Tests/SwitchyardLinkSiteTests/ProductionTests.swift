import Foundation
import Logging
import Switchyard
import SwitchyardServer
import Testing

@testable import SwitchyardLinkSite

/// What an operator relies on in production, over HTTP on loopback: the client's address from a trusted proxy and
/// from no one else, and the health probes.
struct ProductionTests {
    /// One admin request every 20 seconds per address: the second at once is refused, however slow the machine.
    static let strict = APILimits(perToken: 1_000, perAddress: 0.05)

    @Test func aTrustedProxyGivesEachClientItsOwnLimit() async throws {
        let proxies = TrustedProxies(ranges: [try IPRange("127.0.0.1")], header: .xForwardedFor)
        try await LinkSiteFixture.with(limits: Self.strict, proxies: proxies) { site in
            func list(from address: String, forwardedFor: String) async -> Int {
                await site.request(
                    "GET", "/api/admin/links",
                    headers: ["Authorization: Bearer \(site.token)", "X-Forwarded-For: \(forwardedFor)"],
                    address: address
                ).status
            }
            #expect(await list(from: "127.0.0.1", forwardedFor: "198.51.100.1") == 200)
            #expect(await list(from: "127.0.0.1", forwardedFor: "198.51.100.1") == 429)
            #expect(await list(from: "127.0.0.1", forwardedFor: "198.51.100.2") == 200, "another client, another limit")
            // An address that is no proxy's is its own client, whatever it says.
            #expect(await list(from: "127.0.0.2", forwardedFor: "198.51.100.3") == 200)
            #expect(await list(from: "127.0.0.2", forwardedFor: "198.51.100.4") == 429)
        }
    }

    @Test func withoutATrustedProxyTheHeaderChoosesNoAddress() async throws {
        try await LinkSiteFixture.with(limits: Self.strict) { site in
            func list(forwardedFor: String) async -> Int {
                await site.request(
                    "GET", "/api/admin/links",
                    headers: ["Authorization: Bearer \(site.token)", "X-Forwarded-For: \(forwardedFor)"],
                    address: "127.0.0.3"
                ).status
            }
            #expect(await list(forwardedFor: "198.51.100.1") == 200)
            #expect(await list(forwardedFor: "198.51.100.2") == 429)
        }
    }

    @Test func theProbesAnswerWithoutATokenAndOutsideTheLimits() async throws {
        try await LinkSiteFixture.with(limits: Self.strict) { site in
            for _ in 0..<5 {
                let health = await site.request("GET", "/healthz", address: "127.0.0.4")
                #expect(health.status == 200 && health.text == "ok\n")
                #expect(health.header("Cache-Control") == "no-store")
                let ready = await site.request("GET", "/readyz", address: "127.0.0.4")
                #expect(ready.status == 200 && ready.text == "ready\n")
            }
            #expect(await site.request("HEAD", "/readyz").status == 200)
            let post = await site.request("POST", "/healthz", body: "")
            #expect(post.status == 405 && post.header("Allow") == "GET")
        }
    }

    @Test func readinessFailsWhenTheStoreIsGone() async throws {
        try await LinkSiteFixture.with { site in
            await site.store.close()
            let ready = await site.request("GET", "/readyz")
            #expect(ready.status == 503)
            #expect(ready.text == "not ready: the store does not answer\n", "\(ready.text)")
        }
    }
}

/// The site's log lines: `--log-format json`, each entry one object a log shipper reads without knowing Swift, and
/// `text` (the default), swift-log's layout; both with the metadata the logger holds when the line is written.
struct LineLogTests {
    struct Entry: Decodable, Equatable {
        let label: String
        let level: String
        let message: String
        let metadata: [String: String]
        let time: String
    }

    /// A logger labelled `site` whose lines, in `layout`, are kept in `lines`.
    private static func capture(_ layout: LineLogHandler.Layout, level: Logger.Level) -> (
        logger: Logger, lines: Locked<[String]>
    ) {
        let lines = Locked<[String]>([])
        var logger = Logger(label: "site") { label in
            LineLogHandler(label: label, layout: layout) { line in lines.withLock { $0.append(line) } }
        }
        logger.logLevel = level
        return (logger, lines)
    }

    /// A time in UTC with milliseconds (`2026-11-27T14:39:56.120Z`), not later than now.
    private static func expectTime(_ time: String) throws {
        #expect(
            try Date(time, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)) <= Date())
        #expect(time.hasSuffix("Z") && time.count == 24, "\(time)")
    }

    @Test func eachJSONEntryIsOneLineOfOneObject() throws {
        let (made, lines) = Self.capture(.json, level: .debug)
        var logger = made
        logger[metadataKey: "request"] = "r1"
        logger.warning("two\nlines \"quoted\" </script>", metadata: ["slug": "xmas", "count": .stringConvertible(3)])
        logger.debug("plain")
        logger.trace("below the level")
        let written = lines.withLock { $0 }
        #expect(written.count == 2)
        #expect(written.allSatisfy { $0.hasSuffix("}\n") && $0.dropLast().allSatisfy { $0 != "\n" } })
        let entries = try written.map { try JSONDecoder().decode(Entry.self, from: Data($0.utf8)) }
        #expect(entries.first?.message == "two\nlines \"quoted\" </script>")
        #expect(entries.first?.metadata == ["request": "r1", "slug": "xmas", "count": "3"])
        #expect(entries.map(\.level) == ["warning", "debug"])
        #expect(entries.allSatisfy { $0.label == "site" })
        try Self.expectTime(try #require(entries.first?.time))
    }

    @Test func eachTextEntryIsALineOfTimeLevelLabelMetadataSourceAndMessage() throws {
        let (made, lines) = Self.capture(.text, level: .info)
        var logger = made
        logger[metadataKey: "request"] = "r1"
        logger[metadataKey: "request"] = "r2"
        logger[metadataKey: "gone"] = "soon"
        logger[metadataKey: "gone"] = nil
        logger.warning("clicks wait", metadata: ["slug": "xmas", "count": .stringConvertible(3)])
        logger.debug("below the level")
        let written = lines.withLock { $0 }
        try #require(written.count == 1)
        let line = written[0]
        let time = try #require(line.split(separator: " ").first.map(String.init))
        try Self.expectTime(time)
        #expect(
            line.dropFirst(time.count)
                == " warning site : count=3 request=r2 slug=xmas [SwitchyardLinkSiteTests] clicks wait\n")
    }
}

/// The `class` label of `switchyard_requests_total`: each route the router matched, by its pattern.
struct RequestMetricsTests {
    @Test(arguments: [
        ("/s/{slug}", SiteMetrics.RouteClass.shortLink), ("/c/**", .claimLink),
        ("/.well-known/apple-app-site-association", .associationFile),
        ("/.well-known/assetlinks.json", .associationFile),
        ("/api/links/{slug}", .publicAPI), ("/api/openapi.json", .publicAPI), ("/api/**", .publicAPI),
        ("/api/claims/redeem", .redemption), ("/api/admin/links", .adminAPI), ("/api/admin/links/{slug}", .adminAPI),
        ("/admin/links/{slug}", .statsPage), ("/admin/**", .statsPage), ("/product/{id}", .universalLink),
    ])
    func eachRouteHasItsClass(path: String, routeClass: SiteMetrics.RouteClass) {
        #expect(RequestMetrics.routeClass(of: path, shortLinkPath: "/s/{slug}") == routeClass)
    }

    @Test func unmatchedPathsAreTheUniversalLinksAndTheProbesAreNotCounted() {
        #expect(RequestMetrics.routeClass(of: nil, shortLinkPath: "/s/{slug}") == .universalLink)
        #expect(RequestMetrics.routeClass(of: "NotFound", shortLinkPath: "/s/{slug}") == .universalLink)
        #expect(RequestMetrics.routeClass(of: "/healthz", shortLinkPath: "/s/{slug}") == nil)
        #expect(RequestMetrics.routeClass(of: "/readyz", shortLinkPath: "/s/{slug}") == nil)
        #expect(RequestMetrics.routeClass(of: "/{slug}", shortLinkPath: "/{slug}") == .shortLink)
    }
}
