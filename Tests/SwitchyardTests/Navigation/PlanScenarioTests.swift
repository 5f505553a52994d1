import Foundation
import Switchyard
import Testing

/// Where links' screens go, scenario by scenario: from a cold start or an open app, across tabs, stacks, sheets,
/// covers and parents, for each warm policy; each plan's steps and resulting tree asserted exactly.
@Suite("Navigation plans")
struct PlanScenarioTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        /// The links opened before, from a cold start, with the push policy; `nil` for a cold start.
        let from: [String]?
        let link: String
        /// The policy the link is opened with; `nil` for the file's own.
        let warm: WarmPolicy?
        let steps: [String]
        let tree: [String]
        var json = NavigationFixture.tabbed

        init(
            _ name: String, from: [String]?, link: String, warm: WarmPolicy?, steps: [String], tree: [String],
            json: String = NavigationFixture.tabbed
        ) {
            self.name = name
            self.from = from
            self.link = link
            self.warm = warm
            self.steps = steps
            self.tree = tree
            self.json = json
        }

        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            "a cold start at the home root changes nothing", from: nil, link: "/", warm: nil,
            steps: [],
            tree: ["tab home*: /", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "a cold product link pushes it in its tab", from: nil, link: "/product/7", warm: nil,
            steps: ["push /product/7 in tab home"],
            tree: ["tab home*: / > /product/7", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "a cold reviews link puts its parent below it", from: nil, link: "myapp://product/7/reviews", warm: nil,
            steps: ["push /product/7 in tab home", "push /product/7/reviews in tab home"],
            tree: ["tab home*: / > /product/7 > /product/7/reviews", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "a parent takes only the parameters its pattern names", from: nil, link: "/product/7/reviews/2", warm: nil,
            steps: ["push /product/7 in tab home", "push /product/7/reviews/2 in tab home"],
            tree: ["tab home*: / > /product/7 > /product/7/reviews/2", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "a cold link to a tab\'s root selects the tab", from: nil, link: "myapp://cart", warm: nil,
            steps: ["select tab cart"],
            tree: ["tab home: /", "tab cart*: /cart", "tab account: /user/me"]),
        Scenario(
            "a cold link whose parent is a tab\'s root selects that tab", from: nil, link: "/orders/9", warm: nil,
            steps: ["select tab account", "push /orders/9 in tab account"],
            tree: ["tab home: /", "tab cart: /cart", "tab account*: /user/me > /orders/9"]),
        Scenario(
            "a cold sheet is presented over the first tab", from: nil, link: "myapp://promo/XMAS", warm: nil,
            steps: ["present sheet /promo/XMAS"],
            tree: ["tab home*: /", "tab cart: /cart", "tab account: /user/me", "sheet: /promo/XMAS"]),
        Scenario(
            "a cold link below a sheet presents the sheet and pushes in it", from: nil, link: "/promo/XMAS/terms",
            warm: nil,
            steps: ["present sheet /promo/XMAS", "push /promo/XMAS/terms in presentation 0"],
            tree: [
                "tab home*: /", "tab cart: /cart", "tab account: /user/me", "sheet: /promo/XMAS > /promo/XMAS/terms",
            ]),
        Scenario(
            "a cold link below a cover selects the cover\'s tab, presents it and pushes in it", from: nil,
            link: "/checkout/address", warm: nil,
            steps: ["select tab cart", "present cover /checkout", "push /checkout/address in presentation 0"],
            tree: ["tab home: /", "tab cart*: /cart", "tab account: /user/me", "cover: /checkout > /checkout/address"]),
        Scenario(
            "a wildcard route\'s sheet keeps its components in its link", from: nil, link: "/help/a/b", warm: nil,
            steps: ["present sheet /help/a/b"],
            tree: ["tab home*: /", "tab cart: /cart", "tab account: /user/me", "sheet: /help/a/b"]),
        Scenario(
            "a root placement selects its tab", from: nil, link: "/tab/cart", warm: nil,
            steps: ["select tab cart"],
            tree: ["tab home: /", "tab cart*: /cart", "tab account: /user/me"]),
        Scenario(
            "an unplaced route is pushed in the selected tab", from: nil, link: "/search", warm: nil,
            steps: ["push /search in tab home"],
            tree: ["tab home*: / > /search", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "a redirect route places its target", from: nil, link: "myapp://item/8", warm: nil,
            steps: ["push /product/8 in tab home"],
            tree: ["tab home*: / > /product/8", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "an unnamed route keeps its link", from: nil, link: "/anonymous/3", warm: nil,
            steps: ["push /anonymous/3 in tab home"],
            tree: ["tab home*: / > /anonymous/3", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "push on top: a product over a product", from: ["/product/7"], link: "/product/8", warm: .push,
            steps: ["push /product/8 in tab home"],
            tree: ["tab home*: / > /product/7 > /product/8", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "push on top: the twin universal link changes nothing", from: ["/product/7"],
            link: "https://shop.example.com/product/7", warm: .push,
            steps: [],
            tree: ["tab home*: / > /product/7", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "push on top adds no parents", from: ["/category/shoes"], link: "/product/7/reviews", warm: .push,
            steps: ["push /product/7/reviews in tab home"],
            tree: ["tab home*: / > /category/shoes > /product/7/reviews", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "push on top: the same product again over another", from: ["/product/7", "/product/8"], link: "/product/7",
            warm: .push,
            steps: ["push /product/7 in tab home"],
            tree: ["tab home*: / > /product/7 > /product/8 > /product/7", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "reuse: no screen shared pops to the root", from: ["/category/shoes", "/product/9"], link: "/product/8",
            warm: .reuse,
            steps: ["pop tab home to its root", "push /product/8 in tab home"],
            tree: ["tab home*: / > /product/8", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "reuse: pops back to the shared parent", from: ["/product/7", "/category/shoes"],
            link: "/product/7/reviews", warm: .reuse,
            steps: ["pop tab home to 1", "push /product/7/reviews in tab home"],
            tree: ["tab home*: / > /product/7 > /product/7/reviews", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "reuse: keeps what is below the shared parent", from: ["/category/shoes", "/product/7"],
            link: "/product/7/reviews", warm: .reuse,
            steps: ["push /product/7/reviews in tab home"],
            tree: [
                "tab home*: / > /category/shoes > /product/7 > /product/7/reviews", "tab cart: /cart",
                "tab account: /user/me",
            ]),
        Scenario(
            "reuse: a screen already shown lower is popped to", from: ["/product/7", "/product/8"], link: "/product/7",
            warm: .reuse,
            steps: ["pop tab home to 1"],
            tree: ["tab home*: / > /product/7", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "reuse: another page of reviews replaces the page shown", from: ["/product/7/reviews"],
            link: "/product/7/reviews/2", warm: .reuse,
            steps: ["pop tab home to 1", "push /product/7/reviews/2 in tab home"],
            tree: ["tab home*: / > /product/7 > /product/7/reviews/2", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "reuse: the twin link changes nothing", from: ["/product/7/reviews"], link: "myapp://product/7/reviews",
            warm: .reuse,
            steps: [],
            tree: ["tab home*: / > /product/7 > /product/7/reviews", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "replace: the stack becomes the link\'s", from: ["/category/shoes", "/product/7"],
            link: "/product/7/reviews", warm: .replace,
            steps: ["pop tab home to its root", "push /product/7 in tab home", "push /product/7/reviews in tab home"],
            tree: ["tab home*: / > /product/7 > /product/7/reviews", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "replace: a shared bottom stays", from: ["/product/7", "/category/shoes"], link: "/product/7/reviews",
            warm: .replace,
            steps: ["pop tab home to 1", "push /product/7/reviews in tab home"],
            tree: ["tab home*: / > /product/7 > /product/7/reviews", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "replace: the twin link changes nothing", from: ["/product/7/reviews"],
            link: "https://shop.example.com/product/7/reviews", warm: .replace,
            steps: [],
            tree: ["tab home*: / > /product/7 > /product/7/reviews", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "a pushed link dismisses the sheet that would hide it", from: ["/promo/XMAS"], link: "/product/7",
            warm: nil,
            steps: ["dismiss sheet /promo/XMAS", "push /product/7 in tab home"],
            tree: ["tab home*: / > /product/7", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "the same sheet again changes nothing", from: ["/promo/XMAS"], link: "myapp://promo/XMAS", warm: nil,
            steps: [],
            tree: ["tab home*: /", "tab cart: /cart", "tab account: /user/me", "sheet: /promo/XMAS"]),
        Scenario(
            "another sheet replaces the sheet shown", from: ["/promo/XMAS"], link: "/promo/SALE", warm: nil,
            steps: ["dismiss sheet /promo/XMAS", "present sheet /promo/SALE"],
            tree: ["tab home*: /", "tab cart: /cart", "tab account: /user/me", "sheet: /promo/SALE"]),
        Scenario(
            "a link below the shown sheet pushes in it", from: ["/promo/XMAS"], link: "/promo/XMAS/terms", warm: nil,
            steps: ["push /promo/XMAS/terms in presentation 0"],
            tree: [
                "tab home*: /", "tab cart: /cart", "tab account: /user/me", "sheet: /promo/XMAS > /promo/XMAS/terms",
            ]),
        Scenario(
            "a sheet\'s screen again pops its stack back to it", from: ["/promo/XMAS/terms"], link: "/promo/XMAS",
            warm: .push,
            steps: ["pop presentation 0 to its root"],
            tree: ["tab home*: /", "tab cart: /cart", "tab account: /user/me", "sheet: /promo/XMAS"]),
        Scenario(
            "a sheet over a cover: the cover is dismissed first", from: ["/checkout"], link: "/promo/XMAS", warm: nil,
            steps: ["dismiss cover /checkout", "present sheet /promo/XMAS"],
            tree: ["tab home: /", "tab cart*: /cart", "tab account: /user/me", "sheet: /promo/XMAS"]),
        Scenario(
            "a warm cover keeps the cart\'s stack and presents", from: ["/product/7"], link: "/checkout", warm: nil,
            steps: ["select tab cart", "present cover /checkout"],
            tree: ["tab home: / > /product/7", "tab cart*: /cart", "tab account: /user/me", "cover: /checkout"]),
        Scenario(
            "a link to another tab selects it and keeps the first tab\'s stack", from: ["/product/7"],
            link: "myapp://cart", warm: nil,
            steps: ["select tab cart"],
            tree: ["tab home: / > /product/7", "tab cart*: /cart", "tab account: /user/me"]),
        Scenario(
            "a product link from the cart tab goes to the home tab", from: ["myapp://cart"], link: "/product/8",
            warm: nil,
            steps: ["select tab home", "push /product/8 in tab home"],
            tree: ["tab home*: / > /product/8", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "an unplaced link goes in the selected tab", from: ["/product/7", "myapp://cart"], link: "/search",
            warm: nil,
            steps: ["push /search in tab cart"],
            tree: ["tab home: / > /product/7", "tab cart*: /cart > /search", "tab account: /user/me"]),
        Scenario(
            "a link whose parent is a tab\'s root pushes in that tab", from: ["/product/7"], link: "/orders/9",
            warm: nil,
            steps: ["select tab account", "push /orders/9 in tab account"],
            tree: ["tab home: / > /product/7", "tab cart: /cart", "tab account*: /user/me > /orders/9"]),
        Scenario(
            "the tab\'s root link pops to the root", from: ["/product/7", "/product/8"], link: "/", warm: nil,
            steps: ["pop tab home to its root"],
            tree: ["tab home*: /", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "a root link dismisses everything, selects and pops", from: ["/orders/9", "/promo/XMAS"], link: "/login",
            warm: nil,
            steps: ["dismiss sheet /promo/XMAS", "pop tab account to its root"],
            tree: ["tab home: /", "tab cart: /cart", "tab account*: /user/me"]),
        Scenario(
            "a root placement in another tab keeps this tab\'s stack", from: ["/product/7"], link: "/tab/cart",
            warm: nil,
            steps: ["select tab cart"],
            tree: ["tab home: / > /product/7", "tab cart*: /cart", "tab account: /user/me"]),
        Scenario(
            "a query is part of the screen, twin links included", from: ["myapp://product/7?coupon=X"],
            link: "https://shop.example.com/product/7?coupon=X", warm: .push,
            steps: [],
            tree: ["tab home*: / > /product/7?coupon=X", "tab cart: /cart", "tab account: /user/me"]),
        Scenario(
            "a different query is another screen", from: ["/product/7?coupon=X"], link: "/product/7?coupon=Y",
            warm: .push,
            steps: ["push /product/7?coupon=Y in tab home"],
            tree: [
                "tab home*: / > /product/7?coupon=X > /product/7?coupon=Y", "tab cart: /cart", "tab account: /user/me",
            ]),
        Scenario(
            "an app without tabs: a cold link pushes its parents and itself", from: nil, link: "/a/b", warm: nil,
            steps: ["push /a in main", "push /a/b in main"], tree: ["main: /a > /a/b"], json: NavigationFixture.tabless),
        Scenario(
            "an app without tabs: a sheet over its stack", from: ["/a/b"], link: "/sheet", warm: nil,
            steps: ["present sheet /sheet"], tree: ["main: /a > /a/b", "sheet: /sheet"], json: NavigationFixture.tabless
        ),
        Scenario(
            "an app without tabs: a root link dismisses and pops to the app's root", from: ["/a/b", "/sheet"],
            link: "/",
            warm: nil, steps: ["dismiss sheet /sheet", "pop main to its root"], tree: ["main: "],
            json: NavigationFixture.tabless),
        Scenario(
            "an app without tabs: reuse pushes the rest of the link's stack", from: ["/a"], link: "/a/b", warm: .reuse,
            steps: ["push /a/b in main"], tree: ["main: /a > /a/b"], json: NavigationFixture.tabless),
    ]

    @Test(arguments: scenarios)
    func planOf(_ scenario: Scenario) throws {
        let setup = try NavigationFixture.navigator(scenario.json, warm: .push)
        let navigator = try NavigationFixture.navigator(scenario.json, warm: scenario.warm)
        let tree = try scenario.from.map { try NavigationFixture.tree(opening: $0, with: setup) }
        let plan = try navigator.plan(opening: scenario.link, from: tree.map(NavigationStart.warm) ?? .coldStart)
        #expect(plan.steps.map(\.description) == scenario.steps)
        #expect(NavigationFixture.lines(plan.target) == scenario.tree)
        #expect((tree ?? navigator.coldStart()).applying(plan.steps) == plan.target)
        #expect(try navigator.plan(opening: scenario.link, from: .warm(plan.target)).isEmpty)
    }
}
