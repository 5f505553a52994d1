import Switchyard
import Testing

/// Scheme tables and fallback.
@Suite("Scheme tables")
struct SchemeTableTests {
    static func namespaces() throws -> Router {
        let router = try Router(["/test"])
        try router.add("/test", in: .scheme("namespaceTest1"))
        try router.add("/test", in: .scheme("namespaceTest2"))
        return router
    }

    static let namespaceCases: [(String, Outcome)] = [
        ("tests://test", .hit(Hit("/test"))),
        ("namespaceTest1://test", .hit(Hit("/test", table: .scheme("namespacetest1")))),
        ("namespaceTest2://test", .hit(Hit("/test", table: .scheme("namespacetest2")))),
    ]

    @Test("each scheme goes to its own table", arguments: namespaceCases)
    func schemesGoToTheirOwnTable(input: String, expected: Outcome) throws {
        #expect(try Self.namespaces().outcome(input) == expected)
    }

    @Test func onlyATableThatFallsBackConsultsTheGlobalTable() throws {
        let router = try Router(["/user/view/:userID"])
        try router.add("/test", in: .scheme("namespaceTest1"))
        try router.add("/test", in: .scheme("namespaceTest2"))
        router.updateSettings(for: .scheme("namespaceTest2")) { $0.fallsBackToGlobalRoutes = true }
        #expect(router.outcome("namespaceTest1://user/view/joeldev") == .noMatch)
        #expect(
            router.outcome("namespaceTest2://user/view/joeldev")
                == .hit(Hit("/user/view/:userID", ["userID": "joeldev"])))
    }

    @Test func aFreshRouterHasItsOwnRoutes() throws {
        let first = try Router(["/success"])
        let second = try Router(["/other"])
        #expect(first.outcome("/success") == .hit(Hit("/success")))
        #expect(second.outcome("/success") == .noMatch)
    }

    @Test func removingRoutesAndTables() throws {
        let router = try Router(["/:any"])
        try router.add("/test1", in: .scheme("namespaceTest3"))
        try router.add("/test2", in: .scheme("namespaceTest3"))
        let table = RouteTable.scheme("namespacetest3")
        #expect(router.outcome("namespaceTest3://test1") == .hit(Hit("/test1", table: table)))
        #expect(router.removeRoutes(pattern: "/test1", from: .scheme("namespaceTest3")) == 1)
        #expect(router.outcome("namespaceTest3://test1") == .noMatch)
        #expect(router.outcome("namespaceTest3://test2") == .hit(Hit("/test2", table: table)))
        #expect(router.removeTable(.scheme("NamespaceTest3")))
        #expect(router.outcome("namespaceTest3://test2") == .hit(Hit("/:any", ["any": "test2"])))
    }

    @Test func introspectionByTableCreatesNothing() throws {
        let router = try Router(["/global1", "/global2", "/global3"])
        try router.add("/scheme1", in: .scheme("scheme"))
        try router.add("/scheme2", in: .scheme("scheme"))
        #expect(router.routes(in: .global).map(\.expansion) == ["/global1", "/global2", "/global3"])
        #expect(router.routes(in: .scheme("scheme")).map(\.expansion) == ["/scheme1", "/scheme2"])
        #expect(router.routes(in: .scheme("foo")).isEmpty)
        #expect(router.settings(for: .scheme("foo")) == nil)
        #expect(router.tables == [.global, .scheme("scheme")])
        #expect(router.routes.map(\.expansion) == ["/global1", "/global2", "/global3", "/scheme1", "/scheme2"])
    }

    @Test("schemes compare case-insensitively", arguments: ["myapp://a", "MYAPP://a", "mYaPp://a", "MyApp://a"])
    func schemesAreCaseInsensitive(input: String) throws {
        let router = Router()
        try router.add("/a", in: .scheme("MyApp"))
        let match = try #require(try router.match(input))
        #expect(Hit(match) == Hit("/a", table: .scheme("myapp")))
        #expect(match.link.scheme == "myapp")
    }

    @Test(
        "a link's scheme reads lowercased without a scheme table too",
        arguments: ["myapp:///a", "MYAPP:///a", "MyApp:a", "Com.Example-App+X://a"])
    func schemeIsLowercasedWithoutSchemeTables(input: String) throws {
        let router = try Router(["/a"])
        let match = try #require(try router.match(input))
        #expect(match.link.scheme == String(input.prefix { $0 != ":" }).lowercased())
        #expect(match.link.input == input)
    }

    @Test("route strings go to the global table", arguments: ["about/team", "/about/team", "about/team/"])
    func routeStringsGoToTheGlobalTable(input: String) throws {
        let router = try Router(["/about/team"])
        try router.add("/team", in: .scheme("about"))
        let match = try #require(try router.match(input))
        #expect(Hit(match) == Hit("/about/team"))
        #expect(!match.link.isExternal)
        #expect(match.link.scheme == nil)
        #expect(match.link.host == nil)
    }

    static let colonCases: [(String, Outcome, Bool)] = [
        ("12:30/x", .hit(Hit("/:time/x", ["time": "12:30"])), false),
        ("a/b:c", .hit(Hit("/a/:y", ["y": "b:c"])), false),
        ("about:team", .hit(Hit("/team", table: .scheme("about"))), true),
    ]

    @Test("a colon makes a scheme only before any slash", arguments: colonCases)
    func colonsInRouteStrings(input: String, expected: Outcome, isExternal: Bool) throws {
        let router = try Router(["/:time/x", "/a/:y"])
        try router.add("/team", in: .scheme("about"))
        #expect(router.outcome(input) == expected)
        #expect(try router.match(input)?.link.isExternal == isExternal)
    }

    @Test func ignoredHostTakesNoPartInMatching() throws {
        let router = Router()
        try router.add("hello", in: .scheme("com.app"))
        router.updateSettings(for: .scheme("com.app")) { $0.hostPolicy = .ignored }
        #expect(router.outcome("com.app:hello") == .hit(Hit("hello", table: .scheme("com.app"))))
        #expect(router.outcome("com.app://hello") == .noMatch)
        #expect(try router.match("com.app://hello") == nil)
    }

    @Test func fallbackAppendsTheGlobalCandidatesAfterTheSchemeOnes() throws {
        // The candidates' order
        let router = try Router(["/item/:id"])
        try router.add("/item/:id", in: .scheme("app"))
        router.updateSettings(for: .scheme("app")) { $0.fallsBackToGlobalRoutes = true }
        #expect(try router.matches("app://item/3").map(\.table) == [.scheme("app"), .global])
    }

    @Test func anEmptiedSchemeTableStillCapturesItsScheme() throws {
        let router = try Router(["/a"])
        try router.add("/a", in: .scheme("app"))
        router.removeRoutes(pattern: "/a", from: .scheme("app"))
        #expect(router.outcome("app://a") == .noMatch)
        #expect(router.tables == [.global, .scheme("app")])
    }
}
