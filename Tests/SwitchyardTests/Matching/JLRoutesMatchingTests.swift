import Foundation
import Switchyard
import Testing

/// JLRoutes' matching cases, in Switchyard's semantics.
@Suite("JLRoutes matching")
struct JLRoutesMatchingTests {
    static let rootSlashesAndParameters: [(String, Outcome)] = [
        ("tests:/", .hit(Hit("/"))),
        ("tests://", .hit(Hit("/"))),
        ("tests://test?", .hit(Hit("/test"))),
        ("tests://test/", .hit(Hit("/test"))),
        ("tests://test", .hit(Hit("/test"))),
        ("tests://?key=value", .hit(Hit("/", query: [item("key", "value")]))),
        ("tests://user/view/joeldev", .hit(Hit("/user/view/:userID", ["userID": "joeldev"]))),
        ("tests://user/view/joeldev/", .hit(Hit("/user/view/:userID", ["userID": "joeldev"]))),
        ("tests://user/view/joel%20levin", .hit(Hit("/user/view/:userID", ["userID": "joel levin"]))),
        (
            "tests://user/view/joeldev?foo=bar&thing=stuff",
            .hit(Hit("/user/view/:userID", ["userID": "joeldev"], query: [item("foo", "bar"), item("thing", "stuff")]))
        ),
        (
            "tests://post/edit/123",
            .hit(Hit("/:object/:action/:primaryKey", ["object": "post", "action": "edit", "primaryKey": "123"]))
        ),
        (
            "tests://interleaving/paramvalue1/foo/paramvalue2",
            .hit(Hit("/interleaving/:param1/foo/:param2", ["param1": "paramvalue1", "param2": "paramvalue2"]))
        ),
        ("tests://doesnt/exist/and/wont/match", .noMatch),
        // Wildcards.
        ("tests://xyz/wildcard", .hit(Hit("/xyz/wildcard/*", wildcard: []))),
        (
            "tests://xyz/wildcard/matches/with/extra/path/components",
            .hit(Hit("/xyz/wildcard/*", wildcard: ["matches", "with", "extra", "path", "components"]))
        ),
        (
            "tests://route/matches/with/wildcard",
            .hit(Hit("/route/:param/*", ["param": "matches"], wildcard: ["with", "wildcard"]))
        ),
        // The wildcard route beats `/:object/:action/:primaryKey` at segment 1.
        ("tests://route/matches/with", .hit(Hit("/route/:param/*", ["param": "matches"], wildcard: ["with"]))),
        // Optional groups.
        ("tests://required/mustExist", .hit(Hit(Fixture.required, ["requiredParam": "mustExist"]))),
        (
            "tests://required/mustExist/optional/mightExist",
            .hit(Hit(Fixture.required, ["requiredParam": "mustExist", "optionalParam": "mightExist"]))
        ),
        (
            "tests://required/mustExist/optional/mightExist/moreOptional/mightExistToo",
            .hit(
                Hit(
                    Fixture.required,
                    ["requiredParam": "mustExist", "optionalParam": "mightExist", "moreOptionalParam": "mightExistToo"]
                ))
        ),
        // `localhost` is kept apart as a host.
        ("myapp://localhost/test", .hit(Hit("/test"))),
        // A query cannot change the pattern.
        ("tests://test?pattern=x", .hit(Hit("/test", query: [item("pattern", "x")]))),
    ]

    @Test("fixture G", arguments: rootSlashesAndParameters)
    func fixtureG(input: String, expected: Outcome) throws {
        #expect(try Fixture.g().outcome(input) == expected)
    }

    @Test func routeParametersWinOverQueryItemsInTheMergedView() throws {
        let match = try #require(try Fixture.g().match("tests://user/view/joeldev?userID=evilPerson"))
        #expect(Hit(match) == Hit("/user/view/:userID", ["userID": "joeldev"], query: [item("userID", "evilPerson")]))
        #expect(match.mergedParameters == ["userID": "joeldev"])
    }

    @Test func foundationURLIsReadThroughItsAbsoluteString() throws {
        let url = try #require(URL(string: "/test", relativeTo: URL(string: "http://localhost")))
        let match = try #require(try Fixture.g().match(url))
        #expect(Hit(match) == Hit("/test"))
        #expect(match.link.host == "localhost")
        #expect(match.link.pathComponents == ["test"])
    }

    static let wildcardTable: [(String, Outcome)] = [
        ("wildcardTests://list/variable/detail/", .noMatch),
        (
            "wildcardTests://list/variable/detail/variable2",
            .hit(
                Hit(
                    "list/:variable/detail/:variable2/*", table: .scheme("wildcardtests"),
                    ["variable": "variable", "variable2": "variable2"], wildcard: []))
        ),
    ]

    @Test("scheme table with a wildcard", arguments: wildcardTable)
    func wildcardInASchemeTable(input: String, expected: Outcome) throws {
        let router = Router()
        try router.add("list/:variable/detail/:variable2/*", in: .scheme("wildcardTests"))
        #expect(router.outcome(input) == expected)
    }

    @Test func wildcardMatchingNothingGivesAnEmptyList() throws {
        #expect(try Router(["/*"]).outcome("tests://") == .hit(Hit("/*", wildcard: [])))
    }

    static let optionalGroups: [(String, [String], String, [String: String]?)] = [
        (
            "/path/:thing(/new)(/anotherpath/:anotherthing)",
            [
                "/path/:thing/new/anotherpath/:anotherthing", "/path/:thing/anotherpath/:anotherthing",
                "/path/:thing/new", "/path/:thing",
            ], "foo://path/abc/new/anotherpath/def", ["thing": "abc", "anotherthing": "def"]
        ),
        (
            "/(rest/)(app/):object/:id",
            ["/rest/app/:object/:id", "/rest/:object/:id", "/app/:object/:id", "/:object/:id"],
            "foo://rest/app/aaa/bbb", ["object": "aaa", "id": "bbb"]
        ),
        (
            "/the(/foo/:a)(/bar/:b)", ["/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the"], "foo://the/bar/2",
            ["b": "2"]
        ),
    ]

    @Test("optional groups expand longest first", arguments: optionalGroups)
    func optionalGroupsExpand(pattern: String, expansions: [String], input: String, parameters: [String: String]?)
        throws
    {
        let router = try Router([pattern])
        #expect(router.routes(in: .global).map(\.expansion) == expansions)
        #expect(router.routes(in: .global).allSatisfy { $0.pattern.written == pattern })
        #expect(router.outcome(input) == parameters.map { .hit(Hit(pattern, $0)) } ?? .noMatch)
    }

    static let groupInputs: [(String, String, Outcome)] = [
        (
            "/path/:thing(/new)(/anotherpath/:anotherthing)", "foo://path/foo/anotherpath/bar",
            .hit(Hit("", ["thing": "foo", "anotherthing": "bar"]))
        ),
        ("/path/:thing(/new)(/anotherpath/:anotherthing)", "foo://path/yyy/new", .hit(Hit("", ["thing": "yyy"]))),
        ("/path/:thing(/new)(/anotherpath/:anotherthing)", "foo://path/zzz", .hit(Hit("", ["thing": "zzz"]))),
        ("/path/:thing(/new)(/anotherpath/:anotherthing)", "foo://path/zzz/anotherpath", .noMatch),
        ("/(rest/)(app/):object/:id", "foo://app/aaa/bbb", .hit(Hit("", ["object": "aaa", "id": "bbb"]))),
        ("/(rest/)(app/):object/:id", "foo://rest/aaa/bbb", .hit(Hit("", ["object": "aaa", "id": "bbb"]))),
        ("/(rest/)(app/):object/:id", "foo://aaa/bbb", .hit(Hit("", ["object": "aaa", "id": "bbb"]))),
        ("/(rest/):object/(app/):id", "foo://rest/aaa/app/bbb", .hit(Hit("", ["object": "aaa", "id": "bbb"]))),
        ("/(rest/):object/(app/):id", "foo://aaa/app/bbb", .hit(Hit("", ["object": "aaa", "id": "bbb"]))),
        ("/(rest/):object/(app/):id", "foo://rest/aaa/bbb", .hit(Hit("", ["object": "aaa", "id": "bbb"]))),
        ("/(rest/):object/(app/):id", "foo://aaa/bbb", .hit(Hit("", ["object": "aaa", "id": "bbb"]))),
        ("/(rest/):object/(app/):id", "foo://rest/app/bbb", .hit(Hit("", ["object": "app", "id": "bbb"]))),
    ]

    @Test("inputs against optional groups", arguments: groupInputs)
    func optionalGroupInputs(pattern: String, input: String, expected: Outcome) throws {
        var expected = expected
        if case .hit(var hit) = expected {
            hit.pattern = pattern
            expected = .hit(hit)
        }
        #expect(try Router([pattern]).outcome(input) == expected)
    }

    @Test func s10ReportsTheExpansionThatMatched() throws {
        let match = try #require(try Router(["/(rest/):object/(app/):id"]).match("foo://rest/app/bbb"))
        #expect(match.route.expansion == "/rest/:object/:id")
    }

    @Test func removingAWrittenPatternRemovesAllItsExpansions() throws {
        let router = try Router(["/path/:thing(/new)"])
        #expect(router.removeRoutes(pattern: "/path/:thing(/new)") == 1)
        #expect(router.routes.isEmpty)
        #expect(router.outcome("foo://path/x") == .noMatch)
        #expect(router.outcome("foo://path/x/new") == .noMatch)
    }

    @Test func fragmentIsKeptAndIgnoredUnlessRouted() throws {
        let input = "tests://user/view/joeldev#foo=bar&thing=stuff"
        let plain = try #require(try Fixture.g().match(input))
        #expect(Hit(plain) == Hit("/user/view/:userID", ["userID": "joeldev"]))
        #expect(plain.link.fragment == "foo=bar&thing=stuff")
        let routed = try #require(try Fixture.g(RouterOptions(routesFragments: true)).match(input))
        #expect(
            Hit(routed)
                == Hit(
                    "/user/view/:userID", ["userID": "joeldev"], query: [item("foo", "bar"), item("thing", "stuff")]))
        #expect(try Fixture.g().match("tests://user/view/joeldev#")?.link.fragment == "")
    }

    static let fragmentRouting: [(String, Outcome)] = [
        ("tests://user#/view/joeldev", .hit(Hit("/user/view/:userID", ["userID": "joeldev"]))),
        ("tests://user#/view/joeldev/", .hit(Hit("/user/view/:userID", ["userID": "joeldev"]))),
        ("tests://user#/view/joel%20levin", .hit(Hit("/user/view/:userID", ["userID": "joel levin"]))),
        (
            "tests://user#/view/joeldev?foo=bar&thing=stuff",
            .hit(Hit("/user/view/:userID", ["userID": "joeldev"], query: [item("foo", "bar"), item("thing", "stuff")]))
        ),
        (
            "tests://user#/view/joeldev?userID=evilPerson",
            .hit(Hit("/user/view/:userID", ["userID": "joeldev"], query: [item("userID", "evilPerson")]))
        ),
        (
            "tests://user?search=niceSearch&go=home#/view/joeldev?userID=evilPerson&&evilThing=evil",
            .hit(
                Hit(
                    "/user/view/:userID", ["userID": "joeldev"],
                    query: [
                        item("search", "niceSearch"), item("go", "home"), item("userID", "evilPerson"),
                        item("evilThing", "evil"),
                    ]))
        ),
        (
            "tests://post#/edit/123",
            .hit(Hit("/:object/:action/:primaryKey", ["object": "post", "action": "edit", "primaryKey": "123"]))
        ),
        (
            "tests://interleaving/paramvalue1#/foo/paramvalue2",
            .hit(Hit("/interleaving/:param1/foo/:param2", ["param1": "paramvalue1", "param2": "paramvalue2"]))
        ),
        ("tests://xyz/wildcard#", .hit(Hit("/xyz/wildcard/*", wildcard: []))),
        (
            "tests://xyz/wildcard#/matches/with/extra/path/components",
            .hit(Hit("/xyz/wildcard/*", wildcard: ["matches", "with", "extra", "path", "components"]))
        ),
        (
            "tests://route#/matches/with/wildcard",
            .hit(Hit("/route/:param/*", ["param": "matches"], wildcard: ["with", "wildcard"]))
        ),
        ("tests://doesnt/exist#/and/wont/match", .noMatch),
        ("tests://required#/mustExist", .hit(Hit(Fixture.required, ["requiredParam": "mustExist"]))),
        (
            "tests://required#/mustExist/optional/mightExist",
            .hit(Hit(Fixture.required, ["requiredParam": "mustExist", "optionalParam": "mightExist"]))
        ),
        (
            "tests://required#/mustExist/optional/mightExist/moreOptional/mightExistToo",
            .hit(
                Hit(
                    Fixture.required,
                    ["requiredParam": "mustExist", "optionalParam": "mightExist", "moreOptionalParam": "mightExistToo"]
                ))
        ),
    ]

    @Test("fixture F: fragment routing", arguments: fragmentRouting)
    func fixtureF(input: String, expected: Outcome) throws {
        #expect(try Fixture.f().outcome(input) == expected)
    }

    @Test func fragmentQueryItemsComeAfterTheURLsOwnAndRouteParametersWin() throws {
        let router = try Fixture.g(RouterOptions(routesFragments: true))
        let input =
            "tests://user/view/joeldev?userID=evilPerson&search=evilSearch&evilThing=evil#userID=otherEvilPerson"
        let match = try #require(try router.match(input))
        #expect(
            Array(match.link.query) == [
                item("userID", "evilPerson"), item("search", "evilSearch"), item("evilThing", "evil"),
                item("userID", "otherEvilPerson"),
            ])
        #expect(match.mergedParameters == ["userID": "joeldev", "search": "evilSearch", "evilThing": "evil"])
        let fragmentPath = try #require(
            try Fixture.f().match("tests://user#/view/joeldev?userID=evilPerson&search=evilSearch&evilThing=evil"))
        #expect(fragmentPath.mergedParameters == ["userID": "joeldev", "search": "evilSearch", "evilThing": "evil"])
    }

    @Test func fragmentItemWithAnEmptyValueIsAnOrdinaryValue() throws {
        let plain = try #require(try Router(["/a"]).match("tests://a#x=&y=1"))
        #expect(Hit(plain) == Hit("/a"))
        #expect(plain.link.fragment == "x=&y=1")
        let routed = try Router(["/a"], options: RouterOptions(routesFragments: true))
        #expect(routed.outcome("tests://a#x=&y=1") == .hit(Hit("/a", query: [item("x", ""), item("y", "1")])))
    }

    @Test func severalPatternsMatchTheirOwnInputs() throws {
        let router = try Router(["/multiple1", "/multiple2"])
        #expect(router.outcome("tests://multiple1") == .hit(Hit("/multiple1")))
        #expect(router.outcome("tests://multiple2") == .hit(Hit("/multiple2")))
    }

    @Test func higherPriorityWins() throws {
        let router = Router()
        try router.add("/test/priority/:level")
        try router.add("/test/priority/high", priority: 20)
        #expect(router.outcome("tests://test/priority/high") == .hit(Hit("/test/priority/high")))
    }

    static let priorityTable: [(String, Outcome)] = [
        (
            "priorityTest://stuff/things/foo",
            .hit(Hit("/:foo/things/:baz", table: .scheme("prioritytest"), ["foo": "stuff", "baz": "foo"]))
        ),
        (
            "priorityTest://one/two",
            .hit(Hit("/:foo/:baz", table: .scheme("prioritytest"), ["foo": "one", "baz": "two"]))
        ),
        (
            "priorityTest://stuff/bar/baz",
            .hit(Hit("/:foo/bar/:baz", table: .scheme("prioritytest"), ["foo": "stuff", "baz": "baz"]))
        ),
    ]

    @Test("priorities in a scheme table", arguments: priorityTable)
    func prioritiesInASchemeTable(input: String, expected: Outcome) throws {
        let router = Router()
        try router.add("/:foo/bar/:baz", priority: 20, in: .scheme("priorityTest"))
        try router.add("/:foo/things/:baz", priority: 10, in: .scheme("priorityTest"))
        try router.add("/:foo/:baz", priority: 1, in: .scheme("priorityTest"))
        #expect(router.outcome(input) == expected)
    }

    @Test func canRouteRunsNothingAndSaysWhetherARouteMatches() throws {
        let router = try Router(["/test", "/subscripting"])
        #expect(router.canRoute("tests:/test"))
        #expect(!router.canRoute("tests:/dfjkbsdkjfbskjdfb/sdasd"))
        #expect(router.canRoute("subscripting"))
        #expect(!router.canRoute("tests://test/%ZZ"))
    }

    @Test func introspectionListsRoutesInMatchOrder() throws {
        let router = Router()
        try router.add("/a")
        try router.add("/b", priority: 5)
        try router.add("/c")
        try router.add("/d", priority: 5)
        #expect(router.routes.map(\.expansion) == ["/b", "/d", "/a", "/c"])

        let other = Router()
        try other.add("/a/:x")
        try other.add("/a/b")
        try other.add("/z", priority: 1)
        #expect(other.routes.map(\.expansion) == ["/z", "/a/b", "/a/:x"])
    }
}
