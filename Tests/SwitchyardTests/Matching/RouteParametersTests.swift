import Switchyard
import Testing

@Suite("Route parameters read in place")
struct RouteParametersTests {
    private func parameters(_ pattern: String, _ link: String) throws -> RouteParameters? {
        let router = Router()
        try router.add(pattern)
        return try router.match(link)?.parameters
    }

    @Test func aParameterIsReadByNameAndAnUnknownNameIsNil() throws {
        let parameters = try #require(try parameters("/user/:name/orders/:order", "myapp://user/joel/orders/7"))
        #expect(parameters["name"] == "joel")
        #expect(parameters["order"] == "7")
        #expect(parameters["orders"] == nil)
        #expect(parameters["nam"] == nil)
        #expect(parameters.count == 2)
    }

    @Test func iterationAndNamesFollowThePatternsOrder() throws {
        let parameters = try #require(try parameters("/:z/:a/:m", "c/b/a"))
        #expect(parameters.names == ["z", "a", "m"])
        #expect(parameters.map(\.value) == ["c", "b", "a"])
        #expect(parameters.dictionary == ["z": "c", "a": "b", "m": "a"])
        #expect(parameters.description == #"["z": "c", "a": "b", "m": "a"]"#)
    }

    @Test func equalityAndHashingIgnoreOrder() throws {
        let matched = try #require(try parameters("/:z/:a", "1/2"))
        let literal: RouteParameters = ["a": "2", "z": "1"]
        #expect(matched == literal)
        #expect(matched.hashValue == literal.hashValue)
        #expect(Set([matched, literal]).count == 1)
        #expect(matched != ["a": "2", "z": "9"])
        #expect(matched != ["a": "2"])
        #expect(RouteParameters(["z": "1", "a": "2"]) == matched)
    }

    @Test func matchesOfOnePatternInTwoRoutersCompareByValue() throws {
        let same = try #require(try parameters("/:z/:a", "1/2"))
        #expect(try parameters("/:z/:a", "1/2") == same)
        #expect(try parameters("/:z/:a", "1/3") != same)
        #expect(try parameters("/:a/:z", "2/1") == same)
        #expect(try parameters("/:a/:z", "1/2") != same)
        #expect(try parameters("/:z(/:a)", "1/2") == same)
    }

    @Test func aRouteWithoutParametersHasNone() throws {
        let parameters = try #require(try parameters("/about/team", "about/team"))
        #expect(parameters.isEmpty)
        #expect(parameters == [:])
        #expect(parameters.description == "[:]")
        #expect(parameters["about"] == nil)
    }

    @Test func theExpansionThatMatchedNamesTheParameters() throws {
        let router = Router()
        try router.add("/the(/foo/:a)(/bar/:b)")
        #expect(try router.match("the/bar/2")?.parameters == ["b": "2"])
        #expect(try router.match("the/foo/1/bar/2")?.parameters.names == ["a", "b"])
        #expect(try router.match("the/foo/1")?.parameters["b"] == nil)
    }

    @Test func parametersPastThirtyTwoSegmentsAreNamedToo() throws {
        let pattern = (0..<40).map { "/:p\($0)" }.joined()
        let link = (0..<40).map { "v\($0)" }.joined(separator: "/")
        let parameters = try #require(try parameters(pattern, link))
        #expect(parameters["p39"] == "v39")
        #expect(parameters["p0"] == "v0")
        #expect(parameters.count == 40)
    }
}
