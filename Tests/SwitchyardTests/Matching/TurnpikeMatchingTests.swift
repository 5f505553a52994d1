import Switchyard
import Testing

/// Turnpike's matching cases, and the link's parts.
@Suite("Turnpike matching")
struct TurnpikeMatchingTests {
    @Test func routeStringIsInternal() throws {
        let router = try Router(["users/:user_id", "about/team"])
        let match = try #require(try router.match("users/4"))
        #expect(Hit(match) == Hit("users/:user_id", ["user_id": "4"]))
        #expect(!match.link.isExternal)
        #expect(match.link.scheme == nil)
        #expect(try router.match("about/team")?.parameters == [:])
    }

    @Test(
        "parameters are captured at every depth, past the 32nd segment too",
        arguments: [1, 31, 32, 33, 63, 64, 65, 100])
    func parametersAreCapturedAtEveryDepth(depth: Int) throws {
        // A route keeps which of its first 32 segments are parameters; deeper ones are found from the segments.
        var options = RouterOptions()
        options.limits.maxComponents = 128
        let router = Router(options: options)
        let captured: Set = [0, depth - 1]
        let segments = (0..<depth).map { captured.contains($0) ? ":p\($0)" : "s\($0)" }
        try router.add("/" + segments.joined(separator: "/"))
        let values = (0..<depth).map { captured.contains($0) ? "v\($0)" : "s\($0)" }
        let match = try #require(try router.match("/" + values.joined(separator: "/")))
        #expect(match.parameters.dictionary == Dictionary(uniqueKeysWithValues: captured.map { ("p\($0)", "v\($0)") }))
        #expect(match.route.expansion == "/" + segments.joined(separator: "/"))
    }

    @Test func emptyComponentsAreDropped() throws {
        let router = try Router(["users/:user_id"])
        #expect(
            router.outcome("/////////////////////users////////////////////////4///////////////")
                == .hit(Hit("users/:user_id", ["user_id": "4"])))
    }

    @Test func colonsAreLegalInAPath() throws {
        let router = try Router(["should/never/be/called"])
        let input = "broken:::///////////////nooooo/:::::::::::::::::::::::yes///////////"
        #expect(router.outcome(input) == .noMatch)
        let all = try Router(["/*"]).match(input)
        #expect(all?.link.scheme == "broken")
        #expect(all?.link.pathComponents == ["::", "nooooo", ":::::::::::::::::::::::yes"])
    }

    @Test("a route needs every one of its components and no more", arguments: ["users", "users/4/x"])
    func componentCountMustFit(input: String) throws {
        #expect(try Router(["users/:id"]).outcome(input) == .noMatch)
    }

    /// Each value goes to its own parameter, however many the route has and wherever they are: a match collects
    /// one or two values apart from more.
    @Test(
        "every parameter gets the component at its place",
        arguments: [
            ("/static/page", "static/page", [:]),
            ("/:a", "one", ["a": "one"]),
            ("/x/:a/y", "x/one/y", ["a": "one"]),
            ("/:a/:b", "one/two", ["a": "one", "b": "two"]),
            ("/x/:a/y/:b", "x/one/y/two", ["a": "one", "b": "two"]),
            ("/:a/x/y/z/:b", "one/x/y/z/two", ["a": "one", "b": "two"]),
            ("/:a/:b/:c", "one/two/three", ["a": "one", "b": "two", "c": "three"]),
            ("/x/:a/:b/y/:c/:d", "x/1/2/y/3/4", ["a": "1", "b": "2", "c": "3", "d": "4"]),
        ] as [(String, String, [String: String])])
    func parametersTakeTheirOwnComponents(pattern: String, input: String, expected: [String: String]) throws {
        let match = try #require(try Router([pattern]).match("app:///" + input))
        #expect(match.parameters.dictionary == expected)
    }

    @Test func unmatchedRouteMatchesNothing() throws {
        #expect(try Router(["should/never/be/called"]).outcome("a/route/that/does/not/exist") == .noMatch)
    }

    static let components: [(String, HostPolicy, [String], String?)] = [
        (
            "https://mobile.automatic.com/vehicles/C_123/timeline/location", .pathComponent,
            ["mobile.automatic.com", "vehicles", "C_123", "timeline", "location"], "mobile.automatic.com"
        ),
        (
            "https://mobile.automatic.com/vehicles/C_123/timeline/location", .automatic,
            ["vehicles", "C_123", "timeline", "location"], "mobile.automatic.com"
        ),
        ("https://mobile.automatic.com", .pathComponent, ["mobile.automatic.com"], "mobile.automatic.com"),
        (
            "comautomaticcore:/vehicles/C_123/timeline/location", .pathComponent,
            ["vehicles", "C_123", "timeline", "location"], nil
        ),
        ("https://", .pathComponent, [], nil),
        ("comautomaticcore:", .pathComponent, [], nil),
    ]

    @Test("components under each host policy", arguments: components)
    func componentsUnderAPolicy(input: String, policy: HostPolicy, components: [String], host: String?) throws {
        let router = try Router(["/*"])
        router.updateSettings(for: .global) { $0.hostPolicy = policy }
        let link = try #require(try router.match(input)).link
        #expect(link.pathComponents == components)
        #expect(link.host == host)
    }
}

/// Removing routes and listing them.
@Suite("Introspection and removal")
struct IntrospectionTests {
    @Test func removingANamedRouteRemovesItEverywhere() throws {
        let router = Router()
        try router.add("/test", name: "t")
        try router.add("/product/:id", name: "product", in: .scheme("app"))
        #expect(router.outcome("tests://test") == .hit(Hit("/test")))
        #expect(router.removeRoutes(named: "t") == 1)
        #expect(router.outcome("tests://test") == .noMatch)
        #expect(router.removeRoutes(named: "product") == 1)
        #expect(router.outcome("app://product/1") == .noMatch)
        #expect(router.removeRoutes(named: "nope") == 0)
    }

    @Test func addingAndRemovingCountsRoutes() throws {
        let router = try Router(["road/to/:city", "road", "user/:user_id"])
        #expect(router.routes.count == 3)
        #expect(router.removeRoutes(pattern: "road") == 1)
        #expect(router.removeRoutes(pattern: "never/added") == 0)
        #expect(router.removeRoutes(pattern: "/(unparsable") == 0)
        #expect(router.routes.map(\.expansion) == ["/road/to/:city", "/user/:user_id"])
        #expect(router.outcome("road/to/berlin") == .hit(Hit("road/to/:city", ["city": "berlin"])))
    }

    @Test func routesDescribeThemselves() throws {
        let router = Router()
        try router.add("/a/:id", name: "a", priority: 3, in: .scheme("app"))
        #expect(router.routes.map(\.description) == ["[app] /a/:id name: a priority: 3"])
        #expect(router.routes.first?.pattern.description == "/a/:id")
    }

    @Test func removingTheGlobalTableDoesNothing() throws {
        let router = try Router(["/a"])
        #expect(!router.removeTable(.global))
        #expect(!router.removeTable(.scheme("never")))
        #expect(router.canRoute("a"))
    }
}

/// A large table: every generated route is reachable by a URL built for it.
@Suite("Generated tables")
struct GeneratedTableTests {
    /// A deterministic generator (SplitMix64), so the table is the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test func tenThousandRoutesAreEachReachable() throws {
        var generator = Generator(state: 42)
        let words = ["shop", "user", "item", "café", "a b", "x+y", "order", "list", "tab", "v2"]
        var patterns: [String] = []
        var seen = Set<[String]>()
        while patterns.count < 10_000 {
            let depth = 1 + generator.next(5)
            var segments: [String] = []
            for index in 0..<depth {
                segments.append(
                    generator.next(3) == 0 ? ":p\(index)" : "\(words[generator.next(words.count)])\(generator.next(50))"
                )
            }
            // One route per shape, so the route a URL reaches is known.
            let shape = segments.map { $0.hasPrefix(":") ? ":" : $0 }
            if seen.insert(shape).inserted { patterns.append("/" + segments.joined(separator: "/")) }
        }
        let router = try Router(patterns)
        #expect(router.routes.count == 10_000)
        for pattern in patterns {
            let segments = pattern.split(separator: "/")
            let path = segments.map { segment in
                segment.hasPrefix(":") ? "v%2F\(segment.dropFirst())" : encode(String(segment))
            }
            let match = try #require(try router.match("app:///" + path.joined(separator: "/")))
            // A literal beats a parameter, so a more literal route may win; it must still agree with the URL.
            let expected = Dictionary(
                uniqueKeysWithValues: segments.filter { $0.hasPrefix(":") }.map {
                    (String($0.dropFirst()), "v/\($0.dropFirst())")
                })
            if match.route.pattern.written == pattern {
                #expect(match.parameters.dictionary == expected)
            } else {
                Issue.record("\(pattern) was reached as \(match.route.pattern.written)")
            }
        }
    }

    private func encode(_ text: String) -> String {
        text.utf8.map { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true)
        }.joined()
    }
}
