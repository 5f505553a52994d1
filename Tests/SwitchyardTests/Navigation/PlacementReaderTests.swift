import Foundation
import Switchyard
import Testing

/// A route file's placements and tabs, read and checked: each problem refused with its code and location.
@Suite("Navigation in route files")
struct PlacementReaderTests {
    @Test func placementsAndTabsAreRead() throws {
        let file = try NavigationFixture.file(NavigationFixture.tabbed)
        #expect(file.tabs.map(\.name) == ["home", "cart", "account"])
        #expect(file.warm == .push)
        let navigation = file.navigation
        #expect(navigation.placements["checkout"] == Placement(tab: "cart", presentation: .cover, parents: ["cart"]))
        #expect(navigation.placements["reviews"] == Placement(parents: ["product"]))
        #expect(navigation.placements["home"] == nil)
    }

    struct Rejected: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let code: RouteFileError.Code
        let location: String
        var testDescription: String { name }
    }

    static let rejected: [Rejected] = [
        Rejected(
            name: "an unknown tab",
            json:
                #"{"tabs": [{"name": "a", "root": "r"}], "routes": [{"pattern": "/", "name": "r"}, {"pattern": "/x", "name": "x", "tab": "b"}]}"#,
            code: .unknownTab, location: "routes[1].tab"),
        Rejected(
            name: "a placement's tab when there are no tabs",
            json: #"{"routes": [{"pattern": "/x", "name": "x", "tab": "b"}]}"#,
            code: .unknownTab, location: "routes[0].tab"),
        Rejected(
            name: "a parent that is not a route",
            json: #"{"routes": [{"pattern": "/x", "name": "x", "parents": ["y"]}]}"#,
            code: .unknownRoute, location: "routes[0].parents"),
        Rejected(
            name: "a cycle of parents",
            json:
                #"{"schemes": {"app": {"routes": [{"pattern": "/a", "name": "a", "parents": ["b"]}, {"pattern": "/b", "name": "b", "parents": ["a"]}]}}}"#,
            code: .parentCycle, location: "schemes.app.routes[0].parents"),
        Rejected(
            name: "a route that is its own parent",
            json: #"{"routes": [{"pattern": "/a", "name": "a", "parents": ["a"]}]}"#,
            code: .parentCycle, location: "routes[0].parents"),
        Rejected(
            name: "a parent whose parameters the link cannot fill",
            json:
                #"{"routes": [{"pattern": "/a/:x", "name": "a"}, {"pattern": "/b/:y", "name": "b", "parents": ["a"]}]}"#,
            code: .unfillableParent, location: "routes[1].parents"),
        Rejected(
            name: "a grandparent that one expansion cannot fill",
            json:
                #"{"routes": [{"pattern": "/a/:x", "name": "a"}, {"pattern": "/b(/:x)", "name": "b", "parents": ["c"]}, {"pattern": "/c", "name": "c", "parents": ["a"]}]}"#,
            code: .unfillableParent, location: "routes[1].parents"),
        Rejected(
            name: "a tab's root that is not a route", json: #"{"tabs": [{"name": "a", "root": "nope"}], "routes": []}"#,
            code: .unknownRoute, location: "tabs[0].root"),
        Rejected(
            name: "a tab's root that takes parameters",
            json: #"{"tabs": [{"name": "a", "root": "r"}], "routes": [{"pattern": "/r/:id", "name": "r"}]}"#,
            code: .rootWithParameters, location: "tabs[0].root"),
        Rejected(
            name: "a root placement with parameters",
            json: #"{"routes": [{"pattern": "/r/:id", "name": "r", "presentation": "root"}]}"#,
            code: .rootWithParameters, location: "routes[0].presentation"),
        Rejected(
            name: "two tabs of one name",
            json:
                #"{"tabs": [{"name": "a", "root": "r"}, {"name": "a", "root": "r"}], "routes": [{"pattern": "/", "name": "r"}]}"#,
            code: .duplicateTab, location: "tabs[1].name"),
        Rejected(
            name: "a placement without a name", json: #"{"routes": [{"pattern": "/x", "presentation": "sheet"}]}"#,
            code: .missingKey, location: "routes[0]"),
        Rejected(
            name: "a placement on a redirect route",
            json: #"{"routes": [{"pattern": "/x", "name": "x", "redirect": "/y", "tab": "a"}]}"#,
            code: .invalidValue, location: "routes[0]"),
        Rejected(
            name: "an unknown presentation",
            json: #"{"routes": [{"pattern": "/x", "name": "x", "presentation": "popover"}]}"#,
            code: .invalidValue, location: "routes[0].presentation"),
        Rejected(
            name: "an unknown warm policy at the top", json: #"{"warm": "pop", "routes": []}"#,
            code: .invalidValue, location: "warm"),
        Rejected(
            name: "an unknown warm policy on a route",
            json: #"{"routes": [{"pattern": "/x", "name": "x", "warm": 1}]}"#,
            code: .invalidValue, location: "routes[0].warm"),
        Rejected(
            name: "parents that are not a list", json: #"{"routes": [{"pattern": "/x", "name": "x", "parents": "y"}]}"#,
            code: .invalidValue, location: "routes[0].parents"),
        Rejected(
            name: "a tab without a root", json: #"{"tabs": [{"name": "a"}], "routes": []}"#,
            code: .missingKey, location: "tabs[0]"),
        Rejected(
            name: "an unknown key in a tab",
            json: #"{"tabs": [{"name": "a", "root": "r", "icon": "x"}], "routes": [{"pattern": "/", "name": "r"}]}"#,
            code: .unknownKey, location: "tabs[0].icon"),
    ]

    @Test(arguments: rejected)
    func aBadPlacementIsRefusedWithItsLocation(_ rejected: Rejected) {
        do {
            _ = try RouteFile(data: Data(rejected.json.utf8), path: "f.json")
            Issue.record("the file loaded")
        } catch {
            #expect(error.code == rejected.code, "\(error)")
            #expect(error.location == rejected.location, "\(error)")
        }
    }

    @Test func aNavigationBuiltInCodeIsCheckedToo() throws {
        let router = Router()
        try router.add("/", name: "home")
        try router.add("/product/:id", name: "product")
        var navigation = Navigation(tabs: [Navigation.Tab(name: "home", root: "home")])
        navigation.placements["product"] = Placement(tab: "shop")
        #expect {
            try Navigator(router: router, navigation: navigation)
        } throws: { error in
            (error as? NavigationError)?.code == .unknownTab
                && (error as? NavigationError)?.message == "product.tab: 'shop' is not a tab; the tabs are home"
        }
        navigation.placements["product"] = Placement(tab: "home", parents: ["home"])
        let navigator = try Navigator(router: router, navigation: navigation)
        let plan = try navigator.plan(opening: "app://product/3", from: .coldStart)
        #expect(plan.steps.map(\.description) == ["push /product/3 in tab home"])
    }

    @Test func theShopExampleLoadsItsNavigation() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Examples/shop.json")
        let navigator = try RouteFile(contentsOf: url).makeNavigator()
        #expect(navigator.navigation.tabs.map(\.name) == ["home", "cart", "account"])
        let plan = try navigator.plan(opening: "myapp://product/7/reviews", from: .coldStart)
        #expect(
            plan.steps.map(\.description) == ["push /product/7 in tab home", "push /product/7/reviews in tab home"])
    }
}
