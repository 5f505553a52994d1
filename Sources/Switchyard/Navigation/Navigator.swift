/// Decides where a link's screen goes: it matches the link with a router, and plans the steps that take a
/// ``NavigationTree`` to the tree that shows the screen, as a ``Navigation`` places each route.
///
/// ```swift
/// let file = try RouteFile(contentsOf: "routes.json")
/// let navigator = try file.makeNavigator()
/// var tree = navigator.coldStart()
/// let plan = try navigator.plan(opening: "myapp://promo/XMAS", from: .warm(tree))
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
        try follow(link) { link throws(URLRejection) in
            try router.match(link).map { .admitted($0, confirms: false) } ?? .unmatched
        }.screen
    }

    /// The screen a link from `origin` opens, as ``screen(for:)`` finds it but with the routes' access applied at
    /// each hop, as ``Router/route(_:origin:context:)`` applies it: the first route that accepts the origin, and
    /// whether one of the routes on the way confirms a link from there.
    /// - Throws: ``NavigationError`` as ``screen(for:)`` does, and `originRefused` when every route a hop matches
    ///   refuses the origin.
    func screen(for link: String, from origin: LinkOrigin?) throws(NavigationError)
        -> (screen: NavigationTree.Screen, confirms: Bool)
    {
        try follow(link) { link throws(URLRejection) in try router.match(link, from: origin) }
    }

    /// Follows the route file's redirects from `link` to the screen it opens (``RedirectChain``), matching each hop
    /// with `match`.
    private func follow(_ link: String, match: (String) throws(URLRejection) -> OriginVerdict) throws(NavigationError)
        -> (screen: NavigationTree.Screen, confirms: Bool)
    {
        var confirms = false
        let end = try RedirectChain.follow(from: link) { link throws(NavigationError) -> RouteMatch in
            let verdict: OriginVerdict
            do throws(URLRejection) {
                verdict = try match(link)
            } catch {
                throw NavigationError(.rejected, "the link is rejected: \(error)", rejection: error)
            }
            switch verdict {
            case .unmatched:
                throw NavigationError(.unmatched, "no route matches '\(link)'")
            case .refused(let match):
                throw NavigationError(
                    .originRefused, "\(match.route) and every route '\(link)' matches refuse its origin")
            case .admitted(let match, let asks):
                confirms = confirms || asks
                return match
            }
        } target: {
            redirectTarget($0)
        }
        switch end {
        case .loop(let links):
            throw NavigationError(.redirectLoop, "the redirects loop: \(links.joined(separator: " → "))")
        case .reached(let found, let current):
            let screen = screen(
                route: found.route.name, parameters: found.parameters.dictionary,
                wildcard: found.wildcardComponents, query: Array(found.link.query), input: current)
            return (screen, confirms)
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
    /// name once, and a cycle cut where it closes. Walked with a stack of its own, not recursion, so a chain as
    /// deep as a file allows costs its length and no thread's stack.
    static func ancestors(of route: String, in navigation: Navigation) -> [String] {
        var result: [String] = []
        var visiting: Set<String> = [route]
        // Each entry: a route whose parents are being added, and the index of the next one.
        var stack: [(name: String, parents: [String], next: Int)] = [
            (route, navigation.placement(of: route).parents, 0)
        ]
        while let top = stack.last {
            guard top.next < top.parents.count else {
                stack.removeLast()
                // A parent is added once its own ancestors are; `visiting` holds it already, so it is added once.
                if !stack.isEmpty { result.append(top.name) }
                continue
            }
            stack[stack.count - 1].next += 1
            let parent = top.parents[top.next]
            if visiting.insert(parent).inserted {
                stack.append((parent, navigation.placement(of: parent).parents, 0))
            }
        }
        return result
    }
}
