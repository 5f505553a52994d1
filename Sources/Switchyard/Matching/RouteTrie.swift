/// One expansion of a registered pattern, as the trie stores it.
struct TrieEntry: Sendable {
    /// The index of the registration in its table.
    var registration: Int
    var expansionIndex: Int
    var priority: Int
    var parameterNames: [String]
    /// Constraints by the index of the parameter they test.
    var constraints: [(parameter: Int, constraint: ParameterConstraint)]

    /// Whether `self` is tried before `other` when both end at the same node: higher priority, then
    /// registration order, then expansion order.
    func precedes(_ other: TrieEntry) -> Bool {
        (priority, -registration, -expansionIndex) > (other.priority, -other.registration, -other.expansionIndex)
    }
}

/// A match found in the trie, before it is dressed as a ``RouteMatch``.
struct TrieMatch {
    var entry: Int
    /// The indices of the components the parameters captured, in parameter order.
    var captures: [Int]
    /// Where the wildcard's components start, for an entry with a wildcard.
    var wildcardStart: Int?
}

/// A compiled route table: a trie whose edges are literal components or "any one component", with the
/// routes that end at a node and the routes whose wildcard starts there.
///
/// A search walks the trie depth first, trying at each node the literal edge, then the parameter edge, then
/// the wildcards, so matches come out in specificity order, backtracking when a branch fails. Nodes live in
/// one array (value semantics: a snapshot is a copy that shares storage until written).
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literals: [ExactText: Int32] = [:]
        var parameter: Int32 = -1
        var endings: [Int32] = []
        var wildcards: [Int32] = []
        /// The highest priority of any route at or below this node, to prune a search for the best match.
        var maxPriority = Int.min
    }

    private(set) var nodes = [Node()]
    private(set) var entries: [TrieEntry] = []
    let foldsLiteralCase: Bool

    init(foldsLiteralCase: Bool) {
        self.foldsLiteralCase = foldsLiteralCase
    }

    /// The key a literal or a component is looked up by.
    func key(_ text: String) -> String { foldsLiteralCase ? text.lowercased() : text }

    func key(_ literal: ExactText) -> ExactText { foldsLiteralCase ? ExactText(literal.text.lowercased()) : literal }

    mutating func insert(_ segments: [Segment], _ entry: TrieEntry) {
        let entryIndex = Int32(entries.count)
        entries.append(entry)
        var node = 0
        nodes[node].maxPriority = max(nodes[node].maxPriority, entry.priority)
        for segment in segments {
            switch segment {
            case .literal(let text):
                let literal = key(text)
                if let child = nodes[node].literals[literal] {
                    node = Int(child)
                } else {
                    let child = appendNode()
                    nodes[node].literals[literal] = Int32(child)
                    node = child
                }
            case .parameter:
                if nodes[node].parameter < 0 { nodes[node].parameter = Int32(appendNode()) }
                node = Int(nodes[node].parameter)
            case .wildcard:
                let position = insertionPoint(for: entry, in: nodes[node].wildcards)
                nodes[node].wildcards.insert(entryIndex, at: position)
                return
            }
            nodes[node].maxPriority = max(nodes[node].maxPriority, entry.priority)
        }
        let position = insertionPoint(for: entry, in: nodes[node].endings)
        nodes[node].endings.insert(entryIndex, at: position)
    }

    private mutating func appendNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    /// Where `entry` goes in a node's list, which is kept in precedence order.
    private func insertionPoint(for entry: TrieEntry, in list: [Int32]) -> Int {
        list.firstIndex { entry.precedes(entries[Int($0)]) } ?? list.endIndex
    }

    /// Finds the routes that match `keys`, in match order: priority, then specificity, then registration.
    ///
    /// - Parameters:
    ///   - keys: the components as literals see them (lowercased when literal case is folded).
    ///   - values: the components as parameters see them.
    ///   - bestOnly: whether only the first route in match order is wanted.
    /// - Complexity: proportional to the trie nodes consistent with the components, independent of the number
    ///   of routes that are not; with `bestOnly` and equal priorities the search stops at the first match.
    func search(keys: [String], values: [String], bestOnly: Bool) -> [TrieMatch] {
        var search = Search(trie: self, keys: keys, values: values, bestOnly: bestOnly)
        var captures: [Int] = []
        search.visit(0, depth: 0, captures: &captures)
        // With `bestOnly`, each later find has a strictly higher priority than the one before it.
        if bestOnly { return search.found.last.map { [$0] } ?? [] }
        // Depth-first order is specificity order; a stable sort by priority puts priorities first.
        return search.found.enumerated()
            .sorted {
                (entries[$0.element.entry].priority, -$0.offset) > (entries[$1.element.entry].priority, -$1.offset)
            }
            .map(\.element)
    }

    private struct Search {
        let trie: RouteTrie
        let keys: [String]
        let values: [String]
        let bestOnly: Bool
        var found: [TrieMatch] = []
        var bestPriority = Int.min

        init(trie: RouteTrie, keys: [String], values: [String], bestOnly: Bool) {
            self.trie = trie
            self.keys = keys
            self.values = values
            self.bestOnly = bestOnly
        }

        mutating func visit(_ index: Int, depth: Int, captures: inout [Int]) {
            let node = trie.nodes[index]
            if bestOnly, !found.isEmpty, node.maxPriority <= bestPriority { return }
            if depth == keys.count {
                consider(node.endings, captures: captures, wildcardStart: nil)
            } else {
                if let child = node.literals[ExactText(keys[depth])] {
                    visit(Int(child), depth: depth + 1, captures: &captures)
                }
                if node.parameter >= 0 {
                    captures.append(depth)
                    visit(Int(node.parameter), depth: depth + 1, captures: &captures)
                    captures.removeLast()
                }
            }
            consider(node.wildcards, captures: captures, wildcardStart: depth)
        }

        private mutating func consider(_ list: [Int32], captures: [Int], wildcardStart: Int?) {
            for entryIndex in list {
                let entry = trie.entries[Int(entryIndex)]
                if bestOnly, !found.isEmpty, entry.priority <= bestPriority { return }
                guard entry.constraints.allSatisfy({ $0.constraint.accepts(values[captures[$0.parameter]]) }) else {
                    continue
                }
                found.append(TrieMatch(entry: Int(entryIndex), captures: captures, wildcardStart: wildcardStart))
                bestPriority = max(bestPriority, entry.priority)
                if bestOnly { return }
            }
        }
    }
}
