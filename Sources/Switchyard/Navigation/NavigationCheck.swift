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
        run().problems
    }

    /// Every problem, and how many times a route's parents were read: once a route, so the check is linear in the
    /// file's size however deep its chains of parents are.
    func run() -> (problems: [Problem], parentLookUps: Int) {
        var ancestry = AncestryMemo(navigation: navigation, pattern: pattern)
        let problems = checkTabs() + navigation.placements.keys.sorted().flatMap { checkRoute($0, &ancestry) }
        return (problems, ancestry.parentLookUps)
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

    private func checkRoute(_ name: String, _ ancestry: inout AncestryMemo) -> [Problem] {
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
        let answer = ancestry.answer(for: name)
        if let cycle = answer.cycle {
            problems.append(
                Problem(
                    code: .parentCycle, site: .route(name, key: "parents"),
                    message: "the parents make a cycle: \(cycle.joined(separator: " → "))"))
        } else if let own = pattern(name) {
            problems += unfillableAncestors(answer.shapes, of: name, pattern: own)
        }
        return problems
    }

    /// The ancestors whose parameters some link of the route cannot fill: for each expansion of the route's
    /// pattern, the parameters it gives that an ancestor names must be exactly one of the ancestor's expansions.
    /// Ancestors of one shape fail alike, so each shape is checked once, and named by its first ancestor.
    private func unfillableAncestors(_ shapes: [AncestryMemo.AncestorShape], of name: String, pattern own: RoutePattern)
        -> [Problem]
    {
        let given = own.expanded.map { Set($0.parameterNames) }
        var problems: [Problem] = []
        for (shape, ancestor) in shapes.map({ ($0.shape, $0.ancestor) }) {
            if let unfilled = given.first(where: { !shape.needed.contains($0.intersection(shape.names)) }) {
                let missing = shape.names.subtracting(unfilled).sorted().joined(separator: ", ")
                let written = pattern(ancestor)?.written ?? ancestor
                problems.append(
                    Problem(
                        code: .unfillableParent, site: .route(name, key: "parents"),
                        message: "the parent '\(ancestor)' (\(written)) needs \(missing), "
                            + "which a link of \(own.written) does not give"))
            }
        }
        return problems
    }
}
