/// Everything a router holds, read as one immutable snapshot.
struct RouterState: Sendable {
    var tables: RouteTables
    var filters: [any RouteFilter] = []
    var defaultAction: RouteAction?
    var observer: (@Sendable (RouteOutcome) -> Void)?

    init(foldsLiteralCase: Bool) {
        tables = RouteTables(foldsLiteralCase: foldsLiteralCase)
    }
}

/// A router's tables: the global one, which always exists, kept apart so that the usual lookup and registration
/// reach it without hashing, and the scheme tables by their lowercased scheme.
struct RouteTables: Sendable {
    private var global: CopyOnWrite<CompiledTable>
    private var schemes: [String: CopyOnWrite<CompiledTable>] = [:]

    init(foldsLiteralCase: Bool) {
        global = CopyOnWrite(CompiledTable(table: .global, foldsLiteralCase: foldsLiteralCase))
    }

    /// The table, or `nil` when it does not exist.
    subscript(table: RouteTable) -> CopyOnWrite<CompiledTable>? {
        guard let scheme = table.scheme else { return global }
        return schemes[scheme]
    }

    /// The tables that exist: the global one first, then schemes in alphabetical order.
    var names: [RouteTable] { [.global] + schemes.keys.sorted().map(RouteTable.scheme) }

    /// Changes a table in place, creating it first when it does not exist.
    mutating func update<Result>(
        _ table: RouteTable, foldsLiteralCase: Bool, _ body: (inout CompiledTable) -> Result
    ) -> Result {
        guard let scheme = table.scheme else { return body(&global.value) }
        return body(
            &schemes[scheme, default: CopyOnWrite(CompiledTable(table: table, foldsLiteralCase: foldsLiteralCase))]
                .value)
    }

    /// Changes a table in place when it exists.
    /// - Returns: what `body` returned, or `nil` when the table does not exist.
    mutating func updateIfPresent<Result>(_ table: RouteTable, _ body: (inout CompiledTable) -> Result) -> Result? {
        guard let scheme = table.scheme else { return body(&global.value) }
        guard let index = schemes.index(forKey: scheme) else { return nil }
        return body(&schemes.values[index].value)
    }

    /// Removes a scheme's table; the global table cannot be removed.
    /// - Returns: whether a table was removed.
    mutating func remove(_ table: RouteTable) -> Bool {
        guard let scheme = table.scheme else { return false }
        return schemes.removeValue(forKey: scheme) != nil
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

/// Matching reads only the tables: a lookup takes them out of the router's state alone (two references to retain),
/// not the whole state.
extension RouteTables {
    /// Splits `input` for the table its scheme routes to and finds its candidates there, then, for a scheme
    /// table that falls back, in the global table (seen through the global table's own host rules).
    func resolve(_ input: String, options: SplitOptions) throws(URLRejection) -> Resolution {
        var found: [Candidate] = []
        let (link, table, _) = try search(input, options: options, keeping: \.link) { table, split -> Void? in
            found += table.withPointer { CompiledTable.matches(in: $0, split) }
            return nil
        }
        return Resolution(link: link, table: table, candidates: found)
    }

    /// The first match in dispatch order for `input`, found as ``resolve(_:options:)`` finds them all but
    /// without building a list.
    /// - Parameter keep: what the caller keeps of the link as the first table split it: `\.link`, or nothing
    ///   (`Router.match(_:)`), which copies nothing.
    func best<Kept>(
        _ input: String, options: SplitOptions, keeping keep: (SplitView) -> Kept
    ) throws(URLRejection) -> (kept: Kept, table: RouteTable, found: RouteMatch?) {
        try search(input, options: options, keeping: keep) { table, split in
            table.withPointer { CompiledTable.bestMatch(in: $0, split) }
        }
    }

    /// Splits `input` and offers it to the table its scheme routes to, then to the global table when that
    /// table falls back and `find` found nothing (returned `nil`).
    /// - Parameter keep: what the caller keeps of the link as the first table split it (a caller that keeps
    ///   nothing copies nothing).
    /// - Returns: what `keep` kept, the first table, and what `find` found. The found value is returned, not
    ///   written to a variable that `find` captures, so that it is moved out rather than copied.
    @inline(__always)
    private func search<Kept, Found>(
        _ input: String, options: SplitOptions, keeping keep: (SplitView) -> Kept,
        _ find: (CopyOnWrite<CompiledTable>, SplitView) -> Found?
    ) throws(URLRejection) -> (kept: Kept, table: RouteTable, found: Found?) {
        var first = RouteTable.global
        // Each table is looked up once, and read in place.
        var firstTable: CopyOnWrite<CompiledTable>?
        var fallback: CopyOnWrite<CompiledTable>?
        let (kept, found) = try URLSplitter.withSplit(input, options: options) { scheme in
            // With no scheme table, a scheme needs no lookup. The scheme comes lowercased.
            if let scheme, !schemes.isEmpty, let table = schemes[scheme] {
                first = .scheme(scheme)
                firstTable = table
            } else {
                firstTable = global
            }
            return firstTable?.withPointer { $0.pointee.hostRules } ?? HostRules()
        } _: { split -> (Kept, Found?) in
            guard let firstTable = firstTable.take() else { return (keep(split), nil) }
            if let found = find(firstTable, split) { return (keep(split), found) }
            guard first != .global, firstTable.value.settings.fallsBackToGlobalRoutes else { return (keep(split), nil) }
            guard global.value.hostRules == firstTable.value.hostRules else {
                fallback = global
                return (keep(split), nil)
            }
            return (keep(split), find(global, split))
        }
        if let fallback {
            // The global table sees the link through its own host rules. A URL that they refuse is not matched
            // there; it is not a rejection.
            let rules = fallback.value.hostRules
            let found = try? URLSplitter.withSplit(input, options: options, hostRules: { _ in rules }) {
                find(fallback, $0)
            }
            return (kept, first, found ?? nil)
        }
        return (kept, first, found)
    }
}
