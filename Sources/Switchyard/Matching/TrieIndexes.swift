/// A reference from a trie node to an item of one of the trie's lists (a child node, a list of routes that wait for
/// a wildcard), or to none, in 4 bytes.
///
/// `Int32?` would take 5 bytes, 8 in an array of nodes; the trie's lists are far shorter than `Int32.max` (a table
/// holds fewer routes than that, and each adds a bounded number of nodes), so the sign is free to mean "none".
struct TrieIndex: Sendable, Equatable {
    /// The index, or -1 for none.
    private let raw: Int32

    private init(raw: Int32) {
        self.raw = raw
    }

    /// No item.
    static let none = TrieIndex(raw: -1)

    /// The item at `index`, which is at least 0.
    init(_ index: Int) {
        raw = Int32(index)
    }

    /// The index, or `nil` for none.
    @inline(__always)
    var index: Int? { raw >= 0 ? Int(raw) : nil }
}

/// What a trie node keeps where most nodes have at most one of something (a route that ends there, a literal
/// edge): nothing, one item inline, or the number of a list of the trie's that holds several, in 4 bytes.
///
/// Read through ``contents``, which names the three cases; the encoding is this type's alone.
struct OneOrList: Sendable {
    /// -1 for nothing; an item `n` as itself (at least 0); the list `n` as `-2 - n` (at most -2).
    private let raw: Int32

    private init(raw: Int32) {
        self.raw = raw
    }

    /// Nothing.
    static let none = OneOrList(raw: -1)

    /// The one item `item`, at least 0.
    static func one(_ item: Int32) -> OneOrList { OneOrList(raw: item) }

    /// The list numbered `list`, at least 0, which holds the items.
    static func list(_ list: Int) -> OneOrList { OneOrList(raw: -2 - Int32(list)) }

    enum Contents {
        case none
        case one(Int32)
        case list(Int)
    }

    @inline(__always)
    var contents: Contents {
        if raw >= 0 { return .one(raw) }
        return raw == -1 ? .none : .list(Int(-2 - raw))
    }
}
