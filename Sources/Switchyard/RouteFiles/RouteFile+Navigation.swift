extension RouteFile {
    /// Where the file's screens go: its tabs, the placements of its named routes (the first route of a name
    /// places it), and its default warm policy.
    public var navigation: Navigation {
        var placements: [String: Placement] = [:]
        for route in routes {
            guard let name = route.name, let placement = route.placement, placements[name] == nil else { continue }
            placements[name] = placement
        }
        return Navigation(tabs: tabs, placements: placements, warm: warm)
    }

    /// Creates a navigator that places the file's links: its router (``makeRouter(logger:)``), which matches
    /// without running anything, its ``navigation``, and its redirect routes, which a link follows before it
    /// is placed.
    ///
    /// ```swift
    /// let navigator = try RouteFile(contentsOf: "routes.json").makeNavigator()
    /// let plan = try navigator.plan(opening: "myapp://item/7", from: .coldStart)  // the product page, via /product/7
    /// ```
    ///
    /// - Throws: ``RouteFileError`` if a pattern does not parse, or the navigation does not fit the routes (a
    ///   file loaded through ``init(contentsOf:)-(String)`` has been checked already).
    public func makeNavigator() throws(RouteFileError) -> Navigator {
        try makeNavigator(router: makeRouter())
    }

    /// Creates a navigator that places links with `router`, a router this file made (with handlers, say).
    /// - Throws: ``RouteFileError`` if the navigation does not fit the router's routes.
    public func makeNavigator(router: Router) throws(RouteFileError) -> Navigator {
        do {
            return try Navigator(router: router, navigation: navigation) { match in redirectTarget(for: match) }
        } catch {
            throw RouteFileError(RouteFileError.Code(error.code.name), file: path, at: "", error.message)
        }
    }
}

extension RouteFileReader {
    /// The keys of a route that place its screen.
    static let placementKeys: Set = ["tab", "presentation", "parents", "warm"]

    /// Reads a route's `tab`, `presentation`, `parents` and `warm`; `nil` when it has none. A placed route needs
    /// a name (parents and tabs name routes), and a redirect route has no screen to place.
    mutating func readPlacement(_ route: [String: JSONValue], at location: String) -> Placement? {
        guard route.keys.contains(where: Self.placementKeys.contains) else { return nil }
        guard route["name"] != nil else {
            problem(.missingKey, at: location, "a route with a placement needs a 'name'")
            return nil
        }
        if route["redirect"] != nil {
            problem(.invalidValue, at: location, "a redirect route has no screen to place: place its target's route")
            return nil
        }
        var placement = Placement()
        placement.tab = route["tab"].flatMap { string($0, at: location + ".tab") }
        if let value = route["presentation"],
            let kind: Placement.Kind = choice(value, at: location + ".presentation", "a presentation")
        {
            placement.presentation = kind
        }
        if let value = route["parents"], let list = array(value, at: location + ".parents") {
            placement.parents = list.enumerated().compactMap { index, parent in
                string(parent, at: "\(location).parents[\(index)]")
            }
        }
        placement.warm = route["warm"].flatMap { readWarmPolicy($0, at: location + ".warm") }
        return placement
    }

    /// Reads a warm policy: `push`, `reuse` or `replace`.
    mutating func readWarmPolicy(_ value: JSONValue, at location: String) -> WarmPolicy? {
        choice(value, at: location, "a warm policy")
    }

    /// Reads one of a type's names (`push`, `sheet`, …), or reports that it is not `what`, and the names it may be.
    private mutating func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ value: JSONValue, at location: String, _ what: String
    ) -> Choice? {
        guard let name = string(value, at: location) else { return nil }
        guard let choice = Choice(rawValue: name) else {
            let names = Choice.allCases.map(\.rawValue)
            let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            problem(.invalidValue, at: location, "'\(name)' is not \(what): use \(list)")
            return nil
        }
        return choice
    }

    /// Reads `"tabs": [{"name": "home", "root": "home"}, …]`.
    mutating func readTabs(_ value: JSONValue) -> [Navigation.Tab] {
        guard let list = array(value, at: "tabs") else { return [] }
        return list.enumerated().compactMap { index, item in
            let location = "tabs[\(index)]"
            guard let fields = object(item, at: location) else { return nil }
            checkKeys(fields, ["name", "root"], at: location)
            guard let nameValue = fields["name"], let rootValue = fields["root"] else {
                problem(.missingKey, at: location, "a tab needs a 'name' and a 'root' (the name of its root route)")
                return nil
            }
            guard let name = string(nameValue, at: location + ".name"),
                let root = string(rootValue, at: location + ".root")
            else { return nil }
            return Navigation.Tab(name: name, root: root)
        }
    }

    /// Reports what does not fit in the file's navigation, at the tab or route that says it.
    mutating func checkNavigation(of file: RouteFile) {
        var patterns: [String: RoutePattern] = [:]
        var locations: [String: String] = [:]
        for route in file.routes {
            guard let name = route.name, patterns[name] == nil else { continue }
            patterns[name] = route.parsedPattern
            locations[name] = route.location
        }
        let check = NavigationCheck(navigation: file.navigation) { patterns[$0] }
        for found in check.problems() {
            let location: String =
                switch found.site {
                case .tab(let index, let key): "tabs[\(index)].\(key)"
                case .route(let name, let key): "\(locations[name] ?? name).\(key)"
                }
            problem(RouteFileError.Code(found.code.name), at: location, found.message)
        }
    }
}

extension RouteFileError {
    /// The codes of problems with where screens go, which `switchyard check` reports as `placement`.
    package static let navigationCodes: Set<Code> = [
        .unknownTab, .duplicateTab, .unknownRoute, .parentCycle, .unfillableParent, .rootWithParameters,
    ]
}
