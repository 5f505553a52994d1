/// The literals of one trie, stored once for all its nodes: their UTF-8 bytes end to end, and every node's edges
/// in one list, each edge linked to the next of its node. A node's edges cost no allocation of their own.
struct LiteralStore: Sendable {
    fileprivate struct Edge: Sendable {
        /// Where the literal's bytes start in ``LiteralStore/bytes``, and how many there are.
        var start: UInt32
        var count: UInt32
        var child: Int32
        /// The node's next edge.
        var next: TrieIndex
    }

    /// The open-addressing index of a node that outgrew a scan of its edges.
    fileprivate struct Index: Sendable {
        /// The node's most recently added edge, from which its edges are linked (to make the index again).
        var first: TrieIndex
        /// How many edges the node has.
        var count: Int32
        /// Edges in the store, by hash, or none in an empty slot. Its count is a power of two at least twice the
        /// number of edges.
        var slots: [TrieIndex]
    }

    fileprivate var bytes: [UInt8] = []
    fileprivate var edges = ChunkedList<Edge>()
    /// The indexes of the nodes that have one: few nodes do, so a node keeps a number, not a list.
    fileprivate var indexes: [Index] = []
}

/// A trie node's literal edges: the child reached by each literal, found by the literal's UTF-8 bytes.
///
/// The edges and the literals' bytes live in the trie's ``LiteralStore`` (a node keeps one number, not
/// a `String` per edge or an array of its own). Keys compare byte for byte, as ``ExactText`` does, never by
/// canonical equivalence. A lookup follows the edges of a small node, comparing lengths and then bytes, or probes the
/// open-addressing index of a large one by a multiplicative hash of the component's bytes. An edge keeps no hash: an
/// index made again hashes its literals again.
struct LiteralEdges: Sendable {
    /// Where the node's edges are: none; the most recently added edge in the store, from which the others are
    /// linked; or, once the node outgrew a scan, the number of the store's index, which keeps the first edge itself.
    private var head = OneOrList.none

    /// Up to this many edges a scan beats probing.
    private static let scanLimit = 8

    /// The child that `key` (a component's decoded bytes) leads to by these edges, which are a node's of the trie
    /// whose literals `store` holds, if any.
    @inline(__always)
    func child(for key: TextBytes, in store: LiteralStore) -> Int32? {
        switch head.contents {
        case .none:
            return nil
        case .one(let newest):
            var position = TrieIndex(Int(newest))
            while let edgeIndex = position.index {
                let edge = store.edges[edgeIndex]
                if Int(edge.count) == key.count, key.equals(store.bytes, at: Int(edge.start)) { return edge.child }
                position = edge.next
            }
            return nil
        case .list(let index):
            let mask = store.indexes[index].slots.count - 1
            var slot = Int(key.literalHash) & mask
            while let edgeIndex = store.indexes[index].slots[slot].index {
                let edge = store.edges[edgeIndex]
                if Int(edge.count) == key.count, key.equals(store.bytes, at: Int(edge.start)) { return edge.child }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// The child that `literal` leads to by these edges, if any: what adding a literal looks up.
    func child(for literal: String, in store: LiteralStore) -> Int32? {
        TextBytes.with(literal) { child(for: $0, in: store) }
    }

    /// Adds an edge for `literal`, which must not have one yet, leading to `child`.
    mutating func insert(_ literal: String, child: Int32, into store: inout LiteralStore) {
        let start = store.bytes.count
        store.bytes.append(contentsOf: literal.utf8)
        let position = store.edges.count
        let edge = { (next: TrieIndex) in
            LiteralStore.Edge(start: UInt32(start), count: UInt32(literal.utf8.count), child: child, next: next)
        }
        switch head.contents {
        case .list(let index):
            store.edges.append(edge(store.indexes[index].first))
            store.indexes[index].first = TrieIndex(position)
            store.indexes[index].count += 1
            if store.indexes[index].slots.count < Int(store.indexes[index].count) * 2 {
                Self.rebuildIndex(index, in: &store)
            } else {
                Self.place(TrieIndex(position), hash: Self.hash(literal.utf8), in: &store.indexes[index].slots)
            }
        case .one(let newest):
            store.edges.append(edge(TrieIndex(Int(newest))))
            head = .one(Int32(position))
            indexIfTooLong(from: TrieIndex(position), in: &store)
        case .none:
            store.edges.append(edge(.none))
            head = .one(Int32(position))
        }
    }

    /// Gives the node an index once its scanned edges, linked from `newest`, are more than ``scanLimit``.
    private mutating func indexIfTooLong(from newest: TrieIndex, in store: inout LiteralStore) {
        // A scanned node has at most `scanLimit` edges: counting them is a short walk.
        var count = 0
        var edge = newest
        while let position = edge.index {
            count += 1
            edge = store.edges[position].next
        }
        guard count > Self.scanLimit else { return }
        let index = store.indexes.count
        store.indexes.append(LiteralStore.Index(first: newest, count: Int32(count), slots: []))
        Self.rebuildIndex(index, in: &store)
        head = .list(index)
    }

    private static func rebuildIndex(_ index: Int, in store: inout LiteralStore) {
        // Between a quarter and half full: a probe for a literal that is there, or not, takes one or two steps.
        var capacity = 16
        while capacity < Int(store.indexes[index].count) * 2 { capacity *= 2 }
        var slots = [TrieIndex](repeating: .none, count: capacity)
        var position = store.indexes[index].first
        while let edgeIndex = position.index {
            let edge = store.edges[edgeIndex]
            let hash = Self.hash(store.bytes[Int(edge.start)..<Int(edge.start + edge.count)])
            Self.place(position, hash: hash, in: &slots)
            position = edge.next
        }
        store.indexes[index].slots = slots
    }

    private static func place(_ position: TrieIndex, hash: UInt32, in slots: inout [TrieIndex]) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot].index != nil { slot = (slot + 1) & mask }
        slots[slot] = position
    }

    /// The multiplier of ``hash(_:)``, an odd constant whose bits are spread.
    static let hashMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A multiplicative hash of the bytes, taken eight at a time as one little-endian word: one multiplication a
    /// word, rather than one a byte. ``TextBytes/literalHash`` makes the same hash of a component's bytes.
    static func hash(_ bytes: some Collection<UInt8>) -> UInt32 {
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* hashMultiplier
        var word: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            word |= UInt64(byte) << shift
            shift += 8
            if shift == 64 {
                hash = (hash ^ word) &* hashMultiplier
                (word, shift) = (0, 0)
            }
        }
        hash = (hash ^ word) &* hashMultiplier
        return UInt32(truncatingIfNeeded: hash >> 32)
    }
}
