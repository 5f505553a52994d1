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
///
/// All of them are behind one reference: a lookup's snapshot of the tables costs one retain and one release.
struct RouteTables: Sendable {
    private var storage: CopyOnWrite<Storage>

    private struct Storage: Sendable {
        var global: CompiledTable
        var schemes: [String: CopyOnWrite<CompiledTable>] = [:]
    }

    init(foldsLiteralCase: Bool) {
        storage = CopyOnWrite(Storage(global: CompiledTable(table: .global, foldsLiteralCase: foldsLiteralCase)))
    }

    /// The table, or `nil` when it does not exist.
    subscript(table: RouteTable) -> CompiledTable? {
        guard let scheme = table.scheme else { return storage.value.global }
        return storage.value.schemes[scheme]?.value
    }

    /// The tables that exist: the global one first, then schemes in alphabetical order.
    var names: [RouteTable] { [.global] + storage.value.schemes.keys.sorted().map(RouteTable.scheme) }

    /// Changes a table in place, creating it first when it does not exist.
    mutating func update<Result>(
        _ table: RouteTable, foldsLiteralCase: Bool, _ body: (inout CompiledTable) -> Result
    ) -> Result {
        guard let scheme = table.scheme else { return body(&storage.value.global) }
        return body(
            &storage.value.schemes[
                scheme, default: CopyOnWrite(CompiledTable(table: table, foldsLiteralCase: foldsLiteralCase))
            ].value)
    }

    /// Changes a table in place when it exists.
    /// - Returns: what `body` returned, or `nil` when the table does not exist.
    mutating func updateIfPresent<Result>(_ table: RouteTable, _ body: (inout CompiledTable) -> Result) -> Result? {
        guard let scheme = table.scheme else { return body(&storage.value.global) }
        guard let index = storage.value.schemes.index(forKey: scheme) else { return nil }
        return body(&storage.value.schemes.values[index].value)
    }

    /// Removes a scheme's table; the global table cannot be removed.
    /// - Returns: whether a table was removed.
    mutating func remove(_ table: RouteTable) -> Bool {
        guard let scheme = table.scheme else { return false }
        return storage.value.schemes.removeValue(forKey: scheme) != nil
    }
}

/// A link split for the table it routes to, with its candidates in dispatch order.
struct Resolution: Sendable {
    var link: DeepLink
    var table: RouteTable
    var candidates: [Candidate]
}

/// Matching reads only the tables: a lookup takes them out of the router's state alone (one reference to retain),
/// not the whole state.
extension RouteTables {
    /// Splits `input` for the table its scheme routes to and finds its candidates there, then, for a scheme
    /// table that falls back, in the global table (seen through the global table's own host rules).
    func resolve(_ input: String, options: SplitOptions) throws(URLRejection) -> Resolution {
        var found: [Candidate] = []
        let (link, table, _, _) = try search(input, options: options) { table, link, components -> Void? in
            found += table.matches(link: link, components)
            return nil
        }
        return Resolution(link: link, table: table, candidates: found)
    }

    /// The first route in dispatch order that `input` matches, found as ``resolve(_:options:)`` finds them all but
    /// without building a list, with what it captured; the link as the first table split it; and the link as the
    /// global table split it, when that table found the route after a fallback through other host rules.
    func best(
        _ input: String, options: SplitOptions
    ) throws(URLRejection) -> (link: DeepLink, table: RouteTable, found: RouteCapture?, fallbackLink: DeepLink?) {
        try search(input, options: options) { table, _, components in table.bestCapture(components) }
    }

    /// Splits `input` and offers it to the table its scheme routes to, then to the global table when that
    /// table falls back and `find` found nothing (returned `nil`).
    /// - Returns: the link as the first table split it; the first table; what `find` found; and, when the global
    ///   table found it after a fallback through other host rules, the link as that table split it (what it found
    ///   was found in that link).
    private func search<Found>(
        _ input: String, options: SplitOptions, _ find: (CompiledTable, DeepLink, SplitComponents) -> Found?
    ) throws(URLRejection) -> (link: DeepLink, table: RouteTable, found: Found?, fallbackLink: DeepLink?) {
        var first = RouteTable.global
        var schemeTable: CopyOnWrite<CompiledTable>?
        var fallsBack = false
        let (link, found) = try URLSplitter.withSplit(input, options: options) { scheme in
            // With no scheme table, a scheme needs no lookup, and no text.
            if let scheme, !storage.value.schemes.isEmpty,
                case let scheme = URLSplitter.schemeText(scheme), let table = storage.value.schemes[scheme]
            {
                first = .scheme(scheme)
                schemeTable = table
                return table.value.hostRules
            }
            return storage.value.global.hostRules
        } _: { (link: consuming DeepLink, components) -> (DeepLink, Found?) in
            var found: Found?
            if let table = schemeTable {
                found = find(table.value, link, components)
                if found == nil, table.value.settings.fallsBackToGlobalRoutes {
                    if storage.value.global.hostRules == table.value.hostRules {
                        found = find(storage.value.global, link, components)
                    } else {
                        fallsBack = true
                    }
                }
            } else {
                found = find(storage.value.global, link, components)
            }
            return (link, found)
        }
        guard fallsBack else { return (link, first, found, nil) }
        // The global table sees the link through its own host rules. A URL that they refuse is not matched there; it
        // is not a rejection.
        let rules = storage.value.global.hostRules
        let fallbackFound = try? URLSplitter.withSplit(input, options: options, hostRules: { _ in rules }) {
            (link: consuming DeepLink, components) -> (DeepLink, Found?) in
            let found = find(storage.value.global, link, components)
            return (link, found)
        }
        if case (let fallbackLink, let found?)? = fallbackFound { return (link, first, found, fallbackLink) }
        return (link, first, nil, nil)
    }
}
