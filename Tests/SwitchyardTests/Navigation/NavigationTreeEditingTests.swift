import Switchyard
import Testing

/// What a UI writes back into the tree: Back pops a stack, a swipe dismisses a sheet, a tap selects a tab.
@Suite("Navigation tree edits")
struct NavigationTreeEditingTests {
    static func tree() throws -> NavigationTree {
        try NavigationFixture.tree(
            opening: ["/product/7/reviews", "/checkout/address", "/promo/X/terms"],
            with: NavigationFixture.navigator(warm: .push))
    }

    @Test func backPopsTheStackItIsIn() throws {
        var tree = try Self.tree()
        tree[pathAt: .tab("home")].removeLast()
        tree[pathAt: .presentation(0)] = []
        #expect(tree.tabs[0].path.map(\.link) == ["/product/7"])
        #expect(tree.presentations[0].path.isEmpty)
        let before = tree
        tree[pathAt: .tab("nowhere")] = tree.tabs[0].path
        tree[pathAt: .presentation(5)] = tree.tabs[0].path
        tree[pathAt: .main] = []
        #expect(tree == before)
    }

    @Test func aSwipedAwaySheetIsDismissedWithWhatIsAboveIt() throws {
        var tree = try Self.tree()
        #expect(tree.presentations.map(\.style) == [.sheet])
        #expect(tree[presentationAt: 0, style: .sheet]?.screen.link == "/promo/X")
        #expect(tree[presentationAt: 0, style: .cover] == nil)
        #expect(tree[presentationAt: 1, style: .sheet] == nil)
        tree[presentationAt: 0, style: .cover] = nil
        #expect(tree.presentations.count == 1, "a style the presentation does not have changes nothing")
        tree[presentationAt: 0, style: .sheet] = nil
        #expect(tree.presentations.isEmpty)
    }

    @Test func aTabTappedIsTheSelectedTab() throws {
        let navigator = try NavigationFixture.navigator()
        var tree = try Self.tree()
        tree.selectedTab = "account"
        let plan = try navigator.plan(opening: "/search", from: .warm(tree))
        #expect(plan.steps.map(\.description) == ["dismiss sheet /promo/X", "push /search in tab account"])
    }
}
