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
    /// The pattern's shape, parameter names aside, for finding duplicates: see ``RoutePattern/shapeKey``.
    var shape: ExactText

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
        shape = ExactText(pattern.shapeKey)
    }
}

/// A route table's state: its settings, its registrations in order, and the trie compiled from them.
struct CompiledTable: Sendable {
    let table: RouteTable
    var settings = TableSettings()
    private(set) var registrations: [Registration] = []
    private(set) var trie: RouteTrie
    private var shapeCounts: [ExactText: Int] = [:]
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
        // One lookup of the shape: hashing it is the dearest part of adding a route.
        let shapeCount = Self.increment(&shapeCounts[registration.shape, default: 0])
        let isDuplicate = shapeCount > 1
        if shapeCount == 2 {
            // The first duplicate of a shape: the routes registered earlier with it become duplicates too.
            for (entryIndex, entry) in trie.entries.enumerated()
            where registrations[entry.registration].shape == registration.shape {
                entryRoutes[entryIndex] = makeRoute(entry, isDuplicate: true)
            }
        }
        for (expansionIndex, expansion) in registration.pattern.expanded.enumerated() {
            let names = expansion.parameterNames
            let constraints = registration.constraints.compactMap { name, constraint in
                names.firstIndex(of: name).map { (parameter: $0, constraint: constraint) }
            }
            let entry = TrieEntry(
                registration: index, expansionIndex: expansionIndex, priority: registration.priority,
                parameterNames: names, parameterDepths: expansion.parameterDepths, constraints: constraints)
            trie.insert(expansion.segments, entry)
            entryRoutes.append(makeRoute(entry, isDuplicate: isDuplicate))
        }
    }

    /// Adds one to `count` and returns the new count.
    private static func increment(_ count: inout Int) -> Int {
        count += 1
        return count
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
        let registration = registrations[entry.registration]
        return Route(
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
        let entries = trie.entries
        return entries.indices.sorted { left, right in
            let (a, b) = (entries[left], entries[right])
            if a.priority != b.priority { return a.priority > b.priority }
            let ranksA = ranks(a), ranksB = ranks(b)
            if ranksA != ranksB { return ranksA.lexicographicallyPrecedes(ranksB) }
            return (a.registration, a.expansionIndex) < (b.registration, b.expansionIndex)
        }
        .map { entryRoutes[$0] }
    }

    /// Segment ranks, closed by the rank of "the pattern ends here" (between a parameter and a wildcard).
    private func ranks(_ entry: TrieEntry) -> [Int] {
        registrations[entry.registration].pattern.expanded[entry.expansionIndex].segments.map(\.rank) + [2]
    }

    /// The matches of a link split for this table, in match order, each with what runs for it.
    func matches(_ split: SplitURL) -> [Candidate] {
        trie.search(keys: keys(split), values: split.values).map { candidate($0, split) }
    }

    /// The first match in match order of a link split for this table, with what runs for it.
    func bestMatch(_ split: SplitURL) -> Candidate? {
        trie.best(keys: keys(split), values: split.values).map { candidate($0, split) }
    }

    private func keys(_ split: SplitURL) -> [String] {
        trie.foldsLiteralCase ? split.link.pathComponents.map(trie.key) : split.link.pathComponents
    }

    private func candidate(_ found: TrieMatch, _ split: SplitURL) -> Candidate {
        let route = entryRoutes[found.entry]
        let plan = route.plan
        var parameters: [String: String] = [:]
        if !plan.parameterNames.isEmpty {
            // Sized once at creation: growing an empty dictionary goes through a resize.
            parameters = Dictionary(minimumCapacity: plan.parameterNames.count)
            for index in plan.parameterNames.indices {
                parameters[plan.parameterNames[index]] = split.values[plan.parameterDepths[index]]
            }
        }
        let match = RouteMatch(
            route: route, link: split.link, parameters: parameters,
            wildcardComponents: found.wildcardStart.map { Array(split.values[$0...]) })
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
