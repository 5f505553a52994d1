/// Looking a link's components up in a ``RouteTrie``: every match in match order, the best match alone, or the
/// matches of each prefix (for a hierarchical level). The storage and insertion are in `RouteTrie.swift`.
extension RouteTrie {
    /// Finds the routes that match `components`, in match order: priority, then specificity, then registration.
    ///
    /// - Parameter components: the link's components, their keys decoded, their values as parameters see them;
    ///   the trie lowercases the keys itself when it folds literal case.
    /// - Complexity: proportional to the trie nodes consistent with the components, independent of the number
    ///   of routes that are not.
    func search(_ components: SplitComponents) -> [TrieMatch] {
        var found: [TrieMatch] = []
        withKeys(of: components) {
            var search = Search($0, bestOnly: false, hasConstraints: !constraints.isEmpty)
            visit(0, depth: 0, &search)
            found = search.found
        }
        // Depth-first order is specificity order; a stable sort by priority puts priorities first, when some route
        // has one.
        guard hasPriorities else { return found }
        return found.enumerated()
            .sorted {
                (priority(ofEntry: $0.element.entry), -$0.offset) > (priority(ofEntry: $1.element.entry), -$1.offset)
            }
            .map(\.element)
    }

    /// The first route in match order that matches `components`, found without building a list.
    /// - Complexity: as ``search(_:)``; with equal priorities the search stops at the first match.
    func best(_ components: SplitComponents) -> TrieMatch? {
        var best: TrieMatch?
        withKeys(of: components) {
            var search = Search($0, bestOnly: true, hasConstraints: !constraints.isEmpty)
            visit(0, depth: 0, &search)
            best = search.best
        }
        return best
    }

    /// Finds the routes that match a prefix of `components`, at least one component long: the longest prefix
    /// first, then match order. A route whose pattern ends in a wildcard takes every component that remains.
    ///
    /// What a level of a hierarchical walk reads: one search, whatever the number of prefixes.
    /// - Complexity: as ``search(_:)``.
    func prefixSearch(_ components: SplitComponents) -> [(match: TrieMatch, length: Int)] {
        var found: [(match: TrieMatch, length: Int)] = []
        withKeys(of: components) { keys in
            var search = Search(keys, bestOnly: false, hasConstraints: !constraints.isEmpty)
            visitPrefixes(0, depth: 0, &search, &found)
        }
        // Depth-first order is specificity order within one length; a stable sort puts longer prefixes first, then
        // higher priorities.
        return found.enumerated()
            .sorted {
                (
                    $0.element.length, priority(ofEntry: $0.element.match.entry), -$0.offset
                ) > ($1.element.length, priority(ofEntry: $1.element.match.entry), -$1.offset)
            }
            .map(\.element)
    }

    /// Visits node `index`, which the first `depth` components lead to, collecting into `found` the routes that end
    /// there (a prefix of `depth` components) and those that wait there for a wildcard (every component left).
    private func visitPrefixes(
        _ index: Int, depth: Int, _ search: inout Search, _ found: inout [(match: TrieMatch, length: Int)]
    ) {
        let node = nodes[index]
        if depth > 0 {
            collect(node.endings, wildcardStart: nil, length: depth, &search, &found)
        }
        if depth < search.components.count {
            if let child = node.literals.child(for: search.components.key(at: depth), in: literals) {
                visitPrefixes(Int(child), depth: depth + 1, &search, &found)
            }
            if let child = node.parameter.index {
                visitPrefixes(child, depth: depth + 1, &search, &found)
            }
        }
        if let list = node.wildcard.index, search.components.count > 0 {
            let entries = wildcardLists[list]
            collect(entries, wildcardStart: depth, length: search.components.count, &search, &found)
        }
    }

    /// Considers a node's entries and adds those that match to `found`, each as a prefix of `length` components.
    private func collect(
        _ entries: EntryList, wildcardStart: Int?, length: Int, _ search: inout Search,
        _ found: inout [(match: TrieMatch, length: Int)]
    ) {
        let start = search.found.count
        consider(entries, wildcardStart: wildcardStart, &search)
        for match in search.found[start...] { found.append((match, length)) }
    }

    /// Calls `body` with the components as the literals see them: lowercased when the trie folds literal case.
    private func withKeys(of components: SplitComponents, _ body: (SplitComponents) -> Void) {
        guard foldsLiteralCase else { return body(components) }
        components.withKeys(components.keyTexts.map(Self.folded), body)
    }

    /// What one search has found so far.
    private struct Search {
        /// The link's components: read where the split keeps them, so holding them copies nothing.
        let components: SplitComponents
        let bestOnly: Bool
        /// Whether some route of the trie has constraints (few tables have any): read once, not for each entry.
        let hasConstraints: Bool
        /// Every match in depth-first order, when all are wanted.
        var found: [TrieMatch] = []
        /// The best match so far, when only the best is wanted: each later one has a strictly higher priority.
        var best: TrieMatch?
        var bestPriority = Int.min

        init(_ components: SplitComponents, bestOnly: Bool, hasConstraints: Bool) {
            self.components = components
            self.bestOnly = bestOnly
            self.hasConstraints = hasConstraints
        }
    }

    /// Visits node `index`, which the first `depth` components lead to: the literal edge, then the parameter edge,
    /// then the wildcard, so that matches come in specificity order.
    private func visit(_ index: Int, depth: Int, _ search: inout Search) {
        if search.bestOnly, search.best != nil, !mayExceed(search.bestPriority, atOrBelow: index) { return }
        let node = nodes[index]
        if depth == search.components.count {
            consider(node.endings, wildcardStart: nil, &search)
        } else {
            if let child = node.literals.child(for: search.components.key(at: depth), in: literals) {
                visit(Int(child), depth: depth + 1, &search)
            }
            if let child = node.parameter.index {
                visit(child, depth: depth + 1, &search)
            }
        }
        if let list = node.wildcard.index {
            consider(wildcardLists[list], wildcardStart: depth, &search)
        }
    }

    /// Considers the entries of a node's list: those that end there, or (with `wildcardStart`) those that wait
    /// there for a wildcard.
    private func consider(_ entries: EntryList, wildcardStart: Int?, _ search: inout Search) {
        for position in 0..<count(of: entries) {
            let entryIndex = Int(entry(position, of: entries))
            let priority = priority(ofEntry: entryIndex)
            if search.bestOnly, search.best != nil, priority <= search.bestPriority { return }
            guard !search.hasConstraints || accepts(entryIndex, search.components) else { continue }
            let match = TrieMatch(entry: entryIndex, wildcardStart: wildcardStart)
            search.bestPriority = max(search.bestPriority, priority)
            if search.bestOnly {
                search.best = match
                return
            }
            search.found.append(match)
        }
    }

    /// Whether the entry's constraints accept the values its parameters would capture.
    private func accepts(_ entryIndex: Int, _ components: SplitComponents) -> Bool {
        guard records[entryIndex].isConstrained, let constraints = constraints[Int32(entryIndex)] else { return true }
        return constraints.allSatisfy { $0.constraint.accepts(components.value(at: $0.depth)) }
    }
}
