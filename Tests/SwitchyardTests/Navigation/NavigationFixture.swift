import Foundation
import Switchyard
import Testing

/// A shop with three tabs, a sheet with a stack of its own, a cover with a parent, and twin links (a custom scheme
/// and a universal link that fall back to the global table).
enum NavigationFixture {
    static let tabbed = """
        {
          "tabs": [
            { "name": "home", "root": "home" }, { "name": "cart", "root": "cart" }, { "name": "account", "root": "me" }
          ],
          "routes": [
            { "pattern": "/", "name": "home" },
            { "pattern": "/product/:id", "name": "product", "tab": "home" },
            { "pattern": "/product/:id/reviews(/:page)", "name": "reviews", "parents": ["product"] },
            { "pattern": "/category/:slug(/page/:page)", "name": "category", "tab": "home" },
            { "pattern": "/search", "name": "search" },
            { "pattern": "/user/me", "name": "me" },
            { "pattern": "/orders/:id", "name": "order", "parents": ["me"] },
            { "pattern": "/cart", "name": "cart" },
            { "pattern": "/tab/cart", "name": "tab.cart", "tab": "cart", "presentation": "root" },
            { "pattern": "/login", "name": "login", "tab": "account", "presentation": "root" },
            { "pattern": "/promo/:code", "name": "promo", "presentation": "sheet" },
            { "pattern": "/promo/:code/terms", "name": "terms", "parents": ["promo"] },
            { "pattern": "/checkout", "name": "checkout", "tab": "cart", "presentation": "cover", "parents": ["cart"] },
            { "pattern": "/checkout/address", "name": "address", "parents": ["checkout"] },
            { "pattern": "/help/*", "name": "help", "presentation": "sheet" },
            { "pattern": "/item/:id", "name": "legacy", "redirect": "/product/:id" },
            { "pattern": "/anonymous/:id" }
          ],
          "schemes": {
            "myapp": { "fallsBackToGlobal": true, "routes": [] },
            "https": { "allowedHosts": ["shop.example.com"], "fallsBackToGlobal": true, "routes": [] }
          }
        }
        """

    /// An app without tabs: its own root view, a pushed stack, a sheet.
    static let tabless = """
        {
          "routes": [
            { "pattern": "/", "name": "home", "presentation": "root" },
            { "pattern": "/a", "name": "a" },
            { "pattern": "/a/b", "name": "b", "parents": ["a"] },
            { "pattern": "/sheet", "name": "sheet", "presentation": "sheet" }
          ]
        }
        """

    static func file(_ json: String, warm: WarmPolicy? = nil) throws -> RouteFile {
        var file = try RouteFile(data: Data(json.utf8), path: "fixture.json")
        if let warm { file.warm = warm }
        return file
    }

    static func navigator(_ json: String = tabbed, warm: WarmPolicy? = nil) throws -> Navigator {
        try file(json, warm: warm).makeNavigator()
    }

    /// The tree after opening `links` in order from a cold start.
    static func tree(opening links: [String], with navigator: Navigator) throws -> NavigationTree {
        var start = NavigationStart.coldStart
        var tree = navigator.coldStart()
        for link in links {
            tree = try navigator.plan(opening: link, from: start).target
            start = .warm(tree)
        }
        return tree
    }

    /// A line a stack, as the tests write trees: `tab home*: / > /product/7` (`*` on the selected tab),
    /// `main: /a`, `sheet: /promo/X > /promo/X/terms`.
    static func lines(_ tree: NavigationTree) -> [String] {
        func stack(_ screens: [NavigationTree.Screen]) -> String { screens.map(\.link).joined(separator: " > ") }
        var lines = tree.tabs.map { tab in
            "tab \(tab.name)\(tab.name == tree.selectedTab ? "*" : ""): " + stack([tab.root] + tab.path)
        }
        if tree.tabs.isEmpty { lines.append("main: " + stack(tree.path)) }
        lines += tree.presentations.map { "\($0.style.rawValue): " + stack([$0.screen] + $0.path) }
        return lines
    }
}
