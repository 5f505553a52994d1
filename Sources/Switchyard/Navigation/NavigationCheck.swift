/// The checks that a ``Navigation`` fits its routes: tabs that exist, parents that are routes, no cycle of
/// parents, parents that a link can fill, roots without parameters. One definition, which a route file's reader
/// (with locations) and ``Navigator/init(router:navigation:)`` share.
struct NavigationCheck {
    /// One problem, and where it is.
    struct Problem: Hashable {
        enum Site: Hashable {
            /// A tab, by index, and the key at fault (`name` or `root`).
            case tab(Int, key: String)
            /// A route's placement, by route name, and the key at fault (`tab`, `parents`, `presentation`).
            case route(String, key: String)
        }

        let code: NavigationError.Code
        let site: Site
        let message: String
    }

    let navigation: Navigation
    /// The pattern of the route named so (the first, table by table); `nil` when no route has the name.
    let pattern: (String) -> RoutePattern?

    /// Every problem, tabs first, then routes by name.
    func problems() -> [Problem] {
        checkTabs() + navigation.placements.keys.sorted().flatMap(checkRoute)
    }

    private func checkTabs() -> [Problem] {
        var problems: [Problem] = []
        var names: Set<String> = []
        for (index, tab) in navigation.tabs.enumerated() {
            if tab.name.isEmpty || !names.insert(tab.name).inserted {
                let message = tab.name.isEmpty ? "a tab's name is empty" : "another tab is named '\(tab.name)'"
                problems.append(Problem(code: .duplicateTab, site: .tab(index, key: "name"), message: message))
            }
            guard let root = pattern(tab.root) else {
                problems.append(
                    Problem(
                        code: .unknownRoute, site: .tab(index, key: "root"),
                        message: "'\(tab.root)' is not the name of a route"))
                continue
            }
            if !root.parameterNames.isEmpty {
                problems.append(
                    Problem(
                        code: .rootWithParameters, site: .tab(index, key: "root"),
                        message:
                            "the root route '\(tab.root)' takes parameters (\(root.written)); a tab's root takes none"))
            }
        }
        return problems
    }

    private func checkRoute(_ name: String) -> [Problem] {
        let placement = navigation.placement(of: name)
        var problems: [Problem] = []
        if let tab = placement.tab, !navigation.tabs.contains(where: { $0.name == tab }) {
            let declared = navigation.tabs.map(\.name).joined(separator: ", ")
            problems.append(
                Problem(
                    code: .unknownTab, site: .route(name, key: "tab"),
                    message: "'\(tab)' is not a tab; "
                        + (declared.isEmpty ? "the file declares no tabs" : "the tabs are \(declared)")))
        }
        if placement.presentation == .root, let own = pattern(name), !own.parameterNames.isEmpty {
            problems.append(
                Problem(
                    code: .rootWithParameters, site: .route(name, key: "presentation"),
                    message: "a route shown as a root takes no parameters, and '\(name)' takes some (\(own.written))"))
        }
        for parent in placement.parents where pattern(parent) == nil {
            problems.append(
                Problem(
                    code: .unknownRoute, site: .route(name, key: "parents"),
                    message: "the parent '\(parent)' is not the name of a route"))
        }
        if let cycle = cycle(from: name) {
            problems.append(
                Problem(
                    code: .parentCycle, site: .route(name, key: "parents"),
                    message: "the parents make a cycle: \(cycle.joined(separator: " → "))"))
        } else if let own = pattern(name) {
            problems += unfillableAncestors(of: name, pattern: own)
        }
        return problems
    }

    /// The cycle of parents that leads from `name` back to a route on the way, if there is one.
    private func cycle(from name: String) -> [String]? {
        var onPath: [String] = []
        var finished: Set<String> = []
        func visit(_ route: String) -> [String]? {
            if let start = onPath.firstIndex(of: route) { return Array(onPath[start...]) + [route] }
            guard !finished.contains(route) else { return nil }
            onPath.append(route)
            defer {
                onPath.removeLast()
                finished.insert(route)
            }
            for parent in navigation.placement(of: route).parents {
                if let cycle = visit(parent) { return cycle }
            }
            return nil
        }
        return visit(name)
    }

    /// The ancestors whose parameters some link of the route cannot fill: for each expansion of the route's
    /// pattern, the parameters it gives that an ancestor names must be exactly one of the ancestor's expansions.
    private func unfillableAncestors(of name: String, pattern own: RoutePattern) -> [Problem] {
        let ancestors = Navigator.ancestors(of: name, in: navigation)
        let given = own.expanded.map { Set($0.parameterNames) }
        var problems: [Problem] = []
        for ancestor in ancestors {
            guard let parentPattern = pattern(ancestor) else { continue }
            let names = Set(parentPattern.parameterNames)
            let needed = parentPattern.expanded.map { Set($0.parameterNames) }
            if let unfilled = given.first(where: { !needed.contains($0.intersection(names)) }) {
                let missing = names.subtracting(unfilled).sorted().joined(separator: ", ")
                problems.append(
                    Problem(
                        code: .unfillableParent, site: .route(name, key: "parents"),
                        message: "the parent '\(ancestor)' (\(parentPattern.written)) needs \(missing), "
                            + "which a link of \(own.written) does not give"))
            }
        }
        return problems
    }
}
