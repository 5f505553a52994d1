import Foundation
import Switchyard
import Testing

/// The three seeds' navigation examples, as plans: Turnpike's `tab/:tab_name` selecting a tab, Turnpike's product
/// page popping to the root before it is pushed, AUTRouting's child that presents a modal.
@Suite("Navigation: the seeds' examples")
struct SeedExampleTests {
    static let turnpike = """
        {
          "tabs": [
            { "name": "featured", "root": "tab.featured" }, { "name": "profile", "root": "tab.profile" }
          ],
          "warm": "reuse",
          "routes": [
            { "pattern": "/tab/featured", "name": "tab.featured" },
            { "pattern": "/tab/profile", "name": "tab.profile" },
            { "pattern": "/product/:id", "name": "product", "tab": "featured" },
            { "pattern": "/settings", "name": "settings", "tab": "profile" }
          ]
        }
        """

    @Test func aTabLinkSelectsTheTab() throws {
        let navigator = try NavigationFixture.navigator(Self.turnpike)
        let plan = try navigator.plan(opening: "turnpike://tab/profile", from: .warm(navigator.coldStart()))
        #expect(plan.steps == [.selectTab("profile")])
        #expect(plan.target.selectedTab == "profile")
    }

    @Test func aProductLinkPopsToTheRootAndPushes() throws {
        let navigator = try NavigationFixture.navigator(Self.turnpike)
        let browsing = try NavigationFixture.tree(
            opening: ["/product/1", "/tab/profile", "/settings"], with: navigator)
        let plan = try navigator.plan(opening: "/product/2", from: .warm(browsing))
        let product = NavigationTree.Screen(route: "product", parameters: ["id": "2"], link: "/product/2")
        #expect(
            plan.steps == [
                .selectTab("featured"), .pop(keeping: 0, in: .tab("featured")), .push(product, in: .tab("featured")),
            ])
        #expect(plan.target.tabs[0].path == [product])
        #expect(plan.target.tabs[1].path.map(\.link) == ["/settings"], "the other tab keeps its stack")
    }

    @Test func aChildPresentsAModal() throws {
        // AUTRouting: the root presents a child, which presents a modal of its own.
        let navigator = try NavigationFixture.navigator(
            """
            { "routes": [
                { "pattern": "/child", "name": "child", "presentation": "sheet" },
                { "pattern": "/child/modal", "name": "modal", "presentation": "cover", "parents": ["child"] }
            ] }
            """)
        let plan = try navigator.plan(opening: "aut://child/modal", from: .coldStart)
        #expect(plan.steps.map(\.description) == ["present sheet /child", "present cover /child/modal"])
        #expect(plan.target.presentations.map(\.style) == [.sheet, .cover])
    }
}
