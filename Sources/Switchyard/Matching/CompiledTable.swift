/// One registration: a pattern added to a table, with everything given with it.
struct Registration: Sendable {
    var pattern: RoutePattern
    var name: String?
    var priority: Int
    var constraints: [String: ParameterConstraint]
    /// What runs when the route is chosen; `nil` for a route added without a handler, which handles by itself.
    var action: RouteAction?
    /// A number the registrant chose (a route file's declaration index), reported on the route.
    var tag: Int?

    init(
        pattern: RoutePattern, name: String?, priority: Int, constraints: [String: ParameterConstraint],
        action: RouteAction?, tag: Int? = nil
    ) {
        self.tag = tag
        self.pattern = pattern
        self.name = name
        self.priority = priority
        self.constraints = constraints
        self.action = action
    }
}

/// What a registration runs: its handler and the tests of its parameters, closures its registrant gave.
///
/// A table keeps them beside its routes, never in them: a request carries its route, and a handler (or a
/// constraint) that keeps requests would otherwise keep itself, and what it holds, alive. It keeps each entry's
/// action, and its constraints once, by depth, in the trie, where a search tests them.
struct RouteBehavior: Sendable {
    var action: RouteAction?
    var constraints: [String: ParameterConstraint]
}

/// A route table: its settings, its registrations and the trie compiled from them (see ``TableContents``), behind
/// one copy-on-write reference.
///
/// A snapshot of a table, which every lookup takes, costs one retain however much the table holds, and a lookup
/// reads the trie where the table keeps it, copying nothing of it.
struct CompiledTable: Sendable {
    private var contents: CopyOnWrite<TableContents>

    init(table: RouteTable, foldsLiteralCase: Bool) {
        contents = CopyOnWrite(TableContents(table: table, foldsLiteralCase: foldsLiteralCase))
    }

    /// The table these are the routes of.
    var table: RouteTable { contents.value.table }

    var settings: TableSettings {
        get { contents.value.settings }
        set { contents.update { $0.settings = newValue } }
    }

    /// The settings' host rules, made once rather than on every lookup.
    var hostRules: HostRules { contents.value.hostRules }
    /// The compiled trie.
    var trie: RouteTrie { contents.value.trie }
    var isEmpty: Bool { contents.value.isEmpty }
    /// The first registration named `name`, found by one lookup (see ``TableContents/registration(named:)``).
    func registration(named name: String) -> Registration? { contents.value.registration(named: name) }
    /// Every route in match order: priority, then specificity, then registration.
    var routes: [Route] { contents.value.routes }
    /// The routes in match order, each with its constraints.
    var routesWithConstraints: [(route: Route, constraints: [String: ParameterConstraint])] {
        contents.value.routesWithConstraints
    }
    /// The registrations in registration order, as ``RouteCheck`` reads them.
    var checkedRegistrations: [CheckedRegistration] { contents.value.checkedRegistrations }

    /// Adds a registration (see ``TableContents/add(_:)``).
    mutating func add(_ registration: Registration) {
        contents.update { $0.add(registration) }
    }

    /// Removes the registrations that `shouldRemove` selects and recompiles the trie.
    /// - Returns: how many registrations were removed.
    mutating func removeAll(where shouldRemove: (Registration) -> Bool) -> Int {
        contents.update { $0.removeAll(where: shouldRemove) }
    }

    /// The matches of a link split for this table, in match order, each with what runs for it.
    func matches(link: DeepLink, _ components: SplitComponents) -> [Candidate] {
        contents.value.matches(link: link, components)
    }

    /// The first route in match order that a link's components match, with what it captured.
    func bestCapture(_ components: SplitComponents) -> RouteCapture? {
        TableContents.bestCapture(in: contents.value.trie, components)
    }

    /// The candidates that match a prefix of the components that remain in a hierarchical walk, longest first.
    func prefixMatches(link: DeepLink, remaining: ArraySlice<String>, _ components: SplitComponents) -> [Candidate] {
        contents.value.prefixMatches(link: link, remaining: remaining, components)
    }
}

/// What a ``CompiledTable`` holds: its settings, its registrations in order, and the trie compiled from them.
///
/// A registration is kept once: its description (pattern, name, priority) in the ``RouteRecord`` of each of its
/// expansions, which the trie keeps end to end (no object per route), and its ``RouteBehavior`` beside them.
struct TableContents: Sendable {
    let table: RouteTable
    var settings = TableSettings() {
        didSet { hostRules = settings.hostRules }
    }
    /// The settings' host rules, made once rather than on every lookup.
    private(set) var hostRules = HostRules()
    private(set) var trie: RouteTrie
    /// The shapes registered so far, to mark duplicates.
    private var shapes = DuplicateShapes()
    /// What each trie entry's route runs when chosen.
    private var entryActions = ChunkedList<RouteAction?>()
    /// The first trie entry of the first registration of each name: reverse routing finds a route by one lookup, not
    /// by a scan of every registration, so building every route's link costs linear time in the routes.
    private var firstEntryByName: [String: Int] = [:]

    init(table: RouteTable, foldsLiteralCase: Bool) {
        self.table = table
        trie = RouteTrie(foldsLiteralCase: foldsLiteralCase)
    }

    var isEmpty: Bool { trie.records.isEmpty }

    /// The first trie entry of each registration, in registration order: the entries of a registration's expansions
    /// are consecutive, the first of them its pattern's expansion 0. Its route and behaviour make the registration.
    private var registrationStarts: some Collection<Int> {
        trie.records.indices.lazy.filter { [trie] in trie.records[$0].expansionIndex == 0 }
    }

    /// The registrations, in registration order, each with its behaviour.
    var registrations: some Collection<Registration> {
        registrationStarts.lazy.map { [self] start in
            trie.records[start].registration(with: behavior(ofEntry: start))
        }
    }

    /// The first registration named `name`, in registration order; `nil` when none is.
    func registration(named name: String) -> Registration? {
        firstEntryByName[name].map { trie.records[$0].registration(with: behavior(ofEntry: $0)) }
    }

    /// What an entry's route runs: its action, and its constraints by the names of the parameters they test.
    private func behavior(ofEntry entry: Int) -> RouteBehavior {
        let constraints = trie.constraints[Int32(entry)] ?? []
        return RouteBehavior(
            action: entryActions[entry],
            constraints: Dictionary(constraints.map { ($0.name, $0.constraint) }) { first, _ in first })
    }

    /// Adds a registration: the one way a route enters a table. Its pattern's segments are the parser's (a pattern
    /// parsed once, by the caller), or read from its texts for a registration a table gave back; the table keeps
    /// the route's fields for each expansion (``RouteRecord``), its behaviour beside them, and its shape.
    mutating func add(_ registration: Registration) {
        let segments = registration.pattern.segments
        let first = RouteRecord(registration, segments: segments[0], in: table)
        let behavior = RouteBehavior(action: registration.action, constraints: registration.constraints)
        let firstEntry = trie.records.count
        let expansions = registration.pattern.expanded
        var terminals: [TrieTerminal] = []  // filled only for a pattern with optional groups: no allocation otherwise
        var firstTerminal = TrieTerminal.ending(node: 0)
        for expansionIndex in expansions.indices {
            let segments = segments[expansionIndex]
            let depths = behavior.constraints.compactMap { name, constraint in
                segments.firstIndex { $0.parameterName == name }.map { (depth: $0, name: name, constraint: constraint) }
            }
            let record = expansionIndex == 0 ? first : first.sibling(expansion: expansionIndex, segments: segments)
            let terminal = trie.insert(segments, record, constraints: depths)
            if expansionIndex == 0 { firstTerminal = terminal }
            if expansions.count > 1 { terminals.append(terminal) }
        }
        let shape = expansions.count == 1 ? DuplicateShapes.Shape.single(firstTerminal) : .grouped(terminals)
        switch shapes.claim(shape, firstEntry: firstEntry) {
        case .unclaimed:
            break
        case .registration(let earlier):
            // The first duplicate of a shape makes the registration that brought the shape one too.
            markDuplicate(registrationAt: earlier, expansions: expansions.count)
            markDuplicate(registrationAt: firstEntry, expansions: expansions.count)
        case .duplicated:
            markDuplicate(registrationAt: firstEntry, expansions: expansions.count)
        }
        for _ in expansions.indices { entryActions.append(behavior.action) }
        if let name = first.name, firstEntryByName[name] == nil { firstEntryByName[name] = firstEntry }
    }

    /// Marks the entries of the registration whose first entry is `firstEntry` as duplicates.
    private mutating func markDuplicate(registrationAt firstEntry: Int, expansions: Int) {
        for entry in firstEntry..<firstEntry + expansions { trie.markDuplicate(entry: entry) }
    }

    /// The registrations in registration order, as ``RouteCheck`` reads them: each expansion with where it ended up
    /// in the trie, which is the same for two expansions exactly when they have the same shape.
    var checkedRegistrations: [CheckedRegistration] {
        registrationStarts.map { start in
            let first = trie.records[start]
            let expansions = first.pattern.expanded.indices.map { offset in
                let record = trie.records[start + offset]
                let segments = record.segments
                return CheckedExpansion(
                    segments: segments, text: record.expansion, shape: trie.terminal(of: segments))
            }
            return CheckedRegistration(
                route: Route(first), constraints: behavior(ofEntry: start).constraints, expansions: expansions)
        }
    }

    /// Removes the registrations that `shouldRemove` selects and recompiles the trie.
    /// - Returns: how many registrations were removed.
    mutating func removeAll(where shouldRemove: (Registration) -> Bool) -> Int {
        var kept: [Int] = []
        var removed = 0
        for (start, registration) in zip(registrationStarts, registrations) {
            if shouldRemove(registration) { removed += 1 } else { kept.append(start) }
        }
        guard removed > 0 else { return 0 }
        var rebuilt = TableContents(table: table, foldsLiteralCase: trie.foldsLiteralCase)
        rebuilt.settings = settings
        for start in kept {
            rebuilt.add(trie.records[start].registration(with: behavior(ofEntry: start)))
        }
        self = rebuilt
        return removed
    }

    /// Every route in match order: priority, then specificity (segment by segment, a literal before a
    /// parameter, a pattern that ends before a wildcard), then registration.
    var routes: [Route] { entriesInMatchOrder.map(route(ofEntry:)) }

    private func route(ofEntry entry: Int) -> Route { Route(trie.records[entry]) }

    /// The trie entries in the order of ``routes``.
    private var entriesInMatchOrder: [Int] {
        // Each entry's ranks are made once, not once per comparison; entries are in registration order.
        var keys: [(priority: Int, ranks: [UInt8])] = []
        keys.reserveCapacity(trie.records.count)
        for start in registrationStarts {
            let route = trie.records[start]
            for expansion in route.pattern.expanded {
                keys.append((route.priority, expansion.ranks))
            }
        }
        return keys.indices.sorted { left, right in
            let (a, b) = (keys[left], keys[right])
            if a.priority != b.priority { return a.priority > b.priority }
            if a.ranks != b.ranks { return a.ranks.lexicographicallyPrecedes(b.ranks) }
            return left < right
        }
    }

    /// The routes in match order, each with its constraints.
    var routesWithConstraints: [(route: Route, constraints: [String: ParameterConstraint])] {
        entriesInMatchOrder.map { (route(ofEntry: $0), behavior(ofEntry: $0).constraints) }
    }

    /// The matches of a link split for this table, in match order, each with what runs for it.
    func matches(link: DeepLink, _ components: SplitComponents) -> [Candidate] {
        trie.search(components).map { found in
            Candidate(
                match: RouteMatch(capture(found, components), link: link), action: entryActions[found.entry])
        }
    }

    /// The first route in match order of `trie` that `components` match, with what it captured: a function of the
    /// trie alone, so that a lookup passes the trie, not the table that holds it.
    static func bestCapture(in trie: borrowing RouteTrie, _ components: SplitComponents) -> RouteCapture? {
        guard let found = trie.best(components) else { return nil }
        return capture(found, components, in: trie)
    }

    /// The candidates that match a prefix of the components that remain in a hierarchical walk, the longest prefix
    /// first, each given the link of the components it consumed.
    func prefixMatches(link: DeepLink, remaining: ArraySlice<String>, _ components: SplitComponents) -> [Candidate] {
        trie.prefixSearch(components).map { found, length in
            Candidate(
                match: RouteMatch(
                    capture(found, components), link: link.with(pathComponents: Array(remaining.prefix(length)))),
                action: entryActions[found.entry])
        }
    }

    /// What the route of `found` captured from `components`.
    private func capture(_ found: TrieMatch, _ components: SplitComponents) -> RouteCapture {
        Self.capture(found, components, in: trie)
    }

    private static func capture(
        _ found: TrieMatch, _ components: SplitComponents, in trie: borrowing RouteTrie
    ) -> RouteCapture {
        let record = trie.records[found.entry]
        let values = record.parameterValues(in: components)
        return RouteCapture(
            route: Route(record), parameterValues: values,
            wildcardComponents: found.wildcardStart.map(components.values(from:)))
    }
}

/// A route that matched, with what runs for it.
struct Candidate: Sendable {
    var match: RouteMatch
    var action: RouteAction?
}
