/// Everything a router holds, read as one immutable snapshot.
struct RouterState: Sendable {
    var tables: [RouteTable: CompiledTable]
    var filters: [any RouteFilter] = []
    var defaultAction: RouteAction?
    var observer: (@Sendable (RouteOutcome) -> Void)?

    init(foldsLiteralCase: Bool) {
        tables = [.global: CompiledTable(table: .global, foldsLiteralCase: foldsLiteralCase)]
    }
}

/// A link split for the table it routes to, with its candidates in dispatch order.
struct Resolution: Sendable {
    var link: DeepLink
    var table: RouteTable
    var candidates: [Candidate]
}

extension RouterState {
    /// Splits `input` for the table its scheme routes to and finds its candidates there, then, for a scheme
    /// table that falls back, in the global table (seen through the global table's own host rules).
    func resolve(_ input: String, options: SplitOptions, bestOnly: Bool) throws(URLRejection) -> Resolution {
        var first = RouteTable.global
        let split = try URLSplitter.split(input, options: options) { scheme in
            if let scheme, tables[.scheme(scheme)] != nil { first = .scheme(scheme) }
            return tables[first]?.settings.hostRules ?? HostRules()
        }.get()
        guard let firstTable = tables[first] else { return Resolution(link: split.link, table: first, candidates: []) }
        var found = firstTable.matches(split, bestOnly: bestOnly)
        if first != .global, firstTable.settings.fallsBackToGlobalRoutes, !(bestOnly && !found.isEmpty),
            let global = tables[.global]
        {
            // A URL that the global table's rules refuse is not matched there; it is not a rejection.
            let globalRules = global.settings.hostRules
            let globalSplit =
                globalRules == firstTable.settings.hostRules
                ? split : try? URLSplitter.split(input, options: options) { _ in globalRules }.get()
            if let globalSplit { found += global.matches(globalSplit, bestOnly: bestOnly) }
        }
        return Resolution(link: split.link, table: first, candidates: found)
    }
}
