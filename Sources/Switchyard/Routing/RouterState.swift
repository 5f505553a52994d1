/// Everything a router holds, read as one immutable snapshot.
struct RouterState: Sendable {
    var tables: [RouteTable: CopyOnWrite<CompiledTable>]
    var filters: [any RouteFilter] = []
    var defaultAction: RouteAction?
    var observer: (@Sendable (RouteOutcome) -> Void)?

    init(foldsLiteralCase: Bool) {
        tables = [.global: CopyOnWrite(CompiledTable(table: .global, foldsLiteralCase: foldsLiteralCase))]
    }
}

/// A link split for the table it routes to, with its candidates in dispatch order.
struct Resolution: Sendable {
    var link: DeepLink
    var table: RouteTable
    var candidates: [Candidate]
}

extension RouterState {
    /// Splits `input` for the table its scheme routes to and finds its candidates; see the tables' own method.
    func resolve(_ input: String, options: SplitOptions) throws(URLRejection) -> Resolution {
        try tables.resolve(input, options: options)
    }
}

/// Matching reads only the tables: a lookup takes them out of the router's state alone (one reference to retain),
/// not the whole state.
extension [RouteTable: CopyOnWrite<CompiledTable>] {
    /// Splits `input` for the table its scheme routes to and finds its candidates there, then, for a scheme
    /// table that falls back, in the global table (seen through the global table's own host rules).
    func resolve(_ input: String, options: SplitOptions) throws(URLRejection) -> Resolution {
        var found: [Candidate] = []
        let (link, table) = try search(input, options: options, keeping: \.link) { table, split in
            found += table.withValue { $0.matches(split) }
            return false
        }
        return Resolution(link: link, table: table, candidates: found)
    }

    /// The first candidate in dispatch order for `input`, found as ``resolve(_:options:)`` finds them all but
    /// without building a list.
    /// - Parameter keep: what the caller keeps of the link as the first table split it: `\.link`, or nothing
    ///   (`Router.match(_:)`), which copies nothing.
    func best<Kept>(
        _ input: String, options: SplitOptions, keeping keep: (SplitView) -> Kept
    ) throws(URLRejection) -> (kept: Kept, table: RouteTable, best: Candidate?) {
        var best: Candidate?
        let (kept, table) = try search(input, options: options, keeping: keep) { table, split in
            best = table.withValue { $0.bestMatch(split) }
            return best != nil
        }
        return (kept, table, best)
    }

    /// Splits `input` and offers it to the table its scheme routes to, then to the global table when that
    /// table falls back and `body` asked to go on (returned `false`).
    /// - Parameter keep: what the caller keeps of the link as the first table split it (a caller that keeps
    ///   nothing copies nothing).
    /// - Returns: what `keep` kept, and the first table.
    @inline(__always)
    private func search<Kept>(
        _ input: String, options: SplitOptions, keeping keep: (SplitView) -> Kept,
        _ body: (CopyOnWrite<CompiledTable>, SplitView) -> Bool
    ) throws(URLRejection) -> (Kept, RouteTable) {
        var first = RouteTable.global
        // Each table is looked up once, and read in place.
        var firstTable: CopyOnWrite<CompiledTable>?
        var fallback: CopyOnWrite<CompiledTable>?
        let kept = try URLSplitter.withSplit(input, options: options) { scheme in
            // The global table always exists: with no other, a scheme needs no lookup.
            if let scheme, count > 1, let table = self[.scheme(scheme)] {
                first = .scheme(scheme)
                firstTable = table
            } else {
                firstTable = self[.global]
            }
            return firstTable?.value.hostRules ?? HostRules()
        } _: { split in
            guard let firstTable = firstTable.take(), !body(firstTable, split), first != .global,
                firstTable.value.settings.fallsBackToGlobalRoutes, let global = self[.global]
            else { return keep(split) }
            if global.value.hostRules == firstTable.value.hostRules {
                _ = body(global, split)
            } else {
                fallback = global
            }
            return keep(split)
        }
        if let fallback {
            // The global table sees the link through its own host rules. A URL that they refuse is not matched
            // there; it is not a rejection.
            let rules = fallback.value.hostRules
            _ = try? URLSplitter.withSplit(input, options: options, hostRules: { _ in rules }) {
                body(fallback, $0)
            }
        }
        return (kept, first)
    }
}
