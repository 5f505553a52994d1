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
        let (link, table, _, _) = try search(input, options: options) { table, link, components -> Void? in
            found += CompiledTable.matches(in: table, link: link, components)
            return nil
        }
        return Resolution(link: link, table: table, candidates: found)
    }

    /// The first route in dispatch order that `input` matches, found as ``resolve(_:options:)`` finds them all but
    /// without building a list, with what it captured; the link as the first table split it; and the link as the
    /// global table split it, when that table found the route after a fallback through other host rules. The
    /// caller moves the matched table's link into the match rather than copying it.
    func best(
        _ input: String, options: SplitOptions
    ) throws(URLRejection) -> (link: DeepLink, table: RouteTable, found: RouteCapture?, fallbackLink: DeepLink?) {
        try search(input, options: options) { table, _, components in
            CompiledTable.bestCapture(in: table, components)
        }
    }

    /// Splits `input` and offers it to the table its scheme routes to, then to the global table when that
    /// table falls back and `find` found nothing (returned `nil`).
    /// - Returns: the link as the first table split it (moved, not copied); the first table; what `find` found; and,
    ///   when the global table found it after a fallback through other host rules, the link as that table split it
    ///   (what it found was found in that link). The found value is returned, not written to a variable that `find`
    ///   captures, so that it is moved out rather than copied.
    @inline(__always)
    private func search<Found>(
        _ input: String, options: SplitOptions,
        _ find: (UnsafePointer<CompiledTable>, DeepLink, SplitComponents) -> Found?
    ) throws(URLRejection) -> (link: DeepLink, table: RouteTable, found: Found?, fallbackLink: DeepLink?) {
        // The closures below read the tables through their address: a closure that captured the tables would copy
        // them, a retain and a release for each reference in them, for each closure.
        try withUnsafePointer(to: self) { tables throws(URLRejection) in
            try Self.search(in: tables, input, options: options, find)
        }
    }

    /// The search of ``search(_:options:_:)``, which reads the tables at `tables`.
    @inline(__always)
    private static func search<Found>(
        in tables: UnsafePointer<RouteTables>, _ input: String, options: SplitOptions,
        _ find: (UnsafePointer<CompiledTable>, DeepLink, SplitComponents) -> Found?
    ) throws(URLRejection) -> (link: DeepLink, table: RouteTable, found: Found?, fallbackLink: DeepLink?) {
        var first = RouteTable.global
        // Each table is looked up once, and read in place: the scheme's table, when the scheme has one, is copied out
        // of the dictionary (a retain); the global table is read through the tables' address.
        var schemeTable: CopyOnWrite<CompiledTable>?
        var fallback: CopyOnWrite<CompiledTable>?
        let (link, found) = try URLSplitter.withSplit(input, options: options) { scheme in
            // With no scheme table, a scheme needs no lookup, and no text.
            if let scheme, !tables.pointee.schemes.isEmpty,
                case let scheme = URLSplitter.schemeText(scheme), let table = tables.pointee.schemes[scheme]
            {
                first = .scheme(scheme)
                schemeTable = table
                return table.withPointer { $0.pointee.hostRules }
            }
            return tables.pointee.global.withPointer { $0.pointee.hostRules }
        } _: { (link: consuming DeepLink, components) -> (DeepLink, Found?) in
            // The link is returned after the search that reads it (a tuple would move it out first).
            var found: Found?
            if let table = schemeTable.take() {
                found = table.withPointer { find($0, link, components) }
                if found == nil, table.value.settings.fallsBackToGlobalRoutes {
                    let global = tables.pointee.global
                    if global.value.hostRules == table.value.hostRules {
                        found = global.withPointer { find($0, link, components) }
                    } else {
                        fallback = global
                    }
                }
            } else {
                found = tables.pointee.global.withPointer { find($0, link, components) }
            }
            return (link, found)
        }
        if let fallback {
            // The global table sees the link through its own host rules. A URL that they refuse is not matched
            // there; it is not a rejection.
            let rules = fallback.value.hostRules
            let fallbackFound = try? URLSplitter.withSplit(input, options: options, hostRules: { _ in rules }) {
                (link: consuming DeepLink, components) -> (DeepLink, Found?) in
                let found = fallback.withPointer { find($0, link, components) }
                return (link, found)
            }
            if case (let fallbackLink, let found?)? = fallbackFound { return (link, first, found, fallbackLink) }
            return (link, first, nil, nil)
        }
        return (link, first, found, nil)
    }
}
