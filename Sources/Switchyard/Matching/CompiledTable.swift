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

/// A route table's state: its settings, its registrations in order, and the trie compiled from them.
struct CompiledTable: Sendable {
    let table: RouteTable
    var settings = TableSettings() {
        didSet { hostRules = settings.hostRules }
    }
    /// The settings' host rules, made once rather than on every lookup.
    private(set) var hostRules = HostRules()
    private(set) var registrations: [Registration] = []
    private(set) var trie: RouteTrie
    /// For each shape registered so far, the first trie entry of the registration that brought it, or `-1` once
    /// the shape has a duplicate: one lookup per route finds duplicates. A shape is where each of a registration's
    /// expansions ended up in the trie (see ``RouteTrie/insert(_:_:)``); a pattern without optional groups, the
    /// usual case, has one expansion and a shape that is one number, whose slot is in the trie node it ends at
    /// (``RouteTrie/subscript(shapeAt:)``); the slots of patterns with groups are here.
    private var groupedShapes: [[Int]: Int32] = [:]
    /// The route each trie entry stands for, built once when it is added, with what a match of it needs, so that
    /// matching builds and copies as little as it can.
    private var entryRoutes: [Route] = []

    init(table: RouteTable, foldsLiteralCase: Bool) {
        self.table = table
        trie = RouteTrie(foldsLiteralCase: foldsLiteralCase)
    }

    var isEmpty: Bool { registrations.isEmpty }

    mutating func add(_ registration: Registration) {
        let index = registrations.count
        registrations.append(registration)
        let firstEntry = trie.entries.count
        let expansions = registration.pattern.expanded
        var terminals: [Int] = []  // filled only for a pattern with optional groups: no allocation otherwise
        var firstTerminal = 0
        for (expansionIndex, expansion) in expansions.enumerated() {
            let names = expansion.parameterNames
            let constraints = registration.constraints.compactMap { name, constraint in
                names.firstIndex(of: name).map { (parameter: $0, constraint: constraint) }
            }
            let entry = TrieEntry(
                registration: index, expansionIndex: expansionIndex, priority: registration.priority,
                parameterNames: names, parameterDepths: expansion.parameterDepths, constraints: constraints)
            let terminal = trie.insert(expansion.segments, entry)
            if expansionIndex == 0 { firstTerminal = terminal }
            if expansions.count > 1 { terminals.append(terminal) }
        }
        let earlier =
            expansions.count == 1
            ? Self.register(&trie[shapeAt: firstTerminal], firstEntry: firstEntry)
            : Self.register(&groupedShapes[terminals], firstEntry: firstEntry)
        if let earlier, earlier >= 0 {
            // The first duplicate of a shape: the registration that brought it becomes a duplicate too.
            let count = registrations[trie.entries[earlier].registration].pattern.expanded.count
            for entryIndex in earlier..<earlier + count {
                entryRoutes[entryIndex] = makeRoute(trie.entries[entryIndex], isDuplicate: true)
            }
        }
        let isDuplicate = earlier != nil
        for entry in trie.entries[firstEntry...] {
            entryRoutes.append(makeRoute(entry, isDuplicate: isDuplicate))
        }
    }

    /// Records a registration of a shape in the shape's slot.
    /// - Returns: `nil` for a new shape; else the slot's earlier value: the first entry of the registration to mark
    ///   as a duplicate, or `-1` when it is marked already.
    private static func register(_ slot: inout Int32?, firstEntry: Int) -> Int? {
        let earlier = slot
        slot = earlier == nil ? Int32(firstEntry) : -1
        return earlier.map(Int.init)
    }

    /// Removes the registrations that `shouldRemove` selects and recompiles the trie.
    /// - Returns: how many registrations were removed.
    mutating func removeAll(where shouldRemove: (Registration) -> Bool) -> Int {
        let kept = registrations.filter { !shouldRemove($0) }
        let removed = registrations.count - kept.count
        guard removed > 0 else { return 0 }
        var rebuilt = CompiledTable(table: table, foldsLiteralCase: trie.foldsLiteralCase)
        rebuilt.settings = settings
        for registration in kept { rebuilt.add(registration) }
        self = rebuilt
        return removed
    }

    private func makeRoute(_ entry: TrieEntry, isDuplicate: Bool) -> Route {
        // Read in place: `registrations[i]` copies the whole registration.
        registrations.withUnsafeBufferPointer { makeRoute(entry, of: $0[entry.registration], isDuplicate: isDuplicate) }
    }

    private func makeRoute(_ entry: TrieEntry, of registration: borrowing Registration, isDuplicate: Bool) -> Route {
        Route(
            pattern: registration.pattern, expansion: registration.pattern.expanded[entry.expansionIndex].text,
            name: registration.name, priority: registration.priority, table: table, isDuplicate: isDuplicate,
            tag: registration.tag,
            plan: Route.MatchPlan(
                registration: entry.registration, parameterNames: entry.parameterNames,
                parameterDepths: entry.parameterDepths))
    }

    /// Every route in match order: priority, then specificity (segment by segment, a literal before a
    /// parameter, a pattern that ends before a wildcard), then registration.
    var routes: [Route] {
        // Each entry's ranks are made once, not once per comparison.
        let keys = trie.entries.map { entry in
            (priority: entry.priority, ranks: ranks(entry), order: (entry.registration, entry.expansionIndex))
        }
        return keys.indices.sorted { left, right in
            let (a, b) = (keys[left], keys[right])
            if a.priority != b.priority { return a.priority > b.priority }
            if a.ranks != b.ranks { return a.ranks.lexicographicallyPrecedes(b.ranks) }
            return a.order < b.order
        }
        .map { entryRoutes[$0] }
    }

    /// Segment ranks, closed by the rank of "the pattern ends here" (between a parameter and a wildcard).
    private func ranks(_ entry: TrieEntry) -> [UInt8] {
        registrations.withUnsafeBufferPointer { registrations in
            registrations[entry.registration].pattern.expanded[entry.expansionIndex].segments.map {
                UInt8($0.rank)
            } + [2]
        }
    }

    /// The matches of a link split for this table, in match order, each with what runs for it.
    func matches(_ split: SplitView) -> [Candidate] {
        trie.search(split.components).map { candidate($0, split) }
    }

    /// The first match in match order of a link split for this table, with what runs for it.
    func bestMatch(_ split: SplitView) -> Candidate? {
        // No closure captures `self` here: a capture would copy the table.
        guard let found = trie.best(split.components) else { return nil }
        return candidate(found, split)
    }

    private func candidate(_ found: TrieMatch, _ split: SplitView) -> Candidate {
        let route = entryRoutes[found.entry]
        let plan = route.plan
        let values = plan.parameterDepths.isEmpty ? [] : plan.parameterDepths.map(split.components.value(at:))
        let match = RouteMatch(
            route: route, link: split.link, parameterValues: values,
            wildcardComponents: found.wildcardStart.map(split.components.values(from:)))
        // Read in place: `registrations[i].action` copies the whole registration first.
        let action = registrations.withUnsafeBufferPointer { $0[plan.registration].action }
        return Candidate(match: match, action: action)
    }
}

/// A route that matched, with what runs for it.
struct Candidate: Sendable {
    var match: RouteMatch
    var action: RouteAction?
}
