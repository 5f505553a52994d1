import Foundation
import Switchyard
import Testing

/// Saving a tree as the links of its screens and restoring it through the router: a round trip, a route removed
/// since, and hostile saved files.
@Suite("Navigation restoration")
struct RestorationTests {
    @Test func aSavedTreeComesBackWhole() throws {
        let navigator = try NavigationFixture.navigator()
        let tree = try NavigationFixture.tree(
            opening: ["/category/shoes", "/product/7/reviews", "/orders/9", "/checkout/address", "/promo/X/terms"],
            with: navigator)
        let restored = try navigator.restore(from: JSONEncoder().encode(tree))
        #expect(restored.tree == tree)
        #expect(restored.dropped.isEmpty)
    }

    @Test func aRemovedRouteRestoresToItsNearestParentAndIsReported() throws {
        let saved = try NavigationFixture.tree(
            opening: ["/product/7/reviews"], with: NavigationFixture.navigator(warm: .push))
        let withoutReviews = NavigationFixture.tabbed.replacingOccurrences(
            of: #"{ "pattern": "/product/:id/reviews(/:page)", "name": "reviews", "parents": ["product"] },"#, with: "")
        let navigator = try NavigationFixture.navigator(withoutReviews)
        let restored = navigator.restore(saved)
        #expect(
            NavigationFixture.lines(restored.tree) == [
                "tab home*: / > /product/7", "tab cart: /cart", "tab account: /user/me",
            ])
        #expect(restored.dropped.map(\.link) == ["/product/7/reviews"])
        #expect(restored.dropped.map(\.reason.code) == [.unmatched])
        #expect(restored.dropped.map(\.location) == [.tab("home")])
    }

    @Test func screensAboveADroppedScreenGoWithIt() throws {
        var saved = try NavigationFixture.navigator().coldStart()
        saved.tabs[0].path = [
            NavigationTree.Screen(route: "category", parameters: ["slug": "a"], link: "/category/a"),
            NavigationTree.Screen(route: "gone", link: "/gone/1"),
            NavigationTree.Screen(route: "product", parameters: ["id": "7"], link: "/product/7"),
        ]
        saved.presentations = [
            NavigationTree.Presentation(style: .sheet, screen: NavigationTree.Screen(route: nil, link: "/nowhere")),
            NavigationTree.Presentation(
                style: .cover, screen: NavigationTree.Screen(route: "checkout", link: "/checkout")),
        ]
        let restored = try NavigationFixture.navigator().restore(saved)
        #expect(restored.tree.tabs[0].path.map(\.link) == ["/category/a"])
        #expect(restored.tree.presentations.isEmpty)
        #expect(restored.dropped.map(\.link) == ["/gone/1", "/product/7", "/nowhere", "/checkout"])
        #expect(restored.dropped.map(\.reason.code) == [.unmatched, .parentDropped, .unmatched, .parentDropped])
    }

    @Test func aRenamedRouteRestoresThroughItsRedirect() throws {
        var saved = try NavigationFixture.navigator().coldStart()
        saved.tabs[0].path = [NavigationTree.Screen(route: "item", parameters: ["id": "7"], link: "/item/7")]
        let restored = try NavigationFixture.navigator().restore(saved)
        #expect(
            restored.tree.tabs[0].path == [
                NavigationTree.Screen(route: "product", parameters: ["id": "7"], link: "/product/7")
            ])
        #expect(restored.dropped.isEmpty)
    }

    @Test func undeclaredTabsAndAnUnknownSelectionFallBackToTheDeclaredTabs() throws {
        let navigator = try NavigationFixture.navigator()
        var saved = navigator.coldStart()
        saved.tabs.append(NavigationTree.Tab(name: "gone", root: NavigationTree.Screen(route: "home", link: "/")))
        saved.tabs[1].root = NavigationTree.Screen(route: "x", link: "/tampered")
        saved.selectedTab = "gone"
        saved.path = [NavigationTree.Screen(route: "product", link: "/product/1")]
        let restored = navigator.restore(saved)
        #expect(restored.tree == navigator.coldStart())
        #expect(restored.dropped.map(\.link) == ["/", "/product/1"])
        #expect(restored.dropped.map(\.reason.code) == [.unknownTab, .unknownTab])
    }

    /// A tab saved twice: the first is restored, the second dropped as a saved tree's mistake, not as a tab that is
    /// not declared (it was reported as "no tab is named 'home'").
    @Test func aTabSavedTwiceIsRestoredOnceAndTheSecondIsReportedAsSuch() throws {
        let navigator = try NavigationFixture.navigator()
        var saved = navigator.coldStart()
        let first = saved.tabs[0]
        saved.tabs[0].path = [NavigationTree.Screen(route: "product", parameters: ["id": "7"], link: "/product/7")]
        var second = first
        second.path = [NavigationTree.Screen(route: "product", parameters: ["id": "8"], link: "/product/8")]
        saved.tabs.append(second)
        let restored = navigator.restore(saved)
        #expect(restored.tree.tabs.map(\.name) == navigator.coldStart().tabs.map(\.name))
        #expect(restored.tree.tabs[0].path.map(\.link) == ["/product/7"])
        #expect(restored.dropped.map(\.link) == [first.root.link, "/product/8"])
        #expect(restored.dropped.map(\.reason.code) == [.invalidSavedTree, .invalidSavedTree])
        #expect(
            restored.dropped.first?.reason.message == "the tab '\(first.name)' is saved twice: the first was restored")
    }

    static let hostileFiles: [(String, String)] = [
        ("not JSON", "{\"tabs\": ["),
        ("a list", "[1, 2, 3]"),
        ("a screen without a link", #"{"tabs": [], "path": [{"route": "a"}], "presentations": []}"#),
        ("a number for a link", #"{"tabs": [], "path": [{"parameters": {}, "link": 7}], "presentations": []}"#),
        (
            "an unknown style",
            #"{"tabs": [], "path": [], "presentations": [{"style": "popover", "screen": {"parameters": {}, "link": "/"}, "path": []}]}"#
        ),
        ("deep nesting", String(repeating: "[", count: 100_000)),
    ]

    @Test(arguments: hostileFiles)
    func aHostileSavedFileIsATypedError(_ name: String, _ json: String) throws {
        let navigator = try NavigationFixture.navigator()
        #expect(throws: NavigationError.self, "\(name)") { try navigator.restore(from: Data(json.utf8)) }
        do {
            _ = try navigator.restore(from: Data(json.utf8))
        } catch {
            #expect(error.code == .invalidSavedTree)
        }
    }

    @Test func aSavedFileLargerThanTheLimitIsRefusedUnread() throws {
        let navigator = try NavigationFixture.navigator()
        let data = Data(repeating: UInt8(ascii: " "), count: Navigator.maxSavedTreeBytes + 1)
        #expect(throws: NavigationError.self) { try navigator.restore(from: data) }
    }

    @Test func aTenThousandScreenTreeRestoresABoundedTree() throws {
        let navigator = try NavigationFixture.navigator()
        var saved = navigator.coldStart()
        saved.tabs[0].path = (0..<10_000).map {
            NavigationTree.Screen(route: "product", parameters: ["id": "\($0)"], link: "/product/\($0)")
        }
        let restored = try navigator.restore(from: JSONEncoder().encode(saved))
        #expect(restored.tree.tabs[0].path.count == Navigator.maxRestoredScreens)
        #expect(restored.tree.tabs[0].path.last?.link == "/product/\(Navigator.maxRestoredScreens - 1)")
        #expect(restored.dropped.count == 10_000 - Navigator.maxRestoredScreens)
        #expect(restored.dropped.allSatisfy { $0.reason.code == .overLimit })
    }

    @Test func hostileLinksInASavedTreeAreDroppedNotFollowed() throws {
        let navigator = try NavigationFixture.navigator()
        var saved = navigator.coldStart()
        saved.tabs[0].path = [
            NavigationTree.Screen(route: "product", link: "/product/" + String(repeating: "9", count: 100_000))
        ]
        saved.tabs[1].path = [NavigationTree.Screen(route: "product", link: "javascript:alert(1)")]
        saved.tabs[2].path = [NavigationTree.Screen(route: "product", link: "myapp://product/%ZZ")]
        let restored = navigator.restore(saved)
        #expect(restored.tree == navigator.coldStart())
        #expect(restored.dropped.map(\.reason.code) == [.rejected, .unmatched, .rejected])
    }
}
