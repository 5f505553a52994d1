/// The constraints on an entry's parameters, by the component each parameter captures (what a search tests), with
/// the parameter's name (what a registration gives back, without reading the pattern again).
typealias EntryConstraints = [(depth: Int, name: String, constraint: ParameterConstraint)]

/// A match found in the trie, before it is dressed as a ``RouteMatch``.
struct TrieMatch {
    var entry: Int
    /// Where the wildcard's components start, for an entry with a wildcard.
    var wildcardStart: Int?
}

/// A compiled route table: a trie whose edges are literal components or "any one component", with the
/// routes that end at a node and the routes whose wildcard starts there. This file holds its storage and how routes
/// are inserted; `RouteTrie+Search.swift` how a link's components are looked up.
///
/// A search walks the trie depth first, trying at each node the literal edge, then the parameter edge, then
/// the wildcards, so matches come out in specificity order, backtracking when a branch fails. Nodes live in
/// one ``ChunkedList`` (value semantics: a snapshot is a copy that shares storage until written).
struct RouteTrie: Sendable {
    /// A node, in 4-byte fields: what few nodes have (a literal index, more than one route ending, routes waiting
    /// for a wildcard) lives in lists of the trie's, by number, and the bound of the priorities below it in
    /// ``RouteTrie/priorityBounds``.
    struct Node: Sendable {
        var literals = LiteralEdges()
        var endings = EntryList()
        /// The child that any one component leads to.
        var parameter = TrieIndex.none
        /// The node's routes that wait for a wildcard, in ``RouteTrie/wildcardLists``.
        var wildcard = TrieIndex.none
    }

    private(set) var nodes = ChunkedList<Node>()
    /// The fields of each entry's route. Entries are numbered in registration order, a pattern's expansions in
    /// their order; a search reads the routes' priorities here, when some route has one.
    private(set) var records = ChunkedList<RouteRecord>()
    /// The constraints of the entries whose routes have any, which few do (their records say so).
    private(set) var constraints: [Int32: EntryConstraints] = [:]
    /// The highest priority of any route at or below each node, to prune a search for the best match; kept once
    /// some route has a priority other than 0. Until then no list is kept, and every node's bound is 0: each node
    /// lies on the path of a route, and every route's priority is 0.
    private var priorityBounds = ChunkedList<PriorityBound>()
    /// Whether some route has a priority other than 0 (then every node has a bound): until one does, a search
    /// reads no route's fields.
    var hasPriorities: Bool { !priorityBounds.isEmpty }
    /// The routes that wait for a wildcard, a list for each node that has any.
    private(set) var wildcardLists: [EntryList] = []
    /// The entries of each ``EntryList`` that has more than one.
    private var moreEntries: [[Int32]] = []
    /// The literals' bytes and edges of every node.
    private(set) var literals = LiteralStore()
    let foldsLiteralCase: Bool

    init(foldsLiteralCase: Bool) {
        self.foldsLiteralCase = foldsLiteralCase
        nodes.append(Node())
    }

    /// The key a literal or a component is looked up by.
    func key(_ literal: ExactText) -> ExactText { foldsLiteralCase ? ExactText(Self.folded(literal.text)) : literal }

    /// A literal's or a component's text with its case folded, for a trie that folds literal case.
    static func folded(_ text: String) -> String { text.lowercased() }

    /// Adds an entry for the route of `record`, an expansion whose segments are `segments`, with the constraints
    /// on its parameters.
    /// - Returns: where the entry ended up. Two expansions end up at the same place exactly when they have the same
    ///   shape (parameter names aside).
    mutating func insert(_ segments: [Segment], _ record: RouteRecord, constraints: EntryConstraints) -> TrieTerminal {
        let entryIndex = records.count
        var record = record
        record.isConstrained = !constraints.isEmpty
        if record.isConstrained { self.constraints[Int32(entryIndex)] = constraints }
        records.append(record)
        let priority = record.priority
        if priority != 0, !hasPriorities { keepPriorityBounds() }
        var node = 0
        includePriority(priority, at: node)
        for segment in segments {
            switch segment {
            case .literal(let text):
                node = child(of: node, literal: key(text).text)
            case .parameter:
                node = parameterChild(of: node)
            case .wildcard:
                let list = wildcardList(of: node)
                let position = insertionPoint(for: priority, in: wildcardLists[list])
                wildcardLists[list].insert(Int32(entryIndex), at: position, more: &moreEntries)
                return .waitingForWildcard(list: list)
            }
            includePriority(priority, at: node)
        }
        let position = insertionPoint(for: priority, in: nodes[node].endings)
        nodes[node].endings.insert(Int32(entryIndex), at: position, more: &moreEntries)
        return .ending(node: node)
    }

    /// Where an entry with `segments` ended up, found by the path ``insert(_:_:constraints:)`` takes, without
    /// adding anything: `nil` when no entry of that shape was inserted.
    func terminal(of segments: [Segment]) -> TrieTerminal? {
        var node = 0
        for segment in segments {
            switch segment {
            case .literal(let text):
                guard let child = nodes[node].literals.child(for: key(text).text, in: literals) else { return nil }
                node = Int(child)
            case .parameter:
                guard let child = nodes[node].parameter.index else { return nil }
                node = child
            case .wildcard:
                return nodes[node].wildcard.index.map { .waitingForWildcard(list: $0) }
            }
        }
        return .ending(node: node)
    }

    /// The child that any one component leads to from `node`, added when there is none yet.
    private mutating func parameterChild(of node: Int) -> Int {
        if let existing = nodes[node].parameter.index { return existing }
        let child = appendNode()
        nodes[node].parameter = TrieIndex(child)
        return child
    }

    /// The list of the routes that wait for a wildcard at `node`, added when there is none yet.
    private mutating func wildcardList(of node: Int) -> Int {
        if let existing = nodes[node].wildcard.index { return existing }
        wildcardLists.append(EntryList())
        nodes[node].wildcard = TrieIndex(wildcardLists.count - 1)
        return wildcardLists.count - 1
    }

    /// The child that `literal` leads to from `node`, added when there is none yet.
    private mutating func child(of node: Int, literal: String) -> Int {
        if let existing = nodes[node].literals.child(for: literal, in: literals) { return Int(existing) }
        let child = appendNode()
        nodes[node].literals.insert(literal, child: Int32(child), into: &literals)
        return child
    }

    /// Starts to keep priority bounds, each node's 0 to begin with (see ``priorityBounds``).
    private mutating func keepPriorityBounds() {
        var zero = PriorityBound()
        zero.include(0)
        for _ in nodes.indices { priorityBounds.append(zero) }
    }

    /// Takes a route's priority into the bound of a node on its path.
    private mutating func includePriority(_ priority: Int, at node: Int) {
        if hasPriorities { priorityBounds[node].include(priority) }
    }

    /// Whether a route at or below `node` may have a priority above `priority` (see ``PriorityBound``).
    func mayExceed(_ priority: Int, atOrBelow node: Int) -> Bool {
        hasPriorities ? priorityBounds[node].mayExceed(priority) : 0 > priority
    }

    private mutating func appendNode() -> Int {
        if hasPriorities { priorityBounds.append(PriorityBound()) }
        nodes.append(Node())
        return nodes.count - 1
    }

    /// Marks the route of `entry` as a duplicate.
    mutating func markDuplicate(entry: Int) {
        records[entry] = records[entry].with(isDuplicate: true)
    }

    /// The priority of the route of `entry`: until some route has one, every route's is 0, and no record is read.
    func priority(ofEntry entry: Int) -> Int {
        hasPriorities ? records[entry].priority : 0
    }

    /// Where the newest entry, of priority `newPriority`, goes in a node's list, which is kept in precedence order:
    /// higher priority, then registration (entry order). A binary search, so that many routes of one shape cost
    /// O(log n) each, and at once at the end in the usual case of a route registered after the others with no
    /// higher priority.
    private func insertionPoint(for newPriority: Int, in list: EntryList) -> Int {
        func priority(at position: Int) -> Int { self.priority(ofEntry: Int(entry(position, of: list))) }
        let count = count(of: list)
        guard count > 0, newPriority > priority(at: count - 1) else { return count }
        var (low, high) = (0, count - 1)
        while low < high {
            let middle = (low + high) / 2
            if newPriority > priority(at: middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// How many entries `list` holds.
    func count(of list: EntryList) -> Int {
        switch list.entries.contents {
        case .none: 0
        case .one: 1
        case .list(let more): moreEntries[more].count
        }
    }

    /// The entry at `position` of `list`.
    func entry(_ position: Int, of list: EntryList) -> Int32 {
        switch list.entries.contents {
        case .none: -1  // not reached: a position is below the count
        case .one(let single): single
        case .list(let more): moreEntries[more][position]
        }
    }

}

/// The entries that end at a trie node (or wait there for a wildcard), in precedence order, in 4 bytes: one entry
/// inline, or, when there are more (duplicate shapes, or one shape with different priorities or constraints), the
/// number of a list of the trie's that holds them all.
struct EntryList: Sendable {
    private(set) var entries = OneOrList.none

    /// Inserts `entry` at `position`, which is at most the count, moving the entries to a list of the trie's
    /// when there are two.
    mutating func insert(_ entry: Int32, at position: Int, more lists: inout [[Int32]]) {
        switch entries.contents {
        case .none:
            entries = .one(entry)
        case .one(let single):
            lists.append(position == 0 ? [entry, single] : [single, entry])
            entries = .list(lists.count - 1)
        case .list(let list):
            lists[list].insert(entry, at: position)
        }
    }
}

/// Where an expansion's entry ended up in a trie: among the routes that end at a node, or in the list of the routes
/// that wait for a wildcard at a node.
enum TrieTerminal: Hashable, Sendable {
    case ending(node: Int)
    case waitingForWildcard(list: Int)
}

/// An upper bound of the priorities of the routes at or below a trie node, in 4 bytes: exact within the range of
/// `Int32`, `Int32.min` for none or any below it, and `Int32.max` for "maybe any above it", which prunes nothing.
struct PriorityBound: Sendable {
    private var bound = Int32.min

    /// Takes a route's priority into the bound.
    mutating func include(_ priority: Int) {
        bound = max(bound, Int32(clamping: priority))
    }

    /// Whether a route at or below the node may have a priority above `priority`: when not, a search for the best
    /// match that has one of `priority` skips the node.
    func mayExceed(_ priority: Int) -> Bool {
        bound == .max || Int(bound) > priority
    }
}
