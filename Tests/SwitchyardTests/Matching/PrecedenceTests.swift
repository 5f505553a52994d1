import Switchyard
import Testing

/// Which route wins: priority, then specificity, then registration.
@Suite("Precedence")
struct PrecedenceTests {
    static let orders: [[String]] = [["/a/:x/c", "/a/b/d"], ["/a/b/d", "/a/:x/c"]]

    @Test("backtracking out of a literal branch", arguments: orders)
    func backtracking(patterns: [String]) throws {
        let router = try Router(patterns)
        #expect(router.outcome("app://a/b/c") == .hit(Hit("/a/:x/c", ["x": "b"])))
        #expect(router.outcome("app://a/b/d") == .hit(Hit("/a/b/d")))
    }

    @Test(
        "a literal beats a parameter in either order",
        arguments: [["users/:id", "users/me"], ["users/me", "users/:id"]])
    func literalBeatsParameter(patterns: [String]) throws {
        let router = try Router(patterns)
        #expect(router.outcome("users/me") == .hit(Hit("users/me")))
        #expect(router.outcome("users/7") == .hit(Hit("users/:id", ["id": "7"])))
    }

    @Test func priorityComesBeforeSpecificity() throws {
        let router = Router()
        try router.add("/users/me")
        try router.add("/users/:id", priority: 10)
        #expect(router.outcome("app://users/me") == .hit(Hit("/users/:id", ["id": "me"])))
        #expect(try router.matches("app://users/me").map(\.route.expansion) == ["/users/:id", "/users/me"])
    }

    static let specificity: [([String], String, Outcome)] = [
        (["/files/*", "/files/:name"], "app://files/a", .hit(Hit("/files/:name", ["name": "a"]))),
        (["/files/*", "/files/:name"], "app://files/a/b", .hit(Hit("/files/*", wildcard: ["a", "b"]))),
        (["/files/*", "/files/:name"], "app://files", .hit(Hit("/files/*", wildcard: []))),
        (["/a/*", "/a"], "app://a", .hit(Hit("/a"))),
        (["/a/*", "/a"], "app://a/b", .hit(Hit("/a/*", wildcard: ["b"]))),
        (["/:x/b", "/a/*"], "app://a/b", .hit(Hit("/a/*", wildcard: ["b"]))),
        (["/:a/:b", "/*"], "x/y", .hit(Hit("/:a/:b", ["a": "x", "b": "y"]))),
        (["/", "/*"], "x", .hit(Hit("/*", wildcard: ["x"]))),
    ]

    @Test("specificity, segment by segment", arguments: specificity)
    func specificityDecides(patterns: [String], input: String, expected: Outcome) throws {
        #expect(try Router(patterns).outcome(input) == expected)
        #expect(try Router(patterns.reversed()).outcome(input) == expected)
    }

    @Test func tyingExpansionsKeepGroupOrder() throws {
        let match = try #require(try Router(["/a(/:x)(/:yy)"]).match("app://a/1"))
        #expect(Hit(match) == Hit("/a(/:x)(/:yy)", ["x": "1"]))
        #expect(match.route.expansion == "/a/:x")
    }

    @Test func allCandidatesComeInMatchOrder() throws {
        let router = try Fixture.g()
        #expect(
            try router.matches("tests://test").map(\.route.expansion) == ["/test", "/:any"])
        #expect(
            try router.matches("tests://user/view/joeldev").map(\.route.expansion) == [
                "/user/view/:userID", "/:object/:action/:primaryKey",
            ])
    }

    static let constrained: [(String, Outcome)] = [
        ("app://item/42", .hit(Hit("/item/:id", ["id": "42"]))),
        ("app://item/abc", .hit(Hit("/item/:slug", ["slug": "abc"]))),
        ("app://tab/food", .hit(Hit("/tab/:tab", ["tab": "food"]))),
        ("app://tab/x", .noMatch),
    ]

    @Test("a value that fails its constraint makes the route no candidate", arguments: constrained)
    func constraints(input: String, expected: Outcome) throws {
        let router = Router()
        try router.add("/item/:id", constraints: ["id": .digits])
        try router.add("/item/:slug")
        try router.add("/tab/:tab", constraints: ["tab": .oneOf("home", "travel", "food")])
        #expect(router.outcome(input) == expected)
    }

    @Test func constraintsBacktrackIntoOtherBranches() throws {
        let router = Router()
        try router.add("/a/:x/c", constraints: ["x": ParameterConstraint("short") { $0.count < 3 }])
        try router.add("/:y/long/c")
        #expect(router.outcome("a/long/c") == .hit(Hit("/:y/long/c", ["y": "a"])))
        #expect(router.outcome("a/ok/c") == .hit(Hit("/a/:x/c", ["x": "ok"])))
    }

    /// A table keeps a registration's constraints once, by the depth of the parameter they test in each expansion,
    /// and gives them back by name: to reverse routing, and to the table it rebuilds when a route is removed.
    @Test func constraintsApplyToEveryExpansionAndSurviveARebuild() throws {
        let router = Router()
        try router.add("/item/:id(/:part)", name: "item", constraints: ["id": .digits, "part": .oneOf("a", "b")])
        try router.add("/other")
        #expect(router.removeRoutes(pattern: "/other") == 1)
        #expect(try router.match("item/12/a")?.parameters == ["id": "12", "part": "a"])
        #expect(try router.match("item/12/c") == nil)
        #expect(try router.match("item/x") == nil)
        #expect(try router.match("item/12")?.parameters == ["id": "12"])
        #expect(try router.link(for: "item", parameters: ["id": "7", "part": "b"]) == "/item/7/b")
        #expect(throws: LinkError.self) { try router.link(for: "item", parameters: ["id": "x"]) }
        #expect(throws: LinkError.self) { try router.link(for: "item", parameters: ["id": "7", "part": "c"]) }
    }

    @Test func constraintValuesCompareByteForByte() throws {
        let router = Router()
        try router.add("/menu/:item", constraints: ["item": .oneOf("café")])
        #expect(router.canRoute("menu/caf%C3%A9"))
        #expect(!router.canRoute("menu/cafe%CC%81"))
    }

    @Test func duplicatesAreKeptInRegistrationOrderAndMarked() throws {
        let router = Router()
        try router.add("a", name: "first")
        try router.add("a", name: "second")
        try router.add("b")
        #expect(try router.matches("a").map(\.route.name) == ["first", "second"])
        #expect(router.routes.map(\.isDuplicate) == [true, true, false])
        let walk = try Router(["road/to/:city", "road/to/:town"])
        #expect(walk.routes.map(\.isDuplicate) == [true, true])
    }

    /// A route is a value: one found before its table changes keeps what it was, and routes compare and hash by what
    /// they are, however they were found.
    @Test func aRouteFoundBeforeItsTableChangesKeepsWhatItWas() throws {
        let router = Router()
        for index in 0..<5_000 { try router.add("/filler/\(index)") }
        try router.add("/a", name: "first")
        let before = try #require(try router.match("a")).route
        let again = try #require(try router.match("a")).route
        #expect(before == again && before.hashValue == again.hashValue)

        try router.add("/a", name: "second")
        let after = try #require(try router.match("a")).route
        #expect(!before.isDuplicate && after.isDuplicate)
        #expect(before.name == "first" && after.name == "first")
        #expect(before != after)
        #expect(Set([before, again, after]).count == 2)
        #expect(router.routes.filter { $0.expansion == "/a" }.map(\.isDuplicate) == [true, true])
    }

    /// A route keeps its name, priority and table when it is marked a duplicate, and every expansion of a pattern
    /// has them; a route that has none of them reports the defaults.
    @Test func marksAndExpansionsKeepTheRegistrationsDescription() throws {
        let router = Router()
        try router.add("/p/:x(/q)", name: "first", priority: 3, in: .scheme("myapp"))
        try router.add("/p/:y(/q)", name: "second", priority: 3, in: .scheme("myapp"))
        try router.add("/plain")
        let routes = router.routes(in: .scheme("myapp"))
        #expect(routes.map(\.expansion) == ["/p/:x/q", "/p/:y/q", "/p/:x", "/p/:y"])
        #expect(routes.map(\.name) == ["first", "second", "first", "second"])
        #expect(routes.allSatisfy { $0.priority == 3 && $0.table == .scheme("myapp") && $0.isDuplicate })
        let plain = try #require(router.routes(in: .global).first)
        #expect(plain.name == nil && plain.priority == 0 && plain.table == .global && !plain.isDuplicate)
    }

    @Test(
        "duplicates are shapes equal byte for byte",
        arguments: [
            (["/menu/café", "/menu/cafe\u{301}"], [false, false]),  // canonically equivalent, other bytes
            (["/x/\u{1E0B}\u{323}", "/x/\u{1E0D}\u{307}"], [false, false]),  // the same, and as many bytes
            (["/a/b%2Fc", "/a/b/c"], [false, false]),  // one literal holding a slash, two literals
            (["/p/:x(/q)", "/p/:y(/q)"], [true, true, true, true]),  // every expansion of a shared shape
            (["/p/:x/*", "/p/:x"], [false, false]),
            (["/L1:x", "/L1:x"], [true, true]),  // literal text that looks like the shape encoding
        ])
    func duplicatesAreExactShapes(patterns: [String], marks: [Bool]) throws {
        let router = try Router(patterns)
        #expect(router.routes.map(\.isDuplicate) == marks)
    }

    @Test func literalsThatDifferOnlyInCaseAreDuplicatesWhenCaseIsFolded() throws {
        let patterns = ["/Shop/:id", "/shop/:code", "/shop"]
        let folded = try Router(patterns, options: RouterOptions(matchesLiteralsCaseInsensitively: true))
        #expect(folded.routes.map(\.isDuplicate) == [true, true, false])
        let exact = try Router(patterns)
        #expect(exact.routes.map(\.isDuplicate) == [false, false, false])
    }

    @Test func everyRouteOfAShapeIsMarkedHoweverManyShareIt() throws {
        // Duplicates are found with one lookup per route: many shared shapes build in linear time.
        let router = Router()
        for index in 0..<600 {
            try router.add("/pair\(index / 2)/:p\(index % 2)", name: "pair")
            try router.add("/same/:p\(index)", name: "same")
            try router.add("/alone\(index)/:p", name: "alone")
        }
        let marks = Dictionary(grouping: router.routes, by: { $0.name ?? "" }).mapValues { $0.map(\.isDuplicate) }
        #expect(marks["pair"] == Array(repeating: true, count: 600))
        #expect(marks["same"] == Array(repeating: true, count: 600))
        #expect(marks["alone"] == Array(repeating: false, count: 600))
        #expect(try router.matches("same/x").map(\.route.expansion) == (0..<600).map { "/same/:p\($0)" })
    }

    @Test(
        "routes ending at one node are tried by priority, then registration",
        arguments: [[0, 0, 0], [1, 2, 3], [3, 2, 1], [2, 0, 2, 1, 0, 3, 1, 2], [5, 5, -1, 5, 7, -1, 0, 7, 5]])
    func routesEndingAtOneNodeAreOrdered(priorities: [Int]) throws {
        let router = Router()
        for (index, priority) in priorities.enumerated() {
            try router.add("/item/:p\(index)", name: "\(index)", priority: priority)
        }
        let expected = priorities.indices.sorted { (-priorities[$0], $0) < (-priorities[$1], $1) }
        #expect(try router.matches("item/x").map(\.route.name) == expected.map(String.init))
        #expect(try router.match("item/x")?.route.name == expected.first.map(String.init))
    }

    @Test func caseInsensitiveLiteralsKeepTheValuesCase() throws {
        let folded = try Router(
            ["/shop/product/:id", "/menu/café"], options: RouterOptions(matchesLiteralsCaseInsensitively: true))
        #expect(folded.outcome("app://shop/PRODUCT/AbC") == .hit(Hit("/shop/product/:id", ["id": "AbC"])))
        #expect(folded.outcome("app://menu/CAFÉ") == .hit(Hit("/menu/café")))
        let exact = try Router(["/shop/product/:id", "/menu/café"])
        #expect(exact.outcome("app://shop/PRODUCT/AbC") == .noMatch)
        #expect(exact.outcome("app://menu/CAFÉ") == .noMatch)
    }

    @Test func aMatchMakesTheSameParametersEachTimeAndEqualsTheSameLookup() throws {
        let router = try Router(["/repos/:owner/:repo/issues/:number"])
        let link = "myapp:///repos/apple/swift/issues/42"
        let match = try #require(try router.match(link))
        #expect(match.parameters == ["owner": "apple", "repo": "swift", "number": "42"])
        #expect(match.parameters == match.parameters)
        #expect(try router.match(link) == match)
        #expect(try router.match("myapp:///repos/apple/swift/issues/43") != match)
    }

    @Test func priorityBeatsAMoreSpecificRouteDeepInTheTrie() throws {
        let router = Router()
        try router.add("/a/b/c/d")
        try router.add("/*", priority: 1)
        try router.add("/a/:x/c/:y", priority: 1)
        #expect(router.outcome("a/b/c/d") == .hit(Hit("/a/:x/c/:y", ["x": "b", "y": "d"])))
        #expect(try router.matches("a/b/c/d").map(\.route.expansion) == ["/a/:x/c/:y", "/*", "/a/b/c/d"])
    }

    /// A node keeps a bound of the priorities below it in 32 bits, to skip branches that cannot win; priorities
    /// beyond that range must still be told apart. In each pair the literal branch, searched first, holds the
    /// lower priority, so a bound that clamped the higher one down would skip the winner.
    @Test(
        "priorities beyond 32 bits still order routes",
        arguments: [
            (Int(Int32.max) + 1, Int(Int32.max) + 2), (Int(Int32.max), Int.max), (Int.min, Int.min + 1),
            (Int(Int32.min) - 2, Int(Int32.min) - 1), (-1, Int(Int32.max) + 1),
        ])
    func prioritiesBeyond32Bits(lower: Int, higher: Int) throws {
        let router = Router()
        try router.add("/p/q", priority: lower)
        try router.add("/p/:x", priority: higher)
        #expect(try router.match("p/q")?.route.expansion == "/p/:x")
        #expect(try router.matches("p/q").map(\.route.priority) == [higher, lower])
    }

    /// Routes of one shape share a trie node: the first is kept inline, and from the second on all of them in a list,
    /// each inserted where its priority puts it. Whatever order the priorities come in, the routes come out by
    /// priority, then in the order they were added; for routes that end there and routes that wait for a wildcard.
    @Test(
        "routes of one shape come out by priority, then registration",
        arguments: [[0, 5], [5, 0], [0, 5, 3, 5, -1, 3], [2, 2, 2], [1, 2, 3, 4], [4, 3, 2, 1]],
        ["/same/:x", "/same/*"])
    func routesOfOneShapeKeepPrecedence(priorities: [Int], pattern: String) throws {
        let router = Router()
        for (index, priority) in priorities.enumerated() {
            try router.add(pattern, name: "r\(index)", priority: priority)
        }
        let expected = priorities.enumerated().sorted { ($0.element, -$0.offset) > ($1.element, -$1.offset) }
            .map { "r\($0.offset)" }
        #expect(try router.matches("app://same/7").map(\.route.name) == expected)
        #expect(try router.match("app://same/7")?.route.name == expected.first)
    }

    /// A table keeps no priority bounds until some route has a priority other than 0; the routes added before then
    /// must still be found when a route with a lower priority is found first, in a branch searched earlier.
    @Test func routesAddedBeforeTheFirstPriorityStillWin() throws {
        let router = Router()
        try router.add("/p/:x")
        try router.add("/p/:x/:y")
        try router.add("/p/q", priority: -1)
        try router.add("/p/q/r", priority: -2)
        #expect(try router.match("p/q")?.route.expansion == "/p/:x")
        #expect(try router.match("p/q/r")?.route.expansion == "/p/:x/:y")
        #expect(try router.matches("p/q").map(\.route.priority) == [0, -1])
    }
}
