/// The least a split-and-walk lookup costs in Swift: a reference point for Switchyard's own, not a router.
///
/// It reads a full URL's path once, walking a trie of literal and parameter edges component by component, and
/// returns the route's number and its parameters' values as `String`s, as `Router.match` returns a route and its
/// values; and nothing else. Two variants tell what the values cost: the same walk making them with no list, and
/// making none. It checks no byte (escapes, control characters, dot segments), applies no limit, has no host, query,
/// fragment, link or lock, never backtracks (a literal edge that matches is taken for good, which the benchmark's
/// tables never need undone), and knows no priority, wildcard or optional group. What Switchyard's lookup costs
/// beyond it is what those cost.
struct BareTrie: Sendable {
    private struct Node: Sendable {
        var firstEdge: Int32 = 0
        var edgeCount: Int32 = 0
        var parameter: Int32 = -1
        var route: Int32 = -1
    }

    /// A literal edge: its bytes in `bytes`, and the node it leads to.
    private struct Edge: Sendable {
        var start: Int32
        var count: Int32
        var child: Int32
    }

    private let nodes: [Node]
    private let edges: [Edge]
    private let bytes: [UInt8]

    /// A trie of `patterns` (`/repos/:owner/:repo`), each route numbered by its position.
    init(_ patterns: [String]) {
        var nodes = [Node()]
        var literals: [[(literal: Substring, child: Int)]] = [[]]
        for (route, pattern) in patterns.enumerated() {
            var node = 0
            for segment in pattern.split(separator: "/") {
                if segment.hasPrefix(":") {
                    if nodes[node].parameter < 0 {
                        nodes.append(Node())
                        literals.append([])
                        nodes[node].parameter = Int32(nodes.count - 1)
                    }
                    node = Int(nodes[node].parameter)
                } else if let edge = literals[node].first(where: { $0.literal == segment }) {
                    node = edge.child
                } else {
                    nodes.append(Node())
                    literals.append([])
                    literals[node].append((segment, nodes.count - 1))
                    node = nodes.count - 1
                }
            }
            nodes[node].route = Int32(route)
        }
        // Each node's edges end to end, their literals' bytes in one array.
        var edges: [Edge] = []
        var bytes: [UInt8] = []
        for index in nodes.indices {
            nodes[index].firstEdge = Int32(edges.count)
            nodes[index].edgeCount = Int32(literals[index].count)
            for (literal, child) in literals[index] {
                edges.append(Edge(start: Int32(bytes.count), count: Int32(literal.utf8.count), child: Int32(child)))
                bytes.append(contentsOf: literal.utf8)
            }
        }
        self.nodes = nodes
        self.edges = edges
        self.bytes = bytes
    }

    /// The route that `url` (`myapp:///repos/a/b`) matches, with its parameters' values in pattern order.
    func lookup(_ url: String) -> (route: Int, values: [String])? {
        walk(url) { route, input, captured in
            (route, captured.map { String(decoding: UnsafeBufferPointer(rebasing: input[$0]), as: UTF8.self) })
        }
    }

    /// The route that `url` matches, with its parameters' values held inline rather than in a list: what a lookup
    /// costs that makes the values' `String`s but allocates no list for them.
    func lookupInline(_ url: String) -> (route: Int, values: InlineValues)? {
        walk(url) { route, input, captured in
            func value(_ index: Int) -> String {
                guard index < captured.count else { return "" }
                let range = captured[captured.startIndex + index]
                return String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
            }
            return (route, InlineValues(first: value(0), second: value(1), third: value(2), fourth: value(3)))
        }
    }

    /// The route that `url` matches, and no values: what the walk alone costs.
    func route(for url: String) -> Int? {
        walk(url) { route, _, _ in route }
    }

    /// The first four values (`""` for those a route does not have), with no list: no route of the benchmark's
    /// tables has more than four parameters.
    struct InlineValues {
        let first, second, third, fourth: String

        /// The four in pattern order, `""` past the route's own: for checking them, not for the measured lookups.
        var list: [String] { [first, second, third, fourth] }
    }

    /// Walks `url`'s path from the node after `scheme://`, then gives `result` the route, the input's bytes and the
    /// ranges of the parameters' values.
    @inline(__always)
    private func walk<Result>(
        _ url: String,
        _ result: (Int, UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<Range<Int>>.SubSequence) -> Result
    ) -> Result? {
        url.utf8.withContiguousStorageIfAvailable { input in
            // The path starts after `scheme://`.
            var start = 0
            while start < input.count, input[start] != UInt8(ascii: ":") { start += 1 }
            start += 3
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 32) { captured in
                var capturedCount = 0
                var node = 0
                while start < input.count {
                    var end = start
                    while end < input.count, input[end] != UInt8(ascii: "/") { end += 1 }
                    if end > start {
                        if let next = child(of: node, for: UnsafeBufferPointer(rebasing: input[start..<end])) {
                            node = next
                        } else if nodes[node].parameter >= 0, capturedCount < captured.count {
                            captured[capturedCount] = start..<end
                            capturedCount += 1
                            node = Int(nodes[node].parameter)
                        } else {
                            return nil
                        }
                    }
                    start = end + 1
                }
                guard nodes[node].route >= 0 else { return nil }
                return result(Int(nodes[node].route), input, captured[0..<capturedCount])
            }
        } ?? nil
    }

    /// The node that the literal edge for `component` leads to from `node`: the edges scanned, lengths compared
    /// first, then bytes.
    private func child(of node: Int, for component: UnsafeBufferPointer<UInt8>) -> Int? {
        let first = Int(nodes[node].firstEdge)
        return bytes.withUnsafeBufferPointer { bytes in
            for edge in edges[first..<first + Int(nodes[node].edgeCount)] where Int(edge.count) == component.count {
                var offset = Int(edge.start)
                var equal = true
                for byte in component {
                    if bytes[offset] != byte {
                        equal = false
                        break
                    }
                    offset += 1
                }
                if equal { return Int(edge.child) }
            }
            return nil
        }
    }
}
