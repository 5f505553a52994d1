/// The literals of one trie, stored once for all its nodes: their UTF-8 bytes end to end, and every node's edges
/// in one list, each edge linked to the next of its node. A node's edges cost no allocation of their own.
struct LiteralStore: Sendable {
    fileprivate struct Edge: Sendable {
        /// Where the literal's bytes start in ``LiteralStore/bytes``, and how many there are.
        var start: UInt32
        var count: UInt32
        var child: Int32
        /// The node's next edge, or `-1`.
        var next: Int32
    }

    /// The open-addressing index of a node that outgrew a scan of its edges.
    fileprivate struct Index: Sendable {
        /// The node's most recently added edge, from which its edges are linked (to make the index again).
        var first: Int32
        /// How many edges the node has.
        var count: Int32
        /// Edges in the store, by hash; `-1` is an empty slot. Its count is a power of two at least twice the
        /// number of edges.
        var slots: [Int32]
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
    /// The node's most recently added edge in the store, from which the others are linked; `-1` for none; `-2 - n`
    /// once the node outgrew a scan, for the store's index `n`, which keeps the first edge itself.
    private var head: Int32 = -1

    /// Up to this many edges a scan beats probing.
    private static let scanLimit = 8

    /// The child that `key` (a component's decoded bytes) leads to by these edges, which are a node's of the trie
    /// whose literals `store` holds, if any.
    @inline(__always)
    func child(for key: TextBytes, in store: LiteralStore) -> Int32? {
        if head >= -1 {
            var position = head
            while position >= 0 {
                let edge = store.edges[Int(position)]
                if Int(edge.count) == key.count, key.equals(store.bytes, at: Int(edge.start)) { return edge.child }
                position = edge.next
            }
            return nil
        }
        let index = Int(-2 - head)
        let mask = store.indexes[index].slots.count - 1
        var slot = Int(key.literalHash) & mask
        while case let position = store.indexes[index].slots[slot], position >= 0 {
            let edge = store.edges[Int(position)]
            if Int(edge.count) == key.count, key.equals(store.bytes, at: Int(edge.start)) { return edge.child }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The child that `literal` leads to by these edges, if any: what adding a literal looks up.
    func child(for literal: String, in store: LiteralStore) -> Int32? {
        TextBytes.with(literal) { child(for: $0, in: store) }
    }

    /// Adds an edge for `literal`, which must not have one yet, leading to `child`.
    mutating func insert(_ literal: String, child: Int32, into store: inout LiteralStore) {
        let start = store.bytes.count
        store.bytes.append(contentsOf: literal.utf8)
        let position = Int32(store.edges.count)
        let index = head < -1 ? Int(-2 - head) : nil
        store.edges.append(
            LiteralStore.Edge(
                start: UInt32(start), count: UInt32(literal.utf8.count), child: child,
                next: index.map { store.indexes[$0].first } ?? head))
        if let index {
            store.indexes[index].first = position
            store.indexes[index].count += 1
            if store.indexes[index].slots.count < Int(store.indexes[index].count) * 2 {
                Self.rebuildIndex(index, in: &store)
            } else {
                Self.place(position, hash: Self.hash(literal.utf8), in: &store.indexes[index].slots)
            }
            return
        }
        head = position
        // A scanned node has at most `scanLimit` edges: counting them is a short walk.
        var count = 0
        var edge = head
        while edge >= 0 {
            count += 1
            edge = store.edges[Int(edge)].next
        }
        if count > Self.scanLimit {
            let index = store.indexes.count
            store.indexes.append(LiteralStore.Index(first: head, count: Int32(count), slots: []))
            Self.rebuildIndex(index, in: &store)
            head = -2 - Int32(index)
        }
    }

    private static func rebuildIndex(_ index: Int, in store: inout LiteralStore) {
        // Between a quarter and half full: a probe for a literal that is there, or not, takes one or two steps.
        var capacity = 16
        while capacity < Int(store.indexes[index].count) * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        var position = store.indexes[index].first
        while position >= 0 {
            let edge = store.edges[Int(position)]
            let hash = Self.hash(store.bytes[Int(edge.start)..<Int(edge.start + edge.count)])
            Self.place(position, hash: hash, in: &slots)
            position = edge.next
        }
        store.indexes[index].slots = slots
    }

    private static func place(_ position: Int32, hash: UInt32, in slots: inout [Int32]) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
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
