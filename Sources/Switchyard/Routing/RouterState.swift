/// Everything a router holds, read as one immutable snapshot.
struct RouterState: Sendable {
    var tables: RouteTables
    var filters: [any RouteFilter] = []
    var defaultAction: RouteAction?

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
        var schemes: [String: CompiledTable] = [:]
    }

    init(foldsLiteralCase: Bool) {
        storage = CopyOnWrite(Storage(global: CompiledTable(table: .global, foldsLiteralCase: foldsLiteralCase)))
    }

    /// The table, or `nil` when it does not exist.
    subscript(table: RouteTable) -> CompiledTable? {
        guard let scheme = table.scheme else { return storage.value.global }
        return storage.value.schemes[scheme]
    }

    /// The tables that exist: the global one first, then schemes in alphabetical order.
    var names: [RouteTable] { [.global] + storage.value.schemes.keys.sorted().map(RouteTable.scheme) }

    /// Changes a table in place, creating it first when it does not exist.
    mutating func update<Result>(
        _ table: RouteTable, foldsLiteralCase: Bool, _ body: (inout CompiledTable) -> Result
    ) -> Result {
        storage.update { storage in
            guard let scheme = table.scheme else { return body(&storage.global) }
            return body(
                &storage.schemes[scheme, default: CompiledTable(table: table, foldsLiteralCase: foldsLiteralCase)])
        }
    }

    /// Changes a table in place when it exists.
    /// - Returns: what `body` returned, or `nil` when the table does not exist.
    mutating func updateIfPresent<Result>(_ table: RouteTable, _ body: (inout CompiledTable) -> Result) -> Result? {
        guard let scheme = table.scheme else { return storage.update { body(&$0.global) } }
        guard let index = storage.value.schemes.index(forKey: scheme) else { return nil }
        return storage.update { body(&$0.schemes.values[index]) }
    }

    /// Removes a scheme's table; the global table cannot be removed.
    /// - Returns: whether a table was removed.
    mutating func remove(_ table: RouteTable) -> Bool {
        guard let scheme = table.scheme else { return false }
        guard storage.value.schemes[scheme] != nil else { return false }
        return storage.update { $0.schemes.removeValue(forKey: scheme) != nil }
    }
}

/// A link split for the table it routes to, with its candidates in dispatch order.
struct Resolution: Sendable {
    var link: DeepLink
    var table: RouteTable
    var candidates: [Candidate]
}

/// What a search for the best match found: the match, which holds the link as its route's table split it, or the
/// link as the first table split it.
enum BestMatch: Sendable {
    case matched(RouteMatch)
    case unmatched(DeepLink)
}

/// Matching reads only the tables: a lookup takes them out of the router's state alone (one reference to retain),
/// not the whole state.
extension RouteTables {
    /// Splits `input` for the table its scheme routes to and finds its candidates there, then, for a scheme
    /// table that falls back, in the global table (seen through the global table's own host rules).
    func resolve(_ input: String, options: SplitOptions) throws(URLRejection) -> Resolution {
        var found: [Candidate] = []
        let (table, link) = try search(input, options: options) { table, link, components -> Void? in
            found += table.matches(link: link, components)
            return nil
        } finish: { link, _ in
            link
        } prefersFallback: { _ in
            false
        }
        return Resolution(link: link, table: table, candidates: found)
    }

    /// The first route in dispatch order that `input` matches, found as ``resolve(_:options:)`` finds them all but
    /// without building a list.
    ///
    /// What ``Router/match(_:)-(String)`` asks. It returns the optional match alone, rather than the
    /// ``best(_:options:)`` that the command-line tool reads: the smaller result moves out of the split inline, where
    /// the larger one is copied through memory at each step.
    func bestMatch(_ input: String, options: SplitOptions) throws(URLRejection) -> RouteMatch? {
        try search(input, options: options) { table, _, components in
            table.bestCapture(components)
        } finish: { (link: consuming DeepLink, found: RouteCapture?) -> RouteMatch? in
            guard let found else { return nil }
            return RouteMatch(found, link: link)
        } prefersFallback: { found in
            found != nil
        }.output
    }

    /// The best match of `input`, as ``bestMatch(_:options:)`` finds it, and the table the input was routed to
    /// first; when nothing matched, the link as that table split it.
    func best(_ input: String, options: SplitOptions) throws(URLRejection) -> (table: RouteTable, output: BestMatch) {
        // A match found after a fallback through other host rules holds the link as the global table split it.
        try search(input, options: options) { table, _, components in
            table.bestCapture(components)
        } finish: { (link: consuming DeepLink, found: RouteCapture?) -> BestMatch in
            guard let found else { return .unmatched(link) }
            return .matched(RouteMatch(found, link: link))
        } prefersFallback: { best in
            if case .matched = best { true } else { false }
        }
    }

    /// Splits `input` and offers it to the table its scheme routes to (`find`), then to the global table when that
    /// table falls back and `find` found nothing (returned `nil`); `finish` makes the result from the link and what
    /// was found, in the split.
    /// - Returns: the first table; and the result for the link as that table split it, or, when the global table
    ///   saw the link through other host rules and `prefersFallback` says so of its result, that result.
    @inline(__always)
    private func search<Found, Output>(
        _ input: String, options: SplitOptions, _ find: (CompiledTable, DeepLink, SplitComponents) -> Found?,
        finish: (consuming DeepLink, Found?) -> Output, prefersFallback: (Output) -> Bool
    ) throws(URLRejection) -> (table: RouteTable, output: Output) {
        var first = RouteTable.global
        var schemeTable: CompiledTable?
        var fallsBack = false
        let output = try URLSplitter.withSplit(input, options: options) { scheme in
            // With no scheme table, a scheme needs no lookup, and no text.
            if let scheme, !storage.value.schemes.isEmpty,
                case let scheme = URLSplitter.schemeText(scheme), let table = storage.value.schemes[scheme]
            {
                first = .scheme(scheme)
                schemeTable = table
                return table.hostRules
            }
            return storage.value.global.hostRules
        } _: { (link: consuming DeepLink, components) -> Output in
            var found: Found?
            if let table = schemeTable {
                found = find(table, link, components)
                if found == nil, table.settings.fallsBackToGlobalRoutes {
                    if storage.value.global.hostRules == table.hostRules {
                        found = find(storage.value.global, link, components)
                    } else {
                        fallsBack = true
                    }
                }
            } else {
                found = find(storage.value.global, link, components)
            }
            return finish(link, found)
        }
        guard fallsBack, let fallback = fallbackSearch(input, options: options, find, finish: finish),
            prefersFallback(fallback)
        else { return (first, output) }
        return (first, fallback)
    }

    /// Splits `input` again through the global table's host rules, and offers it to that table: a fallback from a
    /// scheme table whose rules differ. A URL that they refuse is not matched there; it is not a rejection. Kept out
    /// of line: few lookups take it.
    @inline(never)
    private func fallbackSearch<Found, Output>(
        _ input: String, options: SplitOptions, _ find: (CompiledTable, DeepLink, SplitComponents) -> Found?,
        finish: (consuming DeepLink, Found?) -> Output
    ) -> Output? {
        let rules = storage.value.global.hostRules
        return try? URLSplitter.withSplit(input, options: options, hostRules: { _ in rules }) {
            (link: consuming DeepLink, components) -> Output in
            finish(link, find(storage.value.global, link, components))
        }
    }
}
