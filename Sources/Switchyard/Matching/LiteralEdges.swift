#if canImport(Darwin)
    import Darwin
#elseif os(Linux)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A trie node's literal edges: the child reached by each literal, found by the literal's UTF-8 bytes.
///
/// Keys compare byte for byte, as ``ExactText`` does, never by canonical equivalence. A lookup hashes the
/// component once with FNV-1a (a few instructions a byte, against SipHash's fixed cost per call), then scans the
/// edges of a small node or probes the open-addressing index of a large one, and compares bytes only on equal
/// hashes.
struct LiteralEdges: Sendable {
    private struct Edge: Sendable {
        var key: String
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

    var isEmpty: Bool { edges.isEmpty }

    /// The child reached by `key`, if any.
    @inline(__always)
    func child(for key: String) -> Int32? {
        guard !edges.isEmpty else { return nil }
        let hash = Self.hash(key)
        if slots.isEmpty {
            for position in edges.indices where edges[position].hash == hash && Self.equal(edges[position].key, key) {
                return edges[position].child
            }
            return nil
        }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] >= 0 {
            let position = Int(slots[slot])
            if edges[position].hash == hash && Self.equal(edges[position].key, key) { return edges[position].child }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds an edge; `key` must not have one yet.
    mutating func insert(_ key: String, child: Int32) {
        edges.append(Edge(key: key, hash: Self.hash(key), child: child))
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

    /// FNV-1a over the UTF-8 bytes.
    static func hash(_ text: String) -> UInt32 {
        func fnv(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return hash
        }
        if let hash = text.utf8.withContiguousStorageIfAvailable(fnv) { return hash }
        var copy = text
        return copy.withUTF8(fnv)
    }

    /// Whether the two texts have the same UTF-8 bytes.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        let same = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                guard let left = left.baseAddress, let right = right.baseAddress else { return count == 0 }
                return memcmp(left, right, count) == 0
            }
        }
        return (same ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
    }
}
