import Switchyard
import Testing

@Suite("Checking a router built in code")
struct RouterCheckTests {
    /// A router with `patterns` added in order to the global table, each `pattern` or `pattern priority`.
    private static func router(_ patterns: [String], foldsCase: Bool = false) throws -> Router {
        let router = Router(options: RouterOptions(matchesLiteralsCaseInsensitively: foldsCase))
        for line in patterns {
            let parts = line.split(separator: " ")
            try router.add(String(parts[0]), priority: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        }
        return router
    }

    static let cases: [(patterns: [String], codes: [String], example: String?)] = [
        (["/product/:id", "/product/:sku"], ["duplicate"], "/product/value"),
        (["/a(/:x)(/:y)"], ["ambiguous"], "/a/value"),
        (["/a/*", "/a/b/:c", "/b/* 1", "/b/c"], ["unreachable"], "/b/c"),
        (["/p/:id(/edit)", "/p/:slug"], ["shadowed"], "/p/value"),
        (["/product/:id", "/products/:id", "/product/new"], [], nil),
        (["/Shop/:id", "/shop/:id"], [], nil),
    ]

    @Test("each kind of finding, from routes added in code", arguments: cases)
    func findsEachKind(patterns: [String], codes: [String], example: String?) throws {
        let findings = try Self.router(patterns).check()
        #expect(findings.map(\.code.name) == codes)
        #expect(findings.first?.example == example)
    }

    /// A large table finds what a small one finds, each finding once: 20,000 routes of one priority with a shadowed
    /// expansion and an unreachable route among them (the check compares a route with the routes of its shape and
    /// of a higher priority only; it compared every pair, and 8,000 routes took a minute in a debug build).
    @Test func aLargeTableGivesTheFindingsOfItsFewRoutesThatCompete() throws {
        var patterns = (0..<20_000).map { "/p\($0)/:id/x\($0 % 7)" }
        patterns.insert("/p77/:id(/x0)", at: 10_000)
        patterns.append("/q/* 1")
        patterns.append("/q/r")
        let findings = try Self.router(patterns).check()
        #expect(findings.map(\.code.name) == ["unreachable", "shadowed"])
        #expect(
            findings.map { $0.routes.map(\.pattern.written) } == [["/q/r", "/q/*"], ["/p77/:id(/x0)", "/p77/:id/x0"]])
    }

    @Test func literalCaseCountsOnlyWhereTheRouterFoldsIt() throws {
        let findings = try Self.router(["/Shop/:id", "/shop/:id"], foldsCase: true).check()
        #expect(findings.map(\.code) == [.duplicate])
        #expect(findings.first?.routes.map(\.expansion) == ["/Shop/:id", "/shop/:id"])
    }

    @Test func aDuplicateFindingNamesTheRoutesTheRouterMarks() throws {
        let router = try Self.router(["/a/:x", "/b/:y", "/a/:z", "/a/:w", "/b/c"])
        let finding = try #require(router.check().first)
        #expect(finding.code == .duplicate)
        #expect(finding.routes == router.routes.filter(\.isDuplicate))
        #expect(
            finding.message == "/a/:x and /a/:z and /a/:w have the same shape in table global; only the first can win")
    }

    @Test func aConstrainedFirstRouteLetsTheNextThroughSoOnlyLaterOnesAreDuplicates() throws {
        let router = Router()
        try router.add("/item/:id", constraints: ["id": .digits])
        try router.add("/item/:slug")
        #expect(router.routes.allSatisfy { $0.isDuplicate })
        #expect(router.check().isEmpty)
        try router.add("/item/:other")
        #expect(router.check().map(\.code) == [.duplicate])
        #expect(router.check().first?.routes.map(\.expansion) == ["/item/:slug", "/item/:other"])
    }

    @Test func namesGivenTwiceAcrossTables() throws {
        let router = Router()
        try router.add("/product/:id", name: "product")
        try router.add("/item/:id", name: "product", in: .scheme("myapp"))
        let finding = try #require(router.check().first)
        #expect(finding.code == .duplicateName)
        #expect(finding.example == "myapp://item/value")
        #expect(
            finding.description.hasPrefix("duplicateName: the name 'product' is given to /product/:id and /item/:id"))
    }

    @Test func routesInDifferentTablesAreNeverDuplicates() throws {
        let router = Router()
        try router.add("/product/:id")
        try router.add("/product/:id", in: .scheme("myapp"))
        #expect(router.check().isEmpty)
        #expect(!router.routes.contains { $0.isDuplicate })
    }
}
