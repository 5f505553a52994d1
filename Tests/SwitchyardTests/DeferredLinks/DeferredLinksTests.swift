import Foundation
import Switchyard
import Testing

/// A site that answers every redemption with one scripted answer (`nil`: it cannot be reached), and keeps what it was
/// sent.
private final class ScriptedClaimSite: ClaimTransport, @unchecked Sendable {
    // Safe: every access holds `lock`.
    private let lock = NSLock()
    private let answer: (status: Int, body: String)?
    private var sent: [(address: String, json: String)] = []

    init(_ answer: (status: Int, body: String)?) {
        self.answer = answer
    }

    var requests: [(address: String, json: String)] { lock.withLock { sent } }

    func post(_ address: String, json: [UInt8]) async throws -> (status: Int, body: [UInt8]) {
        lock.withLock { sent.append((address, String(decoding: json, as: UTF8.self))) }
        guard let answer else { throw URLError(.notConnectedToInternet) }
        return (answer.status, Array(answer.body.utf8))
    }
}

/// The iOS flow's decisions, on Linux: what a pasted claim link must be, what the site's answers mean, and that a
/// redeemed target is routed with the origin `deferred`, so the routes' origin rules apply.
@Suite("Deferred deep links in the app")
struct DeferredLinksTests {
    static let token = "q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8RfG"

    private static func redeemed(_ target: String) -> (status: Int, body: String) {
        (200, #"{"slug": "xmas", "target": "\#(target)", "token": "\#(token)"}"#)
    }

    private static func deferredLinks(
        _ site: ScriptedClaimSite, router: Router? = nil, platform: DeferredLinks.Platform = .ios
    ) throws -> DeferredLinks {
        let router =
            try router
            ?? {
                let router = Router()
                try router.add("/product/:id", in: .scheme("myapp"))
                return router
            }()
        return DeferredLinks(
            site: try ShortLinkSite(host: "go.example.com", prefix: "/s"), router: router,
            webHosts: ["shop.example.com"], platform: platform, transport: site)
    }

    @Test func aPastedClaimLinkIsRedeemedOnceAndItsTargetRoutedWithTheOriginDeferred() async throws {
        let seen = Recorder<String>()
        let router = Router()
        try router.map("/product/:id", in: .scheme("myapp")) { request in
            seen.append("\(request.parameters["id"] ?? "?") from \(request.origin?.name ?? "nowhere")")
        }
        let site = ScriptedClaimSite(Self.redeemed("myapp://product/1988"))
        let opening = try await Self.deferredLinks(site, router: router).open(
            "  https://go.example.com/c/\(Self.token)\n")
        guard case .routed(let outcome) = opening else {
            Issue.record("expected the target routed, got \(opening)")
            return
        }
        #expect(outcome.status == .handled)
        #expect(seen.all == ["1988 from deferred"])
        #expect(site.requests.map(\.address) == ["https://go.example.com/api/claims/redeem"])
        #expect(site.requests.map(\.json) == [#"{"platform":"ios","token":"\#(Self.token)"}"#])
    }

    @Test func aRouteThatRefusesTheOriginDeferredRunsNothing() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/settings/delete", in: .scheme("myapp"), access: RouteAccess(origins: [.inApp])) { _ in
            ran.append("deleted")
        }
        let site = ScriptedClaimSite(Self.redeemed("myapp://settings/delete"))
        let opening = try await Self.deferredLinks(site, router: router).open("https://go.example.com/c/\(Self.token)")
        guard case .routed(let outcome) = opening else {
            Issue.record("expected a routing outcome, got \(opening)")
            return
        }
        #expect(outcome.status == .originRefused)
        #expect(ran.all.isEmpty)
    }

    @Test func aWebTargetOnANamedHostIsForTheBrowser() async throws {
        let site = ScriptedClaimSite(Self.redeemed("https://shop.example.com/xmas"))
        let opening = try await Self.deferredLinks(site).open("https://go.example.com/c/\(Self.token)")
        guard case .web(let link) = opening else {
            Issue.record("expected a web link, got \(opening)")
            return
        }
        #expect(link == "https://shop.example.com/xmas")
    }

    @Test func androidAsksForItsOwnPlatformsTarget() async throws {
        let site = ScriptedClaimSite(Self.redeemed("myapp://product/1"))
        _ = try await Self.deferredLinks(site, platform: .android).redeem(try ClaimToken(Self.token))
        #expect(site.requests.map(\.json) == [#"{"platform":"android","token":"\#(Self.token)"}"#])
    }

    static let notOurs: [(name: String, pasted: String, code: DeferredLinkError.Code)] = [
        ("another host", "https://evil.example.com/c/\(token)", .notClaimLink),
        ("a look-alike host", "https://go.example.com.evil.example/c/\(token)", .notClaimLink),
        ("plain http", "http://go.example.com/c/\(token)", .notClaimLink),
        ("a short link, not a claim", "https://go.example.com/s/xmas", .notClaimLink),
        ("a claim under the prefix", "https://go.example.com/s/c/\(token)", .notClaimLink),
        ("text, not a link", "meet me at noon", .notClaimLink),
        ("empty", "", .notClaimLink),
        ("a megabyte", "https://go.example.com/c/" + String(repeating: "a", count: 1_000_000), .notClaimLink),
        ("a short token", "https://go.example.com/c/abc", .invalidToken),
        ("a token too long", "https://go.example.com/c/\(token)A", .invalidToken),
        ("a token with a dot", "https://go.example.com/c/q4ZtD0bXw7Lm.2Hk9sPa_x1Yc3Nv8RfG", .invalidToken),
        ("a non-ASCII token", "https://go.example.com/c/q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8Rfé", .invalidToken),
        ("SQL in the token", "https://go.example.com/c/'%20OR%201=1--aaaaaaaaaaaaaaaaaaa", .invalidToken),
    ]

    @Test(arguments: notOurs)
    func aPastedTextThatIsNoClaimOfTheSiteIsRefusedBeforeAnythingIsSent(
        _ row: (name: String, pasted: String, code: DeferredLinkError.Code)
    ) async throws {
        let site = ScriptedClaimSite(Self.redeemed("myapp://product/1"))
        await #expect(throws: DeferredLinkError.self, "\(row.name)") {
            do {
                _ = try await Self.deferredLinks(site).open(row.pasted)
            } catch let error as DeferredLinkError {
                #expect(error.code == row.code, "\(row.name)")
                throw error
            }
        }
        #expect(site.requests.isEmpty, "\(row.name)")
    }

    static let answers: [(name: String, answer: (status: Int, body: String)?, code: DeferredLinkError.Code)] = [
        ("no such claim", (404, #"{"error": {"code": "unknownClaim", "message": "-"}}"#), .unknownClaim),
        ("redeemed before", (409, #"{"error": {"code": "alreadyRedeemed", "message": "-"}}"#), .alreadyRedeemed),
        ("an expired claim", (410, #"{"error": {"code": "expired", "message": "-"}}"#), .expired),
        ("a deleted link", (410, #"{"error": {"code": "linkGone", "message": "-"}}"#), .linkGone),
        ("offline", nil, .offline),
        ("the store away", (503, #"{"error": {"code": "unavailable", "message": "-"}}"#), .offline),
        ("rate-limited", (429, "{}"), .offline),
        ("a teapot", (418, "{}"), .invalidResponse),
        ("not JSON", (200, "<html>"), .invalidResponse),
        ("a bad slug", (200, #"{"slug": "../x", "target": "myapp://product/1"}"#), .invalidResponse),
        ("another app's scheme", redeemed("otherapp://wipe"), .untrustedTarget),
        ("a script", redeemed("javascript:alert(1)"), .untrustedTarget),
        ("a web host nobody named", redeemed("https://evil.example.com/"), .untrustedTarget),
    ]

    @Test(arguments: answers)
    func theSitesAnswerIsATypedErrorAndRoutesNothing(
        _ row: (name: String, answer: (status: Int, body: String)?, code: DeferredLinkError.Code)
    ) async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/product/:id", in: .scheme("myapp")) { _ in ran.append("routed") }
        let deferred = try Self.deferredLinks(ScriptedClaimSite(row.answer), router: router)
        await #expect(throws: DeferredLinkError.self, "\(row.name)") {
            do {
                _ = try await deferred.open("https://go.example.com/c/\(Self.token)")
            } catch let error as DeferredLinkError {
                #expect(error.code == row.code, "\(row.name)")
                throw error
            }
        }
        #expect(ran.all.isEmpty, "\(row.name)")
    }

    static let offers: [(isFirstLaunch: Bool, mayHoldWebURL: Bool?, offered: Bool)] = [
        (true, true, true), (true, nil, true), (true, false, false), (false, true, false), (false, nil, false),
    ]

    @Test(arguments: offers)
    func thePasteControlIsOfferedOnTheFirstLaunchUnlessTheClipboardHoldsNoWebLink(
        _ row: (isFirstLaunch: Bool, mayHoldWebURL: Bool?, offered: Bool)
    ) {
        #expect(
            DeferredLinks.shouldOfferPaste(isFirstLaunch: row.isFirstLaunch, clipboardMayHoldWebURL: row.mayHoldWebURL)
                == row.offered)
    }

    @Test func aClaimLinkIsMadeAndReadBackBySite() throws {
        let site = try ShortLinkSite(host: "Go.Example.com", prefix: "/s")
        let token = try ClaimToken(Self.token)
        #expect(site.claimLink(for: token) == "https://go.example.com/c/\(Self.token)")
        #expect(try site.claimToken(of: site.claimLink(for: token)) == token)
        #expect(site.redeemAddress == "https://go.example.com/api/claims/redeem")
        #expect(throws: ShortLinkError.self) { try site.slug(of: "https://go.example.com/c/\(Self.token)") }
    }

    @Test func aSiteCannotPutItsShortLinksWhereClaimsLive() {
        #expect(throws: ShortLinkError.self) { try ShortLinkSite(host: "go.example.com", prefix: "/c") }
    }

    @Test(arguments: 0..<20)
    func aTokenWritesItsBytesAndReadsThemBack(_ seed: Int) throws {
        let bytes = (0..<24).map { UInt8(truncatingIfNeeded: ($0 * 37 + seed * 101) ^ (seed << 3)) }
        let token = ClaimToken(bytes: bytes)
        #expect(token.text.utf8.count == ClaimToken.length)
        #expect(try ClaimToken(token.text) == token)
        #expect(token.bytes == bytes)
    }
}
