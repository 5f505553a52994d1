import Foundation
import Switchyard
import Testing

/// A site that answers from a table, and counts what it was asked; `nil` for a slug means it cannot be reached.
private final class ScriptedSite: ShortLinkTransport, @unchecked Sendable {
    // Safe: every access holds `lock`.
    private let lock = NSLock()
    private var answers: [String: (status: Int, body: String)?]
    private var asked: [String] = []

    init(_ answers: [String: (status: Int, body: String)?]) {
        self.answers = answers
    }

    var requests: [String] { lock.withLock { asked } }

    func answer(_ slug: String, _ answer: (status: Int, body: String)?) {
        lock.withLock { answers[slug] = answer }
    }

    func get(_ address: String) async throws -> (status: Int, body: [UInt8]) {
        let slug = String(address.split(separator: "/").last ?? "")
        let answer = lock.withLock {
            asked.append(address)
            return answers[slug]
        }
        guard let answer, let answer else { throw URLError(.notConnectedToInternet) }
        return (answer.status, Array(answer.body.utf8))
    }
}

/// A clock the test moves by hand.
private final class ManualClock: @unchecked Sendable {
    // Safe: every access holds `lock`.
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private var offset = Duration.zero

    var now: ContinuousClock.Instant { lock.withLock { start + offset } }

    func advance(by duration: Duration) { lock.withLock { offset += duration } }
}

@Suite("Resolving short links in the app")
struct ShortLinkResolverTests {
    private static func target(_ link: String) -> (status: Int, body: String) {
        (200, #"{"slug": "x", "target": "\#(link)"}"#)
    }

    private static func resolver(
        _ site: ScriptedSite, clock: ManualClock = ManualClock(), capacity: Int = 256
    ) throws -> ShortLinkResolver {
        let router = Router()
        try router.add("/product/:id", in: .scheme("myapp"))
        return ShortLinkResolver(
            site: try ShortLinkSite(host: "go.example.com", prefix: "/s"), router: router,
            webHosts: ["shop.example.com"], transport: site, capacity: capacity, timeToLive: .seconds(60),
            now: { clock.now })
    }

    /// A resolver whose site answers `x` with `myapp://product/1`, asked for `x` once.
    private static func resolvedOnce() async throws -> (ScriptedSite, ManualClock, ShortLinkResolver) {
        let site = ScriptedSite(["x": Self.target("myapp://product/1")])
        let clock = ManualClock()
        let resolver = try Self.resolver(site, clock: clock)
        _ = try await resolver.resolve("https://go.example.com/s/x")
        return (site, clock, resolver)
    }

    @Test func aShortLinkResolvesToATargetTheAppRoutes() async throws {
        let site = ScriptedSite(["spring": Self.target("myapp://product/1988")])
        let target = try await Self.resolver(site).resolve("https://go.example.com/s/spring?utm_source=mail")
        #expect(target.link == "myapp://product/1988")
        #expect(target.opensInApp)
        #expect(!target.isStale)
        #expect(site.requests == ["https://go.example.com/api/links/spring"])
    }

    @Test func aWebTargetOnANamedHostIsForTheBrowser() async throws {
        let site = ScriptedSite(["blog": Self.target("https://shop.example.com/blog/spring")])
        let target = try await Self.resolver(site).resolve("https://go.example.com/s/blog")
        #expect(target.link == "https://shop.example.com/blog/spring")
        #expect(!target.opensInApp)
    }

    static let untrusted = [
        "javascript:alert(1)", "https://evil.example.com/login", "otherapp://product/1", "myapp://nowhere/1",
        "http://shop.example.com/blog", "data:text/html,<script>alert(1)</script>",
        "https://shop.example.com.evil.com/",
        "myapp://product/1\r\nSet-Cookie: a=b",
    ]

    @Test("a target that the app does not route and that is on no named host is never followed", arguments: untrusted)
    func refusesUntrustedTargets(link: String) async throws {
        let body = String(decoding: try JSONEncoder().encode(["target": link]), as: UTF8.self)
        let resolver = try Self.resolver(ScriptedSite(["x": (200, body)]))
        let error = await #expect(throws: ShortLinkError.self) {
            try await resolver.resolve("https://go.example.com/s/x")
        }
        #expect(error?.code == .untrustedTarget)
    }

    static let answers: [(status: Int, body: String, code: String)] = [
        (404, "", "unknownSlug"),
        (410, "", "gone"),
        (200, "not json", "invalidResponse"),
        (200, #"{"target": 7}"#, "invalidResponse"),
        (200, #"["myapp://product/1"]"#, "invalidResponse"),
        (
            200, #"{"target": "myapp://product/1", "pad": ""# + String(repeating: "a", count: 70_000) + #""}"#,
            "invalidResponse"
        ),
        (200, String(repeating: "[", count: 100_000), "invalidResponse"),
        (302, "", "invalidResponse"),
        (403, "", "invalidResponse"),
        (503, "", "offline"),
    ]

    @Test("each answer of the site that is not a target is a typed error", arguments: answers)
    func answersThatAreNotTargets(status: Int, body: String, code: String) async throws {
        let resolver = try Self.resolver(ScriptedSite(["x": (status, body)]))
        let error = await #expect(throws: ShortLinkError.self) {
            try await resolver.resolve("https://go.example.com/s/x")
        }
        #expect(error?.code.name == code)
    }

    @Test func aLinkThatIsNotTheSitesShortLinkAsksNothing() async throws {
        let site = ScriptedSite([:])
        let resolver = try Self.resolver(site)
        for link in ["https://shop.example.com/s/x", "https://go.example.com/s/a%2Fb", "myapp://product/1"] {
            let error = await #expect(throws: ShortLinkError.self) { try await resolver.resolve(link) }
            #expect([.notShortLink, .invalidSlug].contains(error?.code))
        }
        #expect(site.requests.isEmpty)
    }

    @Test func answersAreCachedForTheirTimeToLiveThenAskedAgain() async throws {
        let (site, clock, resolver) = try await Self.resolvedOnce()
        clock.advance(by: .seconds(59))
        site.answer("x", Self.target("myapp://product/2"))
        #expect(try await resolver.resolve("https://go.example.com/s/x").link == "myapp://product/1")
        #expect(site.requests.count == 1)
        clock.advance(by: .seconds(2))
        #expect(try await resolver.resolve("https://go.example.com/s/x").link == "myapp://product/2")
        #expect(site.requests.count == 2)
    }

    @Test func offlineTheLastAnswerIsUsedMarkedStaleAndWithoutOneTheErrorIsOffline() async throws {
        let (site, clock, resolver) = try await Self.resolvedOnce()
        clock.advance(by: .seconds(3_600))
        site.answer("x", nil)
        let stale = try await resolver.resolve("https://go.example.com/s/x")
        #expect(stale.link == "myapp://product/1")
        #expect(stale.isStale)
        let error = await #expect(throws: ShortLinkError.self) {
            try await resolver.resolve("https://go.example.com/s/y")
        }
        #expect(error?.code == .offline)
    }

    @Test func aLinkThatIsGoneIsForgotten() async throws {
        let (site, clock, resolver) = try await Self.resolvedOnce()
        clock.advance(by: .seconds(61))
        site.answer("x", (410, ""))
        await #expect(throws: ShortLinkError.self) { try await resolver.resolve("https://go.example.com/s/x") }
        site.answer("x", nil)
        let error = await #expect(throws: ShortLinkError.self) {
            try await resolver.resolve("https://go.example.com/s/x")
        }
        #expect(error?.code == .offline, "no stale answer survives a 410")
    }

    @Test func theCacheKeepsAtMostItsCapacityForgettingTheOldestFirst() async throws {
        let site = ScriptedSite([
            "a": Self.target("myapp://product/1"), "b": Self.target("myapp://product/2"),
            "c": Self.target("myapp://product/3"),
        ])
        let clock = ManualClock()
        let resolver = try Self.resolver(site, clock: clock, capacity: 2)
        for slug in ["a", "b", "c"] {
            _ = try await resolver.resolve("https://go.example.com/s/\(slug)")
            clock.advance(by: .seconds(1))
        }
        _ = try await resolver.resolve("https://go.example.com/s/c")
        _ = try await resolver.resolve("https://go.example.com/s/b")
        #expect(site.requests.count == 3)
        _ = try await resolver.resolve("https://go.example.com/s/a")
        #expect(site.requests.count == 4, "the oldest answer, a's, was forgotten")
    }

    @Test func manyTasksResolveAtOnce() async throws {
        let site = ScriptedSite(
            Dictionary(uniqueKeysWithValues: (0..<50).map { ("s\($0)", Self.target("myapp://product/\($0)")) }))
        let resolver = try Self.resolver(site, capacity: 10)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for round in 0..<400 {
                group.addTask {
                    let index = round % 50
                    return try await resolver.resolve("https://go.example.com/s/s\(index)").link
                        == "myapp://product/\(index)"
                }
            }
            for try await correct in group { #expect(correct) }
        }
    }
}
