extension Navigator {
    /// Plans opening a link: from a cold start (each tab at its root, then the link's tab, its parents in order
    /// and the link), or against the app as it is, by the route's ``WarmPolicy``.
    ///
    /// ```swift
    /// let cold = try navigator.plan(opening: "myapp://product/7/reviews", from: .coldStart)
    /// let warm = try navigator.plan(opening: "https://shop.example.com/product/8", from: .warm(cold.target))
    /// ```
    ///
    /// - Throws: ``NavigationError`` when the link does not open a route (``screen(for:)-(String)``), or a
    ///   parent's link cannot be written from its parameters.
    public func plan(opening link: String, from start: NavigationStart) throws(NavigationError) -> NavigationPlan {
        try plan(opening: screen(for: link), from: start)
    }

    /// Plans showing `screen`: from a cold start, or against the app as it is.
    /// - Throws: ``NavigationError`` when a parent's link cannot be written from the screen's parameters.
    public func plan(opening screen: NavigationTree.Screen, from start: NavigationStart) throws(NavigationError)
        -> NavigationPlan
    {
        let current: NavigationTree
        let isColdStart: Bool
        switch start {
        case .coldStart: (current, isColdStart) = (coldStart(), true)
        case .warm(let tree): (current, isColdStart) = (tree, false)
        }
        let target = try target(showing: screen, from: current, isColdStart: isColdStart)
        return NavigationPlan(showing: screen, from: current, to: target)
    }

    /// Plans the screen of a handled outcome against the app as it is now: how a UI applies what the router
    /// did, links held on a cold start and replayed later included (``Router/deferredOutcomes``), so that a
    /// replayed link is placed in the tree of its replay, not of its arrival.
    ///
    /// ```swift
    /// for await outcome in router.deferredOutcomes {
    ///     if let plan = try navigator.plan(for: outcome, from: tree) { tree = plan.target }
    /// }
    /// ```
    ///
    /// - Returns: `nil` for an outcome that opened no route (held, rejected, unhandled, the default route's).
    public func plan(for outcome: RouteOutcome, from tree: NavigationTree) throws(NavigationError) -> NavigationPlan? {
        guard outcome.status == .handled, let request = outcome.request, request.route != nil else { return nil }
        return try plan(opening: screen(for: request), from: .warm(tree))
    }

    /// The tree that shows `screen`: see ``Placement`` and ``WarmPolicy`` for the rules.
    func target(showing screen: NavigationTree.Screen, from tree: NavigationTree, isColdStart: Bool)
        throws(NavigationError) -> NavigationTree
    {
        let placement = navigation.placement(of: screen.route)
        let policy = isColdStart ? .replace : placement.warm ?? navigation.warm
        let ancestors = screen.route.map { Self.ancestors(of: $0, in: navigation) } ?? []
        var target = tree
        let base = baseLocation(for: screen.route, ancestors: ancestors, in: tree)
        if case .tab(let name) = base { target.selectedTab = name }
        if isRoot(screen.route) {
            target.presentations = []
            target.setPath([], at: base)
            return target
        }
        var stacks = Stacks()
        for name in ancestors { stacks.add(try parentScreen(name, of: screen.parameters), as: kind(of: name)) }
        stacks.add(screen, as: placement.presentation)
        if stacks.presented.isEmpty {
            target.presentations = []
            target.setPath(policy.merge(tree.path(at: base), stacks.base), at: base)
            return target
        }
        if !stacks.base.isEmpty { target.setPath(policy.merge(tree.path(at: base), stacks.base), at: base) }
        let kept = zip(tree.presentations, stacks.presented).prefix {
            $0.style == $1.style && $0.screen == $1.screen
        }.count
        target.presentations = stacks.presented.enumerated().map { index, wanted in
            guard index < kept else { return wanted }
            var presentation = tree.presentations[index]
            presentation.path = policy.merge(presentation.path, wanted.path)
            return presentation
        }
        return target
    }

    /// Whether the route named `route` shows a root: a tab's root route, or a route placed as one.
    private func isRoot(_ route: String?) -> Bool {
        kind(of: route) == .root
    }

    /// How the route named `route` is shown: a tab's root route as a root, others as placed.
    private func kind(of route: String?) -> Placement.Kind {
        navigation.tab(rootedAt: route) != nil ? .root : navigation.placement(of: route).presentation
    }

    /// The stack the screen's own stack starts in: the tab that the route roots or names, else the nearest
    /// ancestor's, else the selected tab (the first when the tree names none); `main` for an app without tabs.
    private func baseLocation(for route: String?, ancestors: [String], in tree: NavigationTree)
        -> NavigationTree.Location
    {
        guard !navigation.tabs.isEmpty else { return .main }
        for name in [route].compactMap({ $0 }) + ancestors.reversed() {
            if let tab = navigation.tab(rootedAt: name) ?? navigation.placement(of: name).tab.flatMap(tab(named:)) {
                return .tab(tab.name)
            }
        }
        let selected = tree.selectedTab.flatMap(tab(named:)) ?? navigation.tabs[0]
        return .tab(selected.name)
    }

    private func tab(named name: String) -> Navigation.Tab? {
        navigation.tabs.first { $0.name == name }
    }
}

/// The stacks that a screen and its parents make, bottom first: the screens pushed in the tab (or the app's
/// stack), and the presentations over it, each with the screens pushed in it.
private struct Stacks {
    var base: [NavigationTree.Screen] = []
    var presented: [NavigationTree.Presentation] = []

    /// Adds the next screen up: a root clears what is below it, a sheet or a cover opens a presentation, a
    /// pushed screen goes on the top stack.
    mutating func add(_ screen: NavigationTree.Screen, as kind: Placement.Kind) {
        switch kind.known {
        case .root:
            self = Stacks()
        case .sheet:
            presented.append(NavigationTree.Presentation(style: .sheet, screen: screen))
        case .cover:
            presented.append(NavigationTree.Presentation(style: .cover, screen: screen))
        case .push:
            if presented.isEmpty {
                base.append(screen)
            } else {
                presented[presented.count - 1].path.append(screen)
            }
        }
    }
}

extension WarmPolicy {
    /// The stack that results when `wanted` (the parents, then the screen, as a cold start would push them) is
    /// opened over `current`.
    func merge(_ current: [NavigationTree.Screen], _ wanted: [NavigationTree.Screen]) -> [NavigationTree.Screen] {
        switch self {
        case .push:
            // With nothing wanted, the link's screen is the stack's root: popping to it shows it.
            guard let screen = wanted.last else { return [] }
            return current.last == screen ? current : current + [screen]
        case .reuse:
            for (depth, screen) in current.enumerated().reversed() {
                if let index = wanted.lastIndex(of: screen) { return Array(current[...depth] + wanted[(index + 1)...]) }
            }
            return wanted
        case .replace:
            return wanted
        }
    }
}
