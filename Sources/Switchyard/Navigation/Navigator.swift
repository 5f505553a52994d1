/// Decides where a link's screen goes: it matches the link with a router, and plans the steps that take a
/// ``NavigationTree`` to the tree that shows the screen, as a ``Navigation`` places each route.
///
/// ```swift
/// let file = try RouteFile(contentsOf: "routes.json")
/// let navigator = try file.makeNavigator()
/// var tree = navigator.coldStart()
/// let plan = try navigator.plan(opening: "myapp://promo/XMAS", from: tree)
/// for step in plan.steps { print(step) }  // present sheet /promo/XMAS
/// tree = plan.target
/// ```
///
/// A navigator is a value that only reads its router: plan from any thread. It runs no handler and no filter;
/// an app that routes links through its handlers plans the outcomes with ``plan(for:from:)``.
public struct Navigator: Sendable {
    /// The router that matches links and writes screens' links back.
    public let router: Router
    /// Where each route's screen goes.
    public let navigation: Navigation
    /// Where a redirect route sends a match (a route file's redirects); `nil` for a route that does not redirect.
    let redirectTarget: @Sendable (RouteMatch) -> String?
    /// The pattern of each named route (the first of a name, table by table), as the router had them when the
    /// navigator was made.
    let patterns: [String: RoutePattern]

    /// A navigator that places `router`'s routes as `navigation` says.
    /// - Throws: ``NavigationError`` for the first problem: a tab or a parent that names no route, an unknown
    ///   tab, a cycle of parents, a parent that a link cannot fill, a root that takes parameters.
    public init(router: Router, navigation: Navigation) throws(NavigationError) {
        try self.init(router: router, navigation: navigation) { _ in nil }
    }

    init(
        router: Router, navigation: Navigation, redirectTarget: @escaping @Sendable (RouteMatch) -> String?
    ) throws(NavigationError) {
        var patterns: [String: RoutePattern] = [:]
        for route in router.routes {
            if let name = route.name, patterns[name] == nil { patterns[name] = route.pattern }
        }
        let check = NavigationCheck(navigation: navigation) { patterns[$0] }
        if let problem = check.problems().first {
            let place: String =
                switch problem.site {
                case .tab(let index, let key): "tabs[\(index)].\(key)"
                case .route(let name, let key): "\(name).\(key)"
                }
            throw NavigationError(problem.code, "\(place): \(problem.message)")
        }
        self.router = router
        self.navigation = navigation
        self.redirectTarget = redirectTarget
        self.patterns = patterns
    }

    /// The tree of an app that has just started: each tab at its root, the first one selected, nothing presented.
    public func coldStart() -> NavigationTree {
        let tabs = navigation.tabs.map { tab in
            NavigationTree.Tab(name: tab.name, root: rootScreen(of: tab))
        }
        return NavigationTree(tabs: tabs, selectedTab: tabs.first?.name)
    }

    /// The screen a link opens: the route it matches (after the route file's redirects), its parameters and its
    /// query, with the link written back from the route.
    /// - Throws: ``NavigationError`` when the router rejects the link, no route matches it, or its redirects
    ///   loop.
    public func screen(for link: String) throws(NavigationError) -> NavigationTree.Screen {
        var current = link
        var seen: [String] = []
        while true {
            let match: RouteMatch?
            do {
                match = try router.match(current)
            } catch {
                throw NavigationError(.rejected, "the link is rejected: \(error)", rejection: error)
            }
            guard let match else { throw NavigationError(.unmatched, "no route matches '\(current)'") }
            guard let target = redirectTarget(match) else {
                return screen(
                    route: match.route.name, parameters: match.parameters.dictionary,
                    wildcard: match.wildcardComponents, query: Array(match.link.query), input: current)
            }
            seen.append(current)
            guard seen.count <= Router.maxRedirects, !seen.contains(target) else {
                throw NavigationError(
                    .redirectLoop, "the redirects loop: \((seen + [target]).joined(separator: " → "))")
            }
            current = target
        }
    }

    /// The screen of a request that a route handled: its route, parameters and query.
    public func screen(for request: RouteRequest) -> NavigationTree.Screen {
        screen(
            route: request.route?.name, parameters: request.parameters.dictionary,
            wildcard: request.wildcardComponents, query: Array(request.query), input: request.link.input)
    }

    /// A screen for a route and what it captured; its link is the route's, written back by name, so that twin
    /// links give one screen. A route without a name, or whose link cannot be written back, keeps `input`.
    func screen(
        route: String?, parameters: [String: String], wildcard: [String]?, query: [QueryItem], input: String
    ) -> NavigationTree.Screen {
        let link = route.flatMap { name in
            try? router.link(for: name, parameters: parameters, wildcard: wildcard ?? [], query: query)
        }
        return NavigationTree.Screen(route: route, parameters: parameters, link: link ?? input)
    }

    /// The root screen of a tab: its root route's, which takes no parameters.
    func rootScreen(of tab: Navigation.Tab) -> NavigationTree.Screen {
        let link = (try? router.link(for: tab.root)) ?? "/"
        return NavigationTree.Screen(route: tab.root, link: link)
    }

    /// The screen of the route named `route` below a screen whose parameters are `parameters`: filled with those
    /// its pattern names.
    func parentScreen(_ route: String, of parameters: [String: String]) throws(NavigationError)
        -> NavigationTree.Screen
    {
        let names = patterns[route]?.parameterNames ?? []
        let filled = parameters.filter { names.contains($0.key) }
        do {
            return NavigationTree.Screen(
                route: route, parameters: filled, link: try router.link(for: route, parameters: filled))
        } catch {
            throw NavigationError(.parentLinkFailed, "the parent '\(route)' has no link for these parameters: \(error)")
        }
    }

    /// The names of the routes below `route`, bottom first: each parent's own ancestors, then the parent; each
    /// name once, and a cycle cut where it closes.
    static func ancestors(of route: String, in navigation: Navigation) -> [String] {
        var result: [String] = []
        var visiting: Set<String> = [route]
        func add(parentsOf name: String) {
            for parent in navigation.placement(of: name).parents where !visiting.contains(parent) {
                visiting.insert(parent)
                add(parentsOf: parent)
                if !result.contains(parent) { result.append(parent) }
            }
        }
        add(parentsOf: route)
        return result
    }
}
