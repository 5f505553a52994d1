extension Router {
    /// Checks the routes of every table, as `switchyard check` checks a route file's: duplicates (the router's own
    /// definition, which ``Route/isDuplicate`` reports), expansions of one pattern that tie, routes a higher
    /// priority makes unreachable, expansions another route always beats, and names given twice.
    ///
    /// ```swift
    /// try router.add("/product/:id", name: "product")
    /// try router.add("/item/:id", name: "product")
    /// for finding in router.check() { print(finding) }
    /// // duplicateName: the name 'product' is given to /product/:id and /item/:id; a link built by name takes the first
    /// ```
    ///
    /// - Returns: the findings, kind by kind in the order above; within a kind, in registration order (a route
    ///   file's order for a router made from one).
    /// - Complexity: Linear in the number of routes when they share one priority and few share a shape: a route is
    ///   compared with the routes of its shape for shadowing, and with those of a higher priority for reachability.
    ///   O(*n*²) at worst (every route of another priority, or of one shape).
    public func check() -> [RouteFinding] {
        let tables = state.snapshot.tables
        var registrations: [(order: (tag: Int, table: RouteTable, index: Int), registration: CheckedRegistration)] = []
        var settings: [RouteTable: TableSettings] = [:]
        for name in tables.names {
            guard let table = tables[name] else { continue }
            settings[name] = table.settings
            for (index, registration) in table.checkedRegistrations.enumerated() {
                registrations.append(((registration.route.tag ?? .max, name, index), registration))
            }
        }
        registrations.sort { $0.order < $1.order }
        return RouteCheck(
            registrations: registrations.map(\.registration), settings: settings,
            foldsLiteralCase: options.matchesLiteralsCaseInsensitively
        ).findings()
    }
}

/// A registration as a check reads it: its first route, its constraints, and its expansions.
struct CheckedRegistration {
    /// The route of the pattern's first expansion.
    var route: Route
    var constraints: [String: ParameterConstraint]
    var expansions: [CheckedExpansion]

    var table: RouteTable { route.table }
    var priority: Int { route.priority }
    /// The pattern as written.
    var pattern: String { route.pattern.written }
}

/// One expansion of a checked registration.
struct CheckedExpansion {
    var segments: [Segment]
    var text: String
    /// Where the expansion ended up in its table's trie: the same for two expansions of one table exactly when they
    /// have the same shape (see ``DuplicateShapes``).
    var shape: TrieTerminal?
}
