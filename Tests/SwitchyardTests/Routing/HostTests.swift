import Switchyard
import Testing

/// Host policies and allowed hosts.
@Suite("Hosts")
struct HostTests {
    @Test func automaticPolicyKeepsADottedHostApart() throws {
        let router = try Router(["/sign_in", "/path/:pathid", "/product/:id"])
        #expect(router.outcome("https://www.mydomain.com/sign_in") == .hit(Hit("/sign_in")))
        #expect(router.outcome("https://www.mydomain.com/path/3") == .hit(Hit("/path/:pathid", ["pathid": "3"])))
        let match = try #require(try router.match("https://shop.example.com/product/7"))
        #expect(match.link.host == "shop.example.com")
        #expect(match.link.pathComponents == ["product", "7"])
    }

    @Test func pathComponentPolicyPutsTheHostFirst() throws {
        let router = try Router(["/sign_in", "/www.mydomain2.com/sign_in", "/www.mydomain2.com/path/:pathid"])
        router.updateSettings(for: .global) { $0.hostPolicy = .pathComponent }
        #expect(router.outcome("https://www.mydomain2.com/sign_in") == .hit(Hit("/www.mydomain2.com/sign_in")))
        #expect(
            router.outcome("https://www.mydomain2.com/path/3")
                == .hit(Hit("/www.mydomain2.com/path/:pathid", ["pathid": "3"])))
        let bare = try Router(["/sign_in"])
        bare.updateSettings(for: .global) { $0.hostPolicy = .pathComponent }
        #expect(bare.outcome("https://www.mydomain2.com/sign_in") == .noMatch)
    }

    @Test func inviteHostDependsOnThePolicy() throws {
        let router = Router()
        try router.add("invite.myapp.com/:inviteId", in: .scheme("myapp"))
        #expect(router.outcome("myapp://invite.myapp.com/abc123") == .noMatch)
        router.updateSettings(for: .scheme("myapp")) { $0.hostPolicy = .pathComponent }
        #expect(
            router.outcome("myapp://invite.myapp.com/abc123")
                == .hit(Hit("invite.myapp.com/:inviteId", table: .scheme("myapp"), ["inviteId": "abc123"])))
    }

    @Test func dottedHostIsKeptApartUnlessThePolicySaysOtherwise() throws {
        let router = try Router(["a"])
        #expect(router.outcome("https://example.com/a") == .hit(Hit("a")))
        router.updateSettings(for: .global) { $0.hostPolicy = .pathComponent }
        #expect(router.outcome("https://example.com/a") == .noMatch)
        #expect(try router.match("https://example.com/a") == nil)
    }

    @Test func dotlessHostIsTheFirstComponent() throws {
        let router = try Router(["/product/:id", "/intranet/product/:id"])
        #expect(router.outcome("https://intranet/product/7") == .hit(Hit("/intranet/product/:id", ["id": "7"])))
    }

    @Test(
        "localhost is kept apart in any case",
        arguments: ["https://localhost/product/7", "myapp://localhost/product/7", "https://LOCALHOST/product/7"])
    func localhostIsKeptApart(input: String) throws {
        let match = try #require(try Router(["/product/:id"]).match(input))
        #expect(Hit(match) == Hit("/product/:id", ["id": "7"]))
        #expect(match.link.host == "localhost")
    }

    static func allowList() throws -> Router {
        let router = Router()
        try router.add("/product/:id", in: .scheme("https"))
        router.updateSettings(for: .scheme("https")) {
            $0.hostPolicy = .ignored
            $0.allowedHosts = ["example.com", "www.example.com"]
        }
        return router
    }

    static let allowedHostCases: [(String, Outcome)] = [
        ("https://www.example.com/product/7", .hit(Hit("/product/:id", table: .scheme("https"), ["id": "7"]))),
        ("https://WWW.Example.COM:8443/product/7", .hit(Hit("/product/:id", table: .scheme("https"), ["id": "7"]))),
        ("https://evil.example.org/product/7", .rejected(.hostNotAllowed)),
        ("https://www.ex\u{430}mple.com/product/7", .rejected(.invalidHost)),  // a Cyrillic a: not ASCII
        ("https://example.com./product/7", .rejected(.hostNotAllowed)),
        ("https://shop.example.com/product/7", .rejected(.hostNotAllowed)),
        ("https://xn--exmple-4nf.com/product/7", .rejected(.hostNotAllowed)),
        ("https://ｅxample.com/product/7", .rejected(.invalidHost)),  // fullwidth e: not ASCII, never mapped
        ("https://example.com.evil.com/product/7", .rejected(.hostNotAllowed)),
        ("https://evil-example.com/product/7", .rejected(.hostNotAllowed)),
        ("https:///product/7", .rejected(.hostNotAllowed)),
        ("https://example.com@evil.com/product/7", .rejected(.userinfo)),
    ]

    @Test("allowed hosts", arguments: allowedHostCases)
    func allowedHosts(input: String, expected: Outcome) throws {
        #expect(try Self.allowList().outcome(input) == expected)
    }

    @Test func allowedHostReportsTheLowercasedHostAndPort() throws {
        let match = try #require(try Self.allowList().match("https://WWW.Example.COM:8443/product/7"))
        #expect(match.link.host == "www.example.com")
        #expect(match.link.port == 8443)
    }

    @Test(
        "a link reports its port as written, from none to the highest",
        arguments: [
            ("https://shop.example.com/a", nil), ("https://shop.example.com:0/a", 0),
            ("https://shop.example.com:08/a", 8), ("https://shop.example.com:65535/a", 65_535),
            ("app://:80/a", 80), ("app:///a", nil),
        ] as [(String, Int?)])
    func portIsReported(input: String, expected: Int?) throws {
        let match = try #require(try Router(["/a"]).match(input))
        #expect(match.link.port == expected)
    }

    /// An empty authority (`app:///a`), and one with a port and no name, name no host: the link has none, and a
    /// table that allows some hosts only refuses it where the host would be, at the authority.
    @Test("an authority without a name names no host", arguments: ["app:///a", "app://:80/a"])
    func anAuthorityWithoutANameNamesNoHost(input: String) throws {
        let match = try #require(try Router(["/a"]).match(input))
        #expect(match.link.host == nil)
        let guarded = try Router(["/a"])
        guarded.updateSettings(for: .global) { $0.allowedHosts = ["example.com"] }
        let refusal = try #require(rejection(input, guarded))
        #expect(refusal.code == .hostNotAllowed)
        #expect(refusal.position == 6)
    }

    static let globalAllowList: [(String, Outcome)] = [
        ("app://user/view/1", .rejected(.hostNotAllowed)),
        ("app:user/view/1", .rejected(.hostNotAllowed)),
        ("user/view/1", .hit(Hit("/user/view/:id", ["id": "1"]))),
        ("app://example.com/user/view/1", .hit(Hit("/user/view/:id", ["id": "1"]))),
    ]

    @Test("a dotless host that became a component is not kept as a host", arguments: globalAllowList)
    func dotlessHostAgainstAGlobalAllowList(input: String, expected: Outcome) throws {
        let router = try Router(["/user/view/:id"])
        router.updateSettings(for: .global) { $0.allowedHosts = ["example.com"] }
        #expect(router.outcome(input) == expected)
    }

    @Test func pathComponentPolicyChecksTheHostBeforeItBecomesAComponent() throws {
        let router = try Router(["/example.com/a"])
        router.updateSettings(for: .global) {
            $0.hostPolicy = .pathComponent
            $0.allowedHosts = ["example.com"]
        }
        #expect(router.outcome("https://example.com/a") == .hit(Hit("/example.com/a")))
        #expect(router.outcome("https://other.com/a") == .rejected(.hostNotAllowed))
    }

    static let userinfoCases = [
        "https://example.com@evil.com/product/7", "myapp://user:pw@product/7", "https://@example.com/product/7",
    ]

    @Test("userinfo is rejected", arguments: userinfoCases)
    func userinfoIsRejected(input: String) throws {
        #expect(try Router(["/product/:id"]).outcome(input) == .rejected(.userinfo))
    }

    @Test func hostBecomesALowercasedComponent() throws {
        let router = try Router(["/product/:id"])
        try router.add("/product/:id", in: .scheme("myapp"))
        try router.add("/:section/:id", in: .scheme("shop"))
        #expect(router.outcome("MYAPP://PRODUCT/7") == .hit(Hit("/product/:id", table: .scheme("myapp"), ["id": "7"])))
        let global = try #require(try router.match("https://Shop.Example.COM/product/7"))
        #expect(Hit(global) == Hit("/product/:id", ["id": "7"]))
        #expect(global.link.host == "shop.example.com")
        #expect(
            router.outcome("shop://Shop/AbC")
                == .hit(Hit("/:section/:id", table: .scheme("shop"), ["section": "shop", "id": "AbC"])))
    }

    @Test func hostIsDecodedBeforeTheDotRule() throws {
        let router = try Router(["/café/:id", "/:id", "/xn--caf-dma/:id"])
        #expect(router.outcome("app://caf%C3%A9/1") == .rejected(.invalidHost))
        #expect(router.outcome("app://café/1") == .rejected(.invalidHost))
        router.updateSettings(for: .global) { $0.allowsUnicodeHostNames = true }
        #expect(router.outcome("app://caf%C3%A9/1") == .hit(Hit("/xn--caf-dma/:id", ["id": "1"])))
        #expect(router.outcome("app://café/1") == .hit(Hit("/xn--caf-dma/:id", ["id": "1"])))
        let dotted = try #require(try router.match("app://a%2Eb/1"))
        #expect(Hit(dotted) == Hit("/:id", ["id": "1"]))
        #expect(dotted.link.host == "a.b")
    }

    static let portCases: [(String, Outcome)] = [
        ("https://example.com:/product/7", .hit(Hit("/product/:id", ["id": "7"]))),
        ("https://example.com:65535/product/7", .hit(Hit("/product/:id", ["id": "7"]))),
        ("https://[::1]/product/7", .hit(Hit("/product/:id", ["id": "7"]))),
        ("https://[::1]:8080/product/7", .hit(Hit("/product/:id", ["id": "7"]))),
        ("https://example.com:65536/product/7", .rejected(.invalidHost)),
        ("https://example.com:8x/product/7", .rejected(.invalidHost)),
        ("https://[::1/product/7", .rejected(.invalidHost)),
        ("https://[::1]x/product/7", .rejected(.invalidHost)),
        ("https://a]b/product/7", .rejected(.invalidHost)),
        ("https://example.com:99999999999999999999999/product/7", .rejected(.invalidHost)),
    ]

    @Test("ports and IP literals", arguments: portCases)
    func portsAndIPLiterals(input: String, expected: Outcome) throws {
        #expect(try Router(["/product/:id"]).outcome(input) == expected)
        let pathPolicy = try Router(["/product/:id"])
        pathPolicy.updateSettings(for: .global) { $0.hostPolicy = .pathComponent }
        if input.contains("[::1]") { #expect(pathPolicy.outcome(input) == expected) }
    }

    @Test func turnpikeFormsAllRouteTheSamePath() throws {
        let router = try Router(["hello"])
        for input in ["com.app:hello", "com.app://hello", "com.app:///hello"] {
            let match = try #require(try router.match(input))
            #expect(Hit(match) == Hit("hello"))
            #expect(match.link.scheme == "com.app")
            #expect(match.link.isExternal)
        }
    }

    @Test func anInternalStringStartingWithTwoSlashesHasNoAuthority() throws {
        let match = try #require(try Router(["/shop.example.com/x"]).match("//shop.example.com/x"))
        #expect(Hit(match) == Hit("/shop.example.com/x"))
        #expect(match.link.host == nil)
        #expect(!match.link.isExternal)
    }

    @Test func fallbackUsesTheGlobalTablesOwnHostRules() throws {
        // On fallback a URL the global rules refuse is simply not matched there.
        let router = try Router(["/a"])
        router.updateSettings(for: .global) { $0.allowedHosts = ["example.com"] }
        try router.add("/b", in: .scheme("app"))
        router.updateSettings(for: .scheme("app")) { $0.fallsBackToGlobalRoutes = true }
        #expect(router.outcome("app://other.com/a") == .noMatch)
        #expect(router.outcome("app://example.com/a") == .hit(Hit("/a")))
    }

    @Test func aFallbackMatchCarriesTheLinkAsTheGlobalTableSplitIt() throws {
        // A match's link is the input as its route's table sees it; after a fallback, the global table's.
        let router = try Router(["/shop/a"])
        router.updateSettings(for: .global) { $0.hostPolicy = .pathComponent }
        try router.add("/b", in: .scheme("app"))
        router.updateSettings(for: .scheme("app")) {
            $0.hostPolicy = .ignored
            $0.fallsBackToGlobalRoutes = true
        }
        let match = try #require(try router.match("app://shop/a"))
        #expect(match.route.pattern.written == "/shop/a")
        #expect(match.table == .global)
        #expect(match.link.pathComponents == ["shop", "a"])
        // The best match and the first of all matches agree, link included.
        #expect(try router.matches("app://shop/a") == [match])
    }
}
