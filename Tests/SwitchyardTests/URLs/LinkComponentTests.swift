import Switchyard
import Testing

/// A matched link makes its component list when it is read, from the input's bytes: the list must be the one
/// matching saw, for every way a link can be taken apart.
@Suite("Link components")
struct LinkComponentTests {
    static let cases: [(link: String, policy: HostPolicy, components: [String])] = [
        ("myapp://product/1988", .automatic, ["product", "1988"]),
        ("myapp://PRODUCT/1988", .automatic, ["product", "1988"]),
        ("myapp:///product/1988", .automatic, ["product", "1988"]),
        ("https://Shop.Example.com/product/7?x=1#top", .automatic, ["product", "7"]),
        ("https://shop.example.com/product/7", .pathComponent, ["shop.example.com", "product", "7"]),
        ("https://shop%2Eexample.com/a", .pathComponent, ["shop.example.com", "a"]),
        ("myapp://product/1988", .ignored, ["1988"]),
        ("https://[::1]:8080/a/b", .automatic, ["a", "b"]),
        ("myapp://a//b///c/", .automatic, ["a", "b", "c"]),
        ("myapp:///caf%C3%A9/a%2Fb/%20/x+y", .automatic, ["café", "a/b", " ", "x+y"]),
        ("myapp:///%E2%9C%88%EF%B8%8F/\u{1F600}", .automatic, ["✈️", "\u{1F600}"]),
        ("a/b%3Fc/d", .automatic, ["a", "b?c", "d"]),
        ("/", .automatic, []),
        ("myapp://host", .pathComponent, ["host"]),
    ]

    @Test("components read later are those matching saw", arguments: cases)
    func componentsReadLaterAreThoseMatchingSaw(link: String, policy: HostPolicy, components: [String]) throws {
        let router = try Router(["/*"])
        router.updateSettings(for: .global) { $0.hostPolicy = policy }
        let match = try #require(try router.match(link))
        #expect(match.link.pathComponents == components)
        #expect(match.wildcardComponents == components)
        #expect(try router.matches(link).first?.link.pathComponents == components)
    }

    @Test func fragmentComponentsFollowThePath() throws {
        let router = try Router(["/*"], options: RouterOptions(routesFragments: true))
        let match = try #require(try router.match("myapp://shop/a#/b/c%2Fd?x=1"))
        #expect(match.link.pathComponents == ["shop", "a", "b", "c/d"])
        #expect(match.link.query.first("x") == "1")
    }

    @Test func plusDecodedInValuesStaysInTheComponents() throws {
        let router = try Router(["/search/:term"], options: RouterOptions(decodesPlusInPath: true))
        let match = try #require(try router.match("myapp:///search/red+shoes"))
        #expect(match.parameters["term"] == "red shoes")
        #expect(match.link.pathComponents == ["search", "red+shoes"])
    }

    @Test func linksWithTheSameComponentsAreEqual() throws {
        let router = try Router(["/*"])
        let found = try #require(try router.match("myapp://a/b%2Fc"))
        let again = try #require(try router.matches("myapp://a/b%2Fc").first)
        #expect(found.link == again.link)
        #expect(Set([found.link, again.link]).count == 1)
        let other = try #require(try router.match("myapp://a/b/c"))
        #expect(found.link != other.link)
    }

    @Test func aLinkKeptAsAListEqualsOneMadeWhenRead() async throws {
        // A walk keeps its link's components as a list; a router's match makes them from the input when read.
        let screen = Screen("root")
        try screen.routes.add("a/:x") { _ in nil }
        let walked = try await screen.route("myapp://a/b%2Fc").link
        let matched = try #require(try Router(["/*"]).match("myapp://a/b%2Fc")).link
        #expect(walked.pathComponents == ["a", "b/c"])
        #expect(walked == matched)
        #expect(walked.hashValue == matched.hashValue)
        let otherWalk = try await screen.route("myapp://a/b").link
        #expect(otherWalk != matched)
    }
}
