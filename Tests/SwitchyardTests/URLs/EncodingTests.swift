import Foundation
import Switchyard
import Testing

/// Percent-encoding, `+` and query items.
@Suite("Encoding and query items")
struct EncodingTests {
    static let reservedEscapes: [(String, String)] = [
        ("21", "!"), ("23", "#"), ("24", "$"), ("26", "&"), ("27", "'"), ("28", "("), ("29", ")"), ("2A", "*"),
        ("2B", "+"), ("2C", ","), ("3A", ":"), ("3B", ";"), ("3D", "="), ("3F", "?"), ("40", "@"), ("5B", "["),
        ("5D", "]"),
    ]

    @Test("an escaped reserved character stays inside its parameter", arguments: reservedEscapes)
    func escapedReservedCharacter(hex: String, character: String) throws {
        let router = try Router(["/user/view/:userID"])
        #expect(
            router.outcome("tests://user/view/joel%\(hex)levin")
                == .hit(Hit("/user/view/:userID", ["userID": "joel\(character)levin"])))
    }

    static let plusCases: [(String, Bool, Outcome)] = [
        ("tests://user/view/joel%2Blevin", true, .hit(Hit("/user/view/:userID", ["userID": "joel+levin"]))),
        ("tests://user/view/joel+levin", false, .hit(Hit("/user/view/:userID", ["userID": "joel+levin"]))),
        ("tests://user/view/joel+levin", true, .hit(Hit("/user/view/:userID", ["userID": "joel levin"]))),
        (
            "tests://user/view/test?name=joel+levin", true,
            .hit(Hit("/user/view/:userID", ["userID": "test"], query: [item("name", "joel levin")]))
        ),
        ("tests://user/view/joel%2Blevin", false, .hit(Hit("/user/view/:userID", ["userID": "joel+levin"]))),
        (
            "tests://user/view/test?name=joel+levin", false,
            .hit(Hit("/user/view/:userID", ["userID": "test"], query: [item("name", "joel levin")]))
        ),
    ]

    @Test("plus in paths and queries", arguments: plusCases)
    func plusInPathsAndQueries(input: String, decodesPlusInPath: Bool, expected: Outcome) throws {
        let router = try Router(["/user/view/:userID"], options: RouterOptions(decodesPlusInPath: decodesPlusInPath))
        #expect(router.outcome(input) == expected)
    }

    @Test("repeated query names keep every value", arguments: [false, true])
    func repeatedNamesKeepEveryValue(decodesPlusInPath: Bool) throws {
        let router = try Router(["/user/view/:userID"], options: RouterOptions(decodesPlusInPath: decodesPlusInPath))
        let query = try #require(try router.match("tests://user/view/test?people=joel+levin&people=foo+bar")).link.query
        #expect(query.all("people") == ["joel levin", "foo bar"])
    }

    @Test func encodedSlashStaysInsideAParameter() throws {
        let router = try Router(["/web/:URLString", "/web"])
        #expect(
            router.outcome("tests://web/http%3A%2F%2Ffoobar.com%2Fbaz")
                == .hit(Hit("/web/:URLString", ["URLString": "http://foobar.com/baz"])))
        #expect(
            router.outcome("tests://web?URLString=http%3A%2F%2Ffoobar.com%2Fbaz")
                == .hit(Hit("/web", query: [item("URLString", "http://foobar.com/baz")])))
    }

    static let decodedLiterals: [(String, String)] = [
        ("tests://x/joel%20levin", "/x/joel levin"), ("tests://x/caf%C3%A9", "/x/café"), ("tests://x/café", "/x/café"),
    ]

    @Test("literals compare decoded", arguments: decodedLiterals)
    func literalsCompareDecoded(input: String, pattern: String) throws {
        #expect(try Router(["/x/joel levin", "/x/café"]).outcome(input) == .hit(Hit(pattern)))
    }

    @Test func repeatedQueryNamesOfferFirstAndAll() throws {
        let match = try #require(
            try Router(["/test/foo"]).match("tests://test/foo?key=1&key=2&key=3&text=hi&text=there"))
        let query = match.link.query
        #expect(
            Array(query) == [
                item("key", "1"), item("key", "2"), item("key", "3"), item("text", "hi"), item("text", "there"),
            ])
        #expect(query.first("key") == "1")
        #expect(query.all("key") == ["1", "2", "3"])
        #expect(query.all("text") == ["hi", "there"])
        #expect(query.first("missing") == nil)
        #expect(query.all("missing") == [])
    }

    @Test func valuelessItemIsAFlag() throws {
        let query = try #require(try Router(["/q"]).match("tests://q?flag&empty=")).link.query
        #expect(Array(query) == [flag("flag"), item("empty", "")])
        #expect(query.first("flag") == "")
        #expect(query.contains("flag"))
        #expect(!query.contains("other"))
        #expect(query.first("empty") == "")
    }

    @Test func onlyAmpersandSeparatesItemsAndValuesMayHoldEquals() throws {
        let router = try Router(["users/:id", "about/team/contact", "q"])
        let users = try #require(try router.match("com.mycompany.MyApp:users/16?highlight=portfolio"))
        #expect(Hit(users) == Hit("users/:id", ["id": "16"], query: [item("highlight", "portfolio")]))
        #expect(users.link.scheme == "com.mycompany.myapp")
        #expect(
            router.outcome("com.app:about/team/contact?city=san%20francisco")
                == .hit(Hit("about/team/contact", query: [item("city", "san francisco")])))
        let query = try #require(try router.match("x:q?a=1;b=2&c&d=e=f&a=3")).link.query
        #expect(Array(query) == [item("a", "1;b=2"), flag("c"), item("d", "e=f"), item("a", "3")])
        #expect(query.first("a") == "1;b=2")
        #expect(query.all("a") == ["1;b=2", "3"])
    }

    static let encodingRows: [([String], RouterOptions, String, Outcome)] = [
        (
            ["/tag/:t"], RouterOptions(), "app://tag/c++?q=c++&r=c%2B%2B",
            .hit(Hit("/tag/:t", ["t": "c++"], query: [item("q", "c  "), item("r", "c++")]))
        ),
        (
            ["/tag/:t"], RouterOptions(decodesPlusInPath: true), "app://tag/a+b%2Bc",
            .hit(Hit("/tag/:t", ["t": "a b+c"]))
        ),
        (["/city/:name"], RouterOptions(), "app://city/M%C3%BCnchen", .hit(Hit("/city/:name", ["name": "München"]))),
        (["/city/:name"], RouterOptions(), "app://city/München", .hit(Hit("/city/:name", ["name": "München"]))),
        (
            ["/search/:term"], RouterOptions(), "app://search/new york?q=a b",
            .hit(Hit("/search/:term", ["term": "new york"], query: [item("q", "a b")]))
        ),
        (["/menu/café", "/menu/:item"], RouterOptions(), "app://menu/caf%C3%A9", .hit(Hit("/menu/café"))),
        (
            ["/menu/café", "/menu/:item"], RouterOptions(), "app://menu/cafe%CC%81",
            .hit(Hit("/menu/:item", ["item": "cafe\u{301}"]))
        ),
        (["/docs/a%2Fb"], RouterOptions(), "app://docs/a%2Fb", .hit(Hit("/docs/a%2Fb"))),
        (["/docs/a%2Fb"], RouterOptions(), "app://docs/a/b", .noMatch),
        (["/files/*"], RouterOptions(), "app://files/a%2Fb/c%20d", .hit(Hit("/files/*", wildcard: ["a/b", "c d"]))),
        (
            ["/files/*"], RouterOptions(decodesPlusInPath: true), "app://files/a+b/c",
            .hit(Hit("/files/*", wildcard: ["a b", "c"]))
        ),
        (
            ["/q"], RouterOptions(), "app://q?a%20b=1&c+d=2&e=&tok=YWJj==&f",
            .hit(
                Hit("/q", query: [item("a b", "1"), item("c d", "2"), item("e", ""), item("tok", "YWJj=="), flag("f")]))
        ),
        (
            // Empty pieces and an empty name give no item; the rest keep their order.
            ["/q"], RouterOptions(), "app://q?&&a=1&&=x&b&&c=3&",
            .hit(Hit("/q", query: [item("a", "1"), flag("b"), item("c", "3")]))
        ),
        (
            ["/q"], RouterOptions(), "app://q?" + (1...40).map { "k\($0)=\($0)" }.joined(separator: "&"),
            .hit(Hit("/q", query: (1...40).map { item("k\($0)", "\($0)") }))
        ),
        (
            ["/user/view/:userID"], RouterOptions(), "tests://user/view/joeldev%23",
            .hit(Hit("/user/view/:userID", ["userID": "joeldev#"]))
        ),
        (["/a"], RouterOptions(), "app://a?x=1#y=2", .hit(Hit("/a", query: [item("x", "1")]))),
        (
            ["/oauth/callback"], RouterOptions(routesFragments: true),
            "app://oauth/callback#access_token=ab.c-d&state=x%2By&scope=a+b",
            .hit(
                Hit(
                    "/oauth/callback",
                    query: [item("access_token", "ab.c-d"), item("state", "x+y"), item("scope", "a b")]))
        ),
        (["/q"], RouterOptions(), "app://q?=x&a=1&=", .hit(Hit("/q", query: [item("a", "1")]))),
        (["/q"], RouterOptions(), "app://q?q=x?y=z#f?g", .hit(Hit("/q", query: [item("q", "x?y=z")]))),
        (["/q"], RouterOptions(), "app://q?&&", .hit(Hit("/q"))),
        (["/q"], RouterOptions(), "app://q?#", .hit(Hit("/q"))),
        (["/tag/a+b", "/tag/:t"], RouterOptions(decodesPlusInPath: true), "app://tag/a+b", .hit(Hit("/tag/a+b"))),
        (
            ["/tag/a+b", "/tag/:t"], RouterOptions(decodesPlusInPath: true), "app://tag/a%20b",
            .hit(Hit("/tag/:t", ["t": "a b"]))
        ),
        // double encoding: decoded once
        (["/a/:x"], RouterOptions(), "app://a/%252F", .hit(Hit("/a/:x", ["x": "%2F"]))),
        (["/a/:x"], RouterOptions(), "app://a/x#y=1", .hit(Hit("/a/:x", ["x": "x"]))),  // fragment items need routing
        // components are matched as decoded bytes: escaped, long (not small strings), folded, `+`-decoded
        (
            ["/a-literal-longer-than-sixteen/:value"], RouterOptions(),
            "app://a-literal-longer-than-sixteen/a%20value-longer-than-sixteen%21",
            .hit(Hit("/a-literal-longer-than-sixteen/:value", ["value": "a value-longer-than-sixteen!"]))
        ),
        (
            ["/Menu/CAFÉ/:dish"], RouterOptions(matchesLiteralsCaseInsensitively: true),
            "app://menu/caf%C3%A9/Cr%C3%AApe",
            .hit(Hit("/Menu/CAFÉ/:dish", ["dish": "Crêpe"]))
        ),
        (
            ["/Tag/:t/*"], RouterOptions(decodesPlusInPath: true, matchesLiteralsCaseInsensitively: true),
            "app://TAG/A+b%2Bc/X+y/%2B",
            .hit(Hit("/Tag/:t/*", ["t": "A b+c"], wildcard: ["X y", "+"]))
        ),
        // a host that became the first component: decoded, lowercased, and `+`-decoded as a value when the router
        // decodes `+` in paths; decoded components after a decoded host each keep their own bytes
        (
            ["/:shop/x"], RouterOptions(decodesPlusInPath: true), "app://My+Shop%21/x",
            .hit(Hit("/:shop/x", ["shop": "my shop!"]))
        ),
        (["/:shop/x"], RouterOptions(), "app://My+Shop%21/x", .hit(Hit("/:shop/x", ["shop": "my+shop!"]))),
        (
            ["/:a/:b/:c"], RouterOptions(), "app://%41b/%63d/e%66",
            .hit(Hit("/:a/:b/:c", ["a": "ab", "b": "cd", "c": "ef"]))
        ),
    ]

    @Test func constraintsTestTheValueAParameterGets() throws {
        let router = Router(options: RouterOptions(decodesPlusInPath: true))
        try router.add("/size/:s", constraints: ["s": .oneOf("extra large")])
        #expect(router.outcome("app://size/extra+large") == .hit(Hit("/size/:s", ["s": "extra large"])))
        #expect(router.outcome("app://size/extra%20large") == .hit(Hit("/size/:s", ["s": "extra large"])))
        #expect(router.outcome("app://size/extra%2Blarge") == .noMatch)
    }

    @Test("encoding rows", arguments: encodingRows)
    func encodingRow(patterns: [String], options: RouterOptions, input: String, expected: Outcome) throws {
        #expect(try Router(patterns, options: options).outcome(input) == expected)
    }

    @Test func fragmentItemsFollowTheQueryAndTheMergedViewTakesFirstValues() throws {
        let router = try Router(["/q/:a"], options: RouterOptions(routesFragments: true))
        let match = try #require(try router.match("app://q/x?a=1&a=2&b=3#b=4"))
        #expect(
            Hit(match)
                == Hit("/q/:a", ["a": "x"], query: [item("a", "1"), item("a", "2"), item("b", "3"), item("b", "4")]))
        #expect(match.mergedParameters == ["a": "x", "b": "3"])
        #expect(match.link.query.all("b") == ["3", "4"])
    }

    static let fragments: [(String, String?)] = [
        ("app://a#section", "section"), ("app://a#", ""), ("app://a", nil), ("app://a#caf%C3%A9", "café"),
        ("app://a#a+b", "a+b"),
    ]

    @Test("a fragment that is neither a path nor items is left alone", arguments: fragments)
    func fragmentsThatAreLeftAlone(input: String, fragment: String?) throws {
        let router = try Router(["/a"], options: RouterOptions(routesFragments: true))
        let match = try #require(try router.match(input))
        #expect(Hit(match) == Hit("/a"))
        #expect(match.link.fragment == fragment)
    }

    @Test func rawSpacesAndNonASCIIEqualTheirEncodedForms() throws {
        let router = try Router(["/search/:term"])
        let raw = try #require(try router.match("app://search/café au lait"))
        let encoded = try #require(try router.match("app://search/caf%C3%A9%20au%20lait"))
        #expect(raw.parameters == encoded.parameters)
        #expect(Array((raw.parameters["term"] ?? "").utf8) == Array("café au lait".utf8))
    }

    @Test func foundationURLAndStringGiveTheSameMatch() throws {
        let router = try Router(["/product/:id"])
        let url = try #require(URL(string: "myapp://product/42"))
        #expect(try router.match(url) == router.match("myapp://product/42"))
        #expect(try router.match(url)?.parameters == ["id": "42"])
    }
}
