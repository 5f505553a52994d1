import Switchyard
import Testing

/// Hostile input by category (issue: hostile input). Many categories are covered row by row in RejectionTests,
/// EncodingTests and HostTests; these are the rest.
@Suite("Adversarial input")
struct AdversarialTests {
    @Test func queryCannotPolluteRouteParameters() throws {
        let router = try Router(["/product/:product_id"])
        for input in [
            "app://product/42?product_id=99", "app://product/42?%70roduct_id=99",
            "app://product/42?product_id=99&product_id=1",
            "app://product/42?product%5Fid=99",
        ] {
            let match = try #require(try router.match(input))
            #expect(match.parameters == ["product_id": "42"])
            #expect(match.mergedParameters["product_id"] == "42")
        }
    }

    static let hosts: [(String, Outcome)] = [
        ("https://example.com%40evil.com/a", .rejected(.invalidHost)),
        ("https://e\u{301}xample.com/a", .rejected(.invalidHost)),
        ("https://EXAMPLE.com/a", .hit(Hit("/a"))),
        ("https://example.com:443/a", .hit(Hit("/a"))),
        ("https://example%2Ecom/a", .hit(Hit("/a"))),
        ("https://exa%00mple.com/a", .rejected(.controlCharacter)),
        ("https://example.com\\@evil.com/a", .rejected(.userinfo)),
    ]

    @Test("host tricks against an allowed host", arguments: hosts)
    func hostTricks(input: String, expected: Outcome) throws {
        let router = try Router(["/a"])
        router.updateSettings(for: .global) { $0.allowedHosts = ["example.com"] }
        #expect(router.outcome(input) == expected)
    }

    @Test func canonicallyEquivalentAllowedHostIsAnotherHost() throws {
        let router = try Router(["/a"])
        router.updateSettings(for: .global) {
            $0.allowedHosts = ["éxample.com"]
            $0.allowsUnicodeHostNames = true
        }
        #expect(router.outcome("https://%C3%A9xample.com/a") == .hit(Hit("/a")))
        #expect(router.outcome("https://e%CC%81xample.com/a") == .rejected(.hostNotAllowed))
    }

    @Test func patternsThatWouldBlowUpARegexRouterMatchLinearly() throws {
        // `a-a-a-…` against nested quantifiers is catastrophic for backtracking regexes; here a pattern is a trie
        // path, and each component is compared once per node.
        let router = Router()
        let long = Array(repeating: "a", count: 40).joined(separator: "-")
        try router.add("/\(long)/x")
        for depth in 1...30 {
            try router.add(
                "/" + Array(repeating: ":p", count: depth).enumerated().map { ":p\($0.offset)" }.joined(separator: "/")
                    + "/end")
        }
        #expect(router.outcome("app:///\(long)/x") == .hit(Hit("/\(long)/x")))
        #expect(router.outcome("app:///\(long)-a/x") == .noMatch)
        let thirty = Array(repeating: "a", count: 30).joined(separator: "/")
        #expect(try router.match("app:///\(thirty)/end")?.parameters.count == 30)
        #expect(router.outcome("app:///\(thirty)/nope") == .noMatch)
    }

    @Test func fragmentParametersStayInTheFragmentWhenRoutingIsOff() throws {
        let router = try Router(["/a/:x"])
        let match = try #require(try router.match("app://a/1#x=2&y=3"))
        #expect(match.parameters == ["x": "1"])
        #expect(Array(match.link.query).isEmpty)
        #expect(match.link.fragment == "x=2&y=3")
    }

    @Test(
        "CRLF injection is refused everywhere",
        arguments: ["app://a/x%0D%0AHeader:1", "app://a/x?q=1%0d%0aSet-Cookie:a", "app://a/x#%0A", "app://a\r\n/x"])
    func crlfIsRefused(input: String) throws {
        #expect(try Router(["/a/:x"]).outcome(input) == .rejected(.controlCharacter))
    }

    @Test func hugeSingleComponentsAndManyItemsAreRejectedByTheirLimit() throws {
        var options = RouterOptions()
        options.limits.maxInputLength = 1_100_000
        let router = try Router(["/*"], options: options)
        #expect(rejection("app:///" + String(repeating: "%41", count: 300_000), router)?.code == .valueTooLong)
        #expect(rejection("app:///a?" + String(repeating: "&", count: 500_000) + "=x", router) == nil)
        #expect(rejection("app:///" + String(repeating: "a/", count: 500_000), router)?.code == .tooManyComponents)
    }
}
