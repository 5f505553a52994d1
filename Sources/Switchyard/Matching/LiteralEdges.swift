#if canImport(Darwin)
    import Darwin
#elseif os(Linux)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A trie node's literal edges: the child reached by each literal, found by the literal's UTF-8 bytes.
///
/// The literals' bytes live in one arena that the trie owns (a node keeps offsets into it, not a `String` per
/// edge). Keys compare byte for byte, as ``ExactText`` does, never by canonical equivalence. A lookup hashes the
/// component once with FNV-1a (a few instructions a byte, against SipHash's fixed cost per call), then scans the
/// edges of a small node or probes the open-addressing index of a large one, and compares bytes only on equal
/// hashes.
struct LiteralEdges: Sendable {
    private struct Edge: Sendable {
        /// Where the literal's bytes start in the arena, and how many there are.
        var start: UInt32
        var count: UInt32
        var hash: UInt32
        var child: Int32
    }

    /// One array, one allocation per node with literals.
    private var edges: [Edge] = []
    /// Positions in `edges`, by hash, once the node outgrows a scan; `-1` is an empty slot. Its count is a power
    /// of two at least twice the number of edges.
    private var slots: [Int32] = []

    /// Up to this many edges a scan of the hashes beats probing.
    private static let scanLimit = 8

    /// The child reached by `key`, if any; `arena` holds the literals' bytes.
    @inline(__always)
    func child(for key: UnsafeBufferPointer<UInt8>, arena: UnsafeBufferPointer<UInt8>) -> Int32? {
        edges.isEmpty ? nil : child(for: key, hash: Self.hash(key), arena: arena)
    }

    /// The child reached by `key`, whose ``hash(_:)`` the caller has already.
    @inline(__always)
    func child(for key: UnsafeBufferPointer<UInt8>, hash: UInt32, arena: UnsafeBufferPointer<UInt8>) -> Int32? {
        edges.withUnsafeBufferPointer { edges in
            func matches(_ edge: Edge) -> Bool {
                edge.hash == hash && Int(edge.count) == key.count
                    && Self.equal(
                        key, UnsafeBufferPointer(rebasing: arena[Int(edge.start)..<Int(edge.start + edge.count)]))
            }
            if slots.isEmpty {
                for edge in edges where matches(edge) { return edge.child }
                return nil
            }
            return slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var slot = Int(hash) & mask
                while slots[slot] >= 0 {
                    let edge = edges[Int(slots[slot])]
                    if matches(edge) { return edge.child }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// Adds an edge for the literal at `arena[range]`; the literal must not have one yet.
    mutating func insert(_ range: Range<Int>, hash: UInt32, child: Int32) {
        edges.append(Edge(start: UInt32(range.lowerBound), count: UInt32(range.count), hash: hash, child: child))
        if edges.count > Self.scanLimit, slots.count < edges.count * 2 {
            rebuildSlots()
        } else if !slots.isEmpty {
            place(edges.count - 1)
        }
    }

    private mutating func rebuildSlots() {
        var capacity = 16
        while capacity < edges.count * 4 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        for position in edges.indices { place(position) }
    }

    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = Int(edges[position].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }

    /// FNV-1a over the bytes.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    /// Whether two byte runs of the same count are equal.
    @inline(__always)
    private static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
    }
}
