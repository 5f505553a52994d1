/// A list that grows by fixed chunks once it is large, where an array doubles: a table's largest lists (its trie's
/// nodes, edges, routes' fields and priority bounds, and its routes' actions) hold about what they need, never up to
/// twice that.
///
/// An array that doubles when full holds on average a third more than it needs, and up to twice as much: for a table
/// of many routes, that is a large part of its memory. Here the first chunk grows as an array does, up to
/// ``chunkSize`` elements; each later chunk is made at that size at once, and filled. Growth copies no element already stored; an append or a read reaches its chunk through
/// the list of chunks, a few instructions more than an array's.
///
/// Copies share their chunks until written, as arrays do: changing one element of a shared list copies the list of
/// chunks and the one chunk written, not the whole list.
///
/// - Complexity: reading or writing an element is O(1): two array reads.
struct ChunkedList<Element: Sendable>: RandomAccessCollection, Sendable {
    /// log2 of ``chunkSize``.
    private static var chunkShift: Int { 12 }
    /// The elements a chunk holds: 4,096.
    static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        // Yielded in place, not returned: reading one field of an element copies nothing else of it.
        _read { yield chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)] }
        _modify { yield &chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)] }
    }

    mutating func append(_ element: Element) {
        let chunk = count >> Self.chunkShift
        if chunk == chunks.count {
            var fresh: [Element] = []
            // The first chunk grows as an array does, so that a small table stays small.
            if chunk > 0 { fresh.reserveCapacity(Self.chunkSize) }
            chunks.append(fresh)
        }
        chunks[chunk].append(element)
        count += 1
    }
}
