import Switchyard
import Testing

/// A cold start is said, not inferred from a missing tree: it builds a link's whole stack, where a warm app with the
/// same tree follows the route's warm policy; a session plans its first link as a cold start until a link is applied
/// or the UI writes the tree.
@Suite("Cold start and warm app")
struct NavigationStartTests {
    /// With `warm: push`, a warm app adds no parents: the difference a cold start makes is visible.
    static func navigator() throws -> Navigator { try NavigationFixture.navigator(warm: .push) }

    static let home = ["tab cart: /cart", "tab account: /user/me"]

    @Test func aColdStartBuildsTheLinksStackWhereAWarmPushAddsNoParents() throws {
        let navigator = try Self.navigator()
        let cold = try navigator.plan(opening: "/product/7/reviews", from: .coldStart)
        let warm = try navigator.plan(opening: "/product/7/reviews", from: .warm(navigator.coldStart()))
        #expect(NavigationFixture.lines(cold.target) == ["tab home*: / > /product/7 > /product/7/reviews"] + Self.home)
        #expect(NavigationFixture.lines(warm.target) == ["tab home*: / > /product/7/reviews"] + Self.home)
    }

    @Test func aSessionAtAColdStartPlansItsFirstLinkAsOneAndTheNextWarm() async throws {
        let session = NavigationSession(navigator: try Self.navigator())
        _ = await session.open("/product/7/reviews", origin: .inApp)
        #expect(NavigationFixture.lines(session.tree)[0] == "tab home*: / > /product/7 > /product/7/reviews")
        _ = await session.open("/product/8/reviews", origin: .inApp)
        #expect(
            NavigationFixture.lines(session.tree)[0]
                == "tab home*: / > /product/7 > /product/7/reviews > /product/8/reviews")
    }

    @Test func aSessionGivenAWarmTreeFollowsTheWarmPolicyFromItsFirstLink() async throws {
        let navigator = try Self.navigator()
        let session = NavigationSession(navigator: navigator, start: .warm(navigator.coldStart()))
        _ = await session.open("/product/7/reviews", origin: .inApp)
        #expect(NavigationFixture.lines(session.tree)[0] == "tab home*: / > /product/7/reviews")
    }

    @Test func theUIWritingTheTreeEndsTheColdStart() async throws {
        let navigator = try Self.navigator()
        let session = NavigationSession(navigator: navigator)
        var tree = session.tree
        tree.selectedTab = "cart"
        session.tree = tree
        _ = await session.open("/product/7/reviews", origin: .inApp)
        #expect(NavigationFixture.lines(session.tree)[0] == "tab home*: / > /product/7/reviews")
    }

    @Test func aLinkThatOpensNoScreenLeavesTheColdStartForTheNext() async throws {
        let session = NavigationSession(navigator: try Self.navigator())
        let refused = await session.open("myapp://nowhere", origin: .inApp)
        guard case .failed(let error) = refused else {
            Issue.record("expected a failure, got \(refused)")
            return
        }
        #expect(error.code == .unmatched)
        _ = await session.open("/product/7/reviews", origin: .inApp)
        #expect(NavigationFixture.lines(session.tree)[0] == "tab home*: / > /product/7 > /product/7/reviews")
    }
}
