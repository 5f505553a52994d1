/// The checks of ``Router/check()``, over a router's registrations in order (a route file's order for a router
/// made from one), each a short function.
struct RouteCheck {
    let registrations: [CheckedRegistration]
    let settings: [RouteTable: TableSettings]
    let foldsLiteralCase: Bool

    /// Every check, in the order they are reported.
    func findings() -> [RouteFinding] {
        let duplicates = duplicateGroups()
        let unreachable = unreachableRegistrations()
        var groupOf: [Int: Int] = [:]
        for (group, indices) in duplicates.enumerated() { for index in indices { groupOf[index] = group } }
        return duplicateFindings(duplicates) + ambiguousFindings() + unreachable.findings
            + shadowedFindings(skipping: unreachable.indices, duplicateGroupOf: groupOf)
            + duplicateNames()
    }

    /// A table and a shape in it: the expansions that compete for the same links.
    private struct TableShape: Hashable {
        var table: RouteTable
        var shape: TrieTerminal?
    }

    /// Registrations that are duplicates: of the same shape in one table, from the first of them with no constraint
    /// (a constrained route lets the links it refuses through to the next). Each group in registration order.
    func duplicateGroups() -> [[Int]] {
        struct Shape: Hashable {
            var table: RouteTable
            var expansions: [TrieTerminal?]
        }
        var byShape: [Shape: [Int]] = [:]
        for (index, registration) in registrations.enumerated() where registration.route.isDuplicate {
            byShape[Shape(table: registration.table, expansions: registration.expansions.map(\.shape)), default: []]
                .append(index)
        }
        return byShape.values.compactMap { indices -> [Int]? in
            guard let free = indices.firstIndex(where: { registrations[$0].constraints.isEmpty }) else { return nil }
            let group = Array(indices[free...])
            return group.count > 1 ? group : nil
        }.sorted { $0[0] < $1[0] }
    }

    private func duplicateFindings(_ groups: [[Int]]) -> [RouteFinding] {
        groups.map { indices in
            let first = registrations[indices[0]]
            return RouteFinding(
                .duplicate, "\(patterns(indices)) have the same shape in table \(first.table); only the first can win",
                routes: routes(indices), example: example(first.expansions.first, table: first.table))
        }
    }

    /// Expansions of one pattern that tie on priority and specificity.
    private func ambiguousFindings() -> [RouteFinding] {
        registrations.compactMap { registration in
            let own = registration.expansions
            let tie = own.indices.lazy.compactMap { a in
                own.indices.first { b in b > a && own[a].shape == own[b].shape }.map { (own[a], own[$0]) }
            }.first
            guard let (a, b) = tie else { return nil }
            return RouteFinding(
                .ambiguous, "the expansions \(a.text) and \(b.text) of \(registration.pattern) tie for the same links",
                routes: [registration.route], example: example(a, table: registration.table))
        }
    }

    /// Registrations whose every expansion a registration of higher priority in the same table covers.
    ///
    /// Each registration is compared with those of its table that have a higher priority only, found in a list of
    /// the table's registrations from the highest priority down: a file whose routes share one priority, the usual
    /// one, is checked in linear time.
    private func unreachableRegistrations() -> (indices: Set<Int>, findings: [RouteFinding]) {
        var byTable: [RouteTable: [Int]] = [:]
        for index in registrations.indices { byTable[registrations[index].table, default: []].append(index) }
        let byPriority = byTable.mapValues { indices in
            indices.sorted { registrations[$0].priority > registrations[$1].priority }
        }
        var unreachable: Set<Int> = []
        var findings: [RouteFinding] = []
        for (index, registration) in registrations.enumerated() {
            let higher = (byPriority[registration.table] ?? []).prefix {
                registrations[$0].priority > registration.priority
            }
            .sorted()
            let shadows = registration.expansions.map { expansion in
                higher.lazy.compactMap { other -> (Int, CheckedExpansion)? in
                    registrations[other].expansions.first { covers($0.segments, expansion.segments) }.map {
                        (other, $0)
                    }
                }.first
            }
            guard !shadows.isEmpty, shadows.allSatisfy({ $0 != nil }), let (other, _) = shadows.first ?? nil else {
                continue
            }
            unreachable.insert(index)
            let winner = registrations[other]
            findings.append(
                RouteFinding(
                    .unreachable,
                    "\(registration.pattern) can never win: \(winner.pattern) (priority \(winner.priority)) matches "
                        + "every link it matches", routes: [registration.route, winner.route],
                    example: example(registration.expansions.first, table: registration.table)))
        }
        return (unreachable, findings)
    }

    /// Expansions that another registration's expansion of the same shape always beats: a higher priority, or the
    /// same priority and an earlier registration, with no constraint that could let the link through.
    /// Registrations reported already (unreachable, or duplicates of each other) are left out.
    private func shadowedFindings(skipping reported: Set<Int>, duplicateGroupOf: [Int: Int]) -> [RouteFinding] {
        // The registrations with no constraint that have an expansion of each shape, in registration order: a
        // winner has one of the loser's shape, so only those are compared, which keeps the check linear unless many
        // routes share a shape.
        var unconstrained: [TableShape: [Int]] = [:]
        for (index, registration) in registrations.enumerated() where registration.constraints.isEmpty {
            for shape in Set(registration.expansions.map(\.shape)) {
                unconstrained[TableShape(table: registration.table, shape: shape), default: []].append(index)
            }
        }
        return registrations.indices.compactMap { index -> RouteFinding? in
            guard !reported.contains(index) else { return nil }
            let loser = registrations[index]
            let winners = loser.expansions.map { expansion in
                firstWinner(
                    over: expansion, of: index,
                    among: unconstrained[TableShape(table: loser.table, shape: expansion.shape)] ?? [],
                    duplicateGroupOf: duplicateGroupOf)
            }
            guard let position = winners.firstIndex(where: { $0 != nil }), let (other, winning) = winners[position]
            else { return nil }
            let winner = registrations[other]
            let by =
                winning.text == winner.pattern ? winner.pattern : "the expansion \(winning.text) of \(winner.pattern)"
            let beaten =
                winners.allSatisfy({ $0 != nil })
                ? loser.pattern : "the expansion \(loser.expansions[position].text) of \(loser.pattern)"
            return RouteFinding(
                .shadowed, "\(beaten) can never win: \(by) has the same shape and comes first",
                routes: [loser.route, winner.route],
                example: example(loser.expansions[position], table: loser.table))
        }
    }

    /// The first expansion, of another registration that is not a duplicate of `index`'s, that always beats
    /// `expansion` of registration `index`; `candidates` are the registrations, in order, with no constraint and an
    /// expansion of its shape in its table.
    private func firstWinner(
        over expansion: CheckedExpansion, of index: Int, among candidates: [Int], duplicateGroupOf: [Int: Int]
    ) -> (Int, CheckedExpansion)? {
        let loser = registrations[index]
        let group = duplicateGroupOf[index]
        for other in candidates {
            let winner = registrations[other]
            guard other != index,
                winner.priority > loser.priority || (winner.priority == loser.priority && other < index),
                group == nil || duplicateGroupOf[other] != group
            else { continue }
            if let same = winner.expansions.first(where: { $0.shape == expansion.shape }) { return (other, same) }
        }
        return nil
    }

    /// Names given to more than one registration, in any tables: a link built by name (`link(for:)`,
    /// `switchyard url`) would take the first.
    private func duplicateNames() -> [RouteFinding] {
        var byName: [String: [Int]] = [:]
        for (index, registration) in registrations.enumerated() {
            if let name = registration.route.name { byName[name, default: []].append(index) }
        }
        return byName.filter { $0.value.count > 1 }.sorted { $0.value[0] < $1.value[0] }.map { name, indices in
            // A link of the second route: one that building by name never gives.
            let second = registrations[indices[1]]
            return RouteFinding(
                .duplicateName,
                "the name '\(name)' is given to \(patterns(indices)); a link built by name takes the first",
                routes: routes(indices), example: example(second.expansions.first, table: second.table))
        }
    }

    /// The patterns of the registrations at `indices`, in order, joined by "and".
    private func patterns(_ indices: [Int]) -> String {
        indices.map { registrations[$0].pattern }.joined(separator: " and ")
    }

    /// The routes of the registrations at `indices`, in order.
    private func routes(_ indices: [Int]) -> [Route] { indices.map { registrations[$0].route } }

    /// Whether every link that `narrow` matches is matched by `wide` too.
    private func covers(_ wide: [Segment], _ narrow: [Segment]) -> Bool {
        for (index, segment) in wide.enumerated() {
            if segment == .wildcard { return true }
            guard index < narrow.count else { return false }
            switch (segment, narrow[index]) {
            case (_, .wildcard): return false
            case (.parameter, _): continue
            case (.literal(let a), .literal(let b)):
                if foldsLiteralCase ? a.text.lowercased() != b.text.lowercased() : a != b { return false }
            default: return false
            }
        }
        return wide.count == narrow.count
    }

    /// A link that the expansion matches, written as reverse routing writes links: parameters and a wildcard's one
    /// component filled with `value`.
    private func example(_ expansion: CheckedExpansion?, table: RouteTable) -> String? {
        guard let expansion else { return nil }
        return LinkWriter.example(of: expansion.segments, table: table, settings: settings[table] ?? TableSettings())
    }
}
