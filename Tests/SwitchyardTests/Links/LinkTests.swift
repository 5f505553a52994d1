import PropertyBased
import Switchyard
import Testing

/// Building links and reverse routing.
@Suite("Links")
struct LinkTests {
    static func shareRouter() throws -> Router {
        let router = Router()
        try router.add("/share/:text", name: "share", in: .scheme("app"))
        return router
    }

    @Test func everyReservedCharacterSurvivesTheRoundTrip() throws {
        let router = try Self.shareRouter()
        let text = "a/b+c?d#e&f%g h😀"
        let url = try router.link(for: "share", parameters: ["text": text])
        #expect(url == "app://share/a%2Fb%2Bc%3Fd%23e%26f%25g%20h%F0%9F%98%80")
        let match = try #require(try router.match(url))
        #expect(match.parameters["text"].map { Array($0.utf8) } == Array(text.utf8))
    }

    @Test func aNameBuildsItsFirstRouteTableByTableAndFollowsRemovals() throws {
        let router = Router()
        try router.add("/b/:id", name: "item", in: .scheme("b"))
        try router.add("/a/:id", name: "item", in: .scheme("a"))
        #expect(try router.link(for: "item", parameters: ["id": "1"]) == "a://a/1")
        try router.add("/global/:id", name: "item")
        try router.add("/second/:id", name: "item")
        try router.add("/other", name: "other")
        // The global table comes first, and in a table the first registration of the name.
        #expect(try router.link(for: "item", parameters: ["id": "1"]) == "/global/1")
        router.removeRoutes(pattern: "/global/:id")
        #expect(try router.link(for: "item", parameters: ["id": "1"]) == "/second/1")
        #expect(try router.link(for: "other") == "/other")
        router.removeRoutes(named: "item")
        #expect(throws: LinkError.self) { try router.link(for: "item", parameters: ["id": "1"]) }
        try router.add("/again/:id", name: "item", in: .scheme("b"))
        #expect(try router.link(for: "item", parameters: ["id": "1"]) == "b://again/1")
    }

    @Test func queryItemsKeepTheirOrder() throws {
        let router = Router()
        try router.add("/search", in: .scheme("app"))
        let items = [item("q", "a+b c"), item("q", "x&y=z"), flag("flag")]
        let url = try router.link(scheme: "app", route: "search", query: items)
        #expect(url == "app://search?q=a%2Bb%20c&q=x%26y%3Dz&flag")
        #expect(try Array(#require(try router.match(url)).link.query) == items)
        #expect(try Router().link(scheme: "app", route: "r") == "app://r")
        #expect(try Router().link(scheme: "app", route: "r", query: [item("a b", "c&d")]) == "app://r?a%20b=c%26d")
    }

    static let errors: [([String: String], LinkError.Code)] = [
        ([:], .missingParameter),
        (["text": ""], .unrepresentableValue),
        (["text": "."], .unrepresentableValue),
        (["text": ".."], .unrepresentableValue),
        (["text": "a\u{0}b"], .unrepresentableValue),
        (["text": "a", "txet": "b"], .unknownParameter),
    ]

    @Test("values that cannot come back are errors", arguments: errors)
    func linkErrors(parameters: [String: String], code: LinkError.Code) throws {
        #expect {
            try Self.shareRouter().link(for: "share", parameters: parameters)
        } throws: { error in
            (error as? LinkError)?.code == code
        }
    }

    @Test func missingParameterIsNamed() throws {
        #expect {
            try Self.shareRouter().link(for: "share")
        } throws: { error in
            "\(error)" == "missingParameter: the route 'share' needs the parameter 'text'"
        }
        #expect {
            try Router().link(for: "nope")
        } throws: { error in
            "\(error)" == "unknownRoute: no route is named 'nope'"
        }
    }

    static let firstComponents: [(String, String)] = [
        ("shop.example.com", "app:///shop.example.com"), ("localhost", "app:///localhost"), ("abc", "app://abc"),
        ("ABC", "app:///ABC"),
    ]

    @Test("the first component goes after // only when it reads back unchanged", arguments: firstComponents)
    func firstComponentForm(code: String, expected: String) throws {
        let router = Router()
        try router.add("/:code", name: "c", in: .scheme("app"))
        let url = try router.link(for: "c", parameters: ["code": code])
        #expect(url == expected)
        #expect(try router.match(url)?.parameters == ["code": code])
    }

    static let groups: [([String: String], String)] = [
        (["b": "2"], "app://the/bar/2"), (["a": "1", "b": "2"], "app://the/foo/1/bar/2"), ([:], "app://the"),
        (["a": "1"], "app://the/foo/1"),
    ]

    @Test("optional groups take the longest expansion whose parameters are given", arguments: groups)
    func optionalGroups(parameters: [String: String], expected: String) throws {
        let router = Router()
        try router.add("/the(/foo/:a)(/bar/:b)", name: "the", in: .scheme("app"))
        let url = try router.link(for: "the", parameters: parameters)
        #expect(url == expected)
        #expect(try router.match(url)?.parameters.dictionary == parameters)
    }

    @Test func allowedHostsAndTheGlobalTable() throws {
        let router = Router()
        try router.add("/product/:id", name: "p", in: .scheme("https"))
        router.updateSettings(for: .scheme("https")) {
            $0.hostPolicy = .ignored
            $0.allowedHosts = ["example.com", "www.example.com"]
        }
        try router.add("/item/:id", name: "i")
        #expect(try router.link(for: "p", parameters: ["id": "7"]) == "https://example.com/product/7")
        #expect(
            try router.link(for: "p", parameters: ["id": "7"], host: "www.example.com")
                == "https://www.example.com/product/7")
        #expect(throws: LinkError.self) { try router.link(for: "p", parameters: ["id": "7"], host: "evil.com") }
        #expect(try router.link(for: "i", parameters: ["id": "7"]) == "/item/7")
        #expect(try router.link(for: "i", parameters: ["id": "7"], scheme: "app") == "app://item/7")
        #expect(throws: LinkError.self) { try router.link(for: "i", parameters: ["id": "7"], scheme: "my_app") }
    }

    /// A host the caller names, in a table without allowed hosts: a name or an IP literal is written as links carry
    /// it and routes back to it; anything else is refused, where it was once written escaped (`https://a%3A80/x`) as
    /// a link the router rejects.
    @Test(
        "a host the caller names is written only when it comes back",
        arguments: [
            ("Shop.Example.com", "https://Shop.Example.com/x" as String?), ("localhost", "https://localhost/x"),
            ("[0:0::1]", "https://[::1]/x"), ("exämple.com", "https://xn--exmple-cua.com/x"),
            ("a&b.example", "https://a%26b.example/x"),
            // Read back as the first component under the table's automatic host policy.
            ("intranet", nil),
            ("shop.example.com:443", nil), ("user@shop.example.com", nil), ("shop.example.com/x", nil), ("a b", nil),
            ("", nil), ("::1", nil), ("[", nil), ("[]", nil), ("[::1", nil), ("[::1]:443", nil), ("xn--pokxncvks", nil),
        ])
    func aHostTheCallerNames(host: String, expected: String?) throws {
        let router = Router()
        try router.add("/x", in: .scheme("https"))
        guard let expected else {
            let error = #expect(throws: LinkError.self) { try router.link(scheme: "https", route: "x", host: host) }
            #expect(error?.code == .invalidHost)
            return
        }
        let link = try router.link(scheme: "https", route: "x", host: host)
        #expect(link == expected)
        let back = try router.match(link)
        #expect(back?.link.host == HostName.allowedForm(host), "\(String(describing: back))")
    }

    @Test func aTableWhoseHostIsAComponentTakesOnlyAnIPLiteralAsAHost() throws {
        let router = Router()
        try router.add("/x", in: .scheme("myapp"))
        router.updateSettings(for: .scheme("myapp")) { $0.hostPolicy = .pathComponent }
        let error = #expect(throws: LinkError.self) {
            try router.link(scheme: "myapp", route: "x", host: "invite.myapp.com")
        }
        #expect(error?.code == .invalidHost)
        let link = try router.link(scheme: "myapp", route: "x", host: "[::1]")
        #expect(link == "myapp://[::1]/x")
        #expect(try router.match(link)?.route.pattern.written == "/x")
    }

    @Test func aHostWithoutASchemeIsRefused() throws {
        let router = Router()
        try router.add("/item/:id", name: "i")
        let error = #expect(throws: LinkError.self) {
            try router.link(for: "i", parameters: ["id": "7"], host: "shop.example.com")
        }
        #expect(error?.code == .invalidHost)
        #expect(
            try router.link(for: "i", parameters: ["id": "7"], scheme: "https", host: "shop.example.com")
                == "https://shop.example.com/item/7")
    }

    @Test func queryItemsThatCannotComeBackAreErrors() throws {
        // Found by FuzzReverse: a NUL in a query value was encoded as %00, which matching rejects.
        let router = try Self.shareRouter()
        for items in [[item("q", "a\u{0}b")], [item("a\u{7F}", "x")], [item("", "x")]] {
            #expect(throws: LinkError.self) { try router.link(for: "share", parameters: ["text": "t"], query: items) }
        }
        #expect(try router.link(for: "share", parameters: ["text": "t"], query: [item("q", "")]) == "app://share/t?q=")
    }

    @Test func linksBeyondTheLimitsAreRefused() throws {
        // Found by FuzzReverse: 700 "%" signs encode to 2,100 bytes, past the 2,048 a component may have.
        let router = try Self.shareRouter()
        #expect {
            try router.link(for: "share", parameters: ["text": String(repeating: "%", count: 700)])
        } throws: { error in
            (error as? LinkError)?.code == .exceedsLimits
        }
        #expect(try router.link(for: "share", parameters: ["text": String(repeating: "%", count: 682)]).count == 2_058)
        let items = (0..<257).map { item("k\($0)", "v") }
        #expect(throws: LinkError.self) { try router.link(for: "share", parameters: ["text": "t"], query: items) }
    }

    @Test func wildcardsConstraintsAndLiteralsAreEncoded() throws {
        let router = Router()
        try router.add("/files/*", name: "files")
        try router.add("/menu/café/:id", name: "menu", constraints: ["id": .digits])
        #expect(try router.link(for: "files", wildcard: ["a/b", "c d"]) == "/files/a%2Fb/c%20d")
        #expect(try router.match("/files/a%2Fb/c%20d")?.wildcardComponents == ["a/b", "c d"])
        #expect(try router.link(for: "files") == "/files")
        #expect(try router.link(for: "menu", parameters: ["id": "7"]) == "/menu/caf%C3%A9/7")
        #expect(throws: LinkError.self) { try router.link(for: "menu", parameters: ["id": "x"]) }
        #expect(throws: LinkError.self) { try router.link(for: "files", wildcard: ["ok", ".."]) }
    }

    /// Text made of everything the encoder must handle: reserved characters, spaces, controls aside, non-ASCII.
    static let valueText = Gen.oneOf(
        Gen.character(in: "a"..."z"), Gen.character(in: "A"..."Z"), Gen.character(in: " "..."/"),
        Gen.character(in: ":"..."@"), Gen.character(in: "["..."`"), Gen.character(in: "{"..."~"),
        Gen.character(in: "à"..."ÿ"), Gen.character(in: "😀"..."🙏"), Gen.character(in: "一"..."龥")
    ).string(of: 1...12).filter { $0 != "." && $0 != ".." }

    @Test func parametersSurviveTheRoundTripForGeneratedValues() async throws {
        let router = Router()
        try router.add("/p/:a/x/:b", name: "two", in: .scheme("app"))
        // Groups with literals, so no two expansions tie (`/q(/:a)(/:b)` is ambiguous by design).
        try router.add("/q(/a/:a)(/b/:b)", name: "groups")
        try router.add("/:a", name: "one", in: .scheme("lone"))
        let decoding = Router(options: RouterOptions(decodesPlusInPath: true))
        try decoding.add("/p/:a/x/:b", name: "two")
        await propertyCheck(count: 2_000, input: Self.valueText, Self.valueText) { first, second in
            for (router, name, parameters) in [
                (router, "two", ["a": first, "b": second]), (router, "groups", ["a": first, "b": second]),
                (router, "groups", ["b": second]), (router, "one", ["a": first]),
                (decoding, "two", ["a": first, "b": second]),
            ] {
                let url = try? router.link(for: name, parameters: parameters, query: [item(first, second)])
                let match = url.flatMap { try? router.match($0) }
                #expect(match?.route.name == name)
                #expect(
                    match?.parameters.dictionary.mapValues { Array($0.utf8) } == parameters.mapValues { Array($0.utf8) }
                )
                #expect(match.map { Array($0.link.query) } == [item(first, second)])
            }
        }
    }
}

/// A launcher that records what it was asked to open.
struct RecordingLauncher: AppLauncher {
    let opened = Recorder<String>()
    func canOpen(_ url: String) async -> Bool { url.hasPrefix("maps:") }
    func open(_ url: String) async throws(LaunchError) { opened.append(url) }
}

@Suite("Launching other apps")
struct LauncherTests {
    @Test func turnpikeHelperBuildsAndOpensTheLink() async throws {
        let launcher = RecordingLauncher()
        try await launcher.open(scheme: "maps", route: "search", query: [item("q", "coffee & tea")])
        #expect(launcher.opened.all == ["maps://search?q=coffee%20%26%20tea"])
        await #expect(throws: LaunchError.self) { try await launcher.open(scheme: "bad scheme", route: "x") }
    }
}
