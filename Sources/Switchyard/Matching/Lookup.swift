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

/// What one lookup looks for in the tables it searches, and what it makes of it: every candidate
/// (``EveryCandidate``), or the best match alone (``FirstMatch``, ``BestOrUnmatched``).
///
/// A lookup is generic over its goal, so each kind is compiled on its own, with no closure and no indirection. A
/// goal holds no state (what a search found is passed along), so lookups on many threads share nothing.
protocol LookupGoal {
    /// What a search of one table found.
    associatedtype Found
    associatedtype Output

    /// Searches `table` for the link, split as its table's host rules read it.
    func search(_ table: CompiledTable, link: borrowing DeepLink, _ components: SplitComponents) -> Found

    /// Whether `found` ends the lookup; when it does not, a table that falls back to the global table has that
    /// table searched too.
    func isMet(by found: borrowing Found) -> Bool

    /// What the first table's search and the global table's found together.
    func merging(_ first: consuming Found, _ fallback: consuming Found) -> Found

    /// The lookup's result: `link` is the input as the table it routed to split it.
    func result(_ link: consuming DeepLink, _ found: consuming Found) -> Output

    /// The result after a search of the global table that split the input again, through its own host rules, given
    /// the result of the first split.
    func fallbackResult(_ first: consuming Output, _ link: consuming DeepLink, _ found: consuming Found) -> Output
}

/// Matching reads only the tables: a lookup takes them out of the router's state alone (one reference to retain),
/// not the whole state.
extension RouteTables {
    /// Looks `input` up, in five steps:
    /// 1. choose the table: the scheme's, when it has one, else the global table;
    /// 2. split the input, through that table's host rules;
    /// 3. search the table's trie;
    /// 4. build the result from the link and what the search found;
    /// 5. fall back to the global table when the scheme's table says so and the goal is not met: in the same split
    ///    when both tables read hosts alike, else by a second split through the global table's rules.
    ///
    /// Steps 1 to 4 run inside one pass over the input: the splitter reads the scheme, asks for the table's host
    /// rules, and reads the rest by them, so the input is read once and nothing of it is copied before a route is
    /// found.
    ///
    /// - Returns: the table the input routed to first, and the goal's result.
    @inline(__always)
    func lookUp<Goal: LookupGoal>(
        _ input: String, options: SplitOptions, for goal: Goal
    ) throws(URLRejection) -> (table: RouteTable, output: Goal.Output) {
        var first = RouteTable.global
        var schemeTable: CompiledTable?
        var needsSecondSplit = false
        let output = try URLSplitter.withSplit(input, options: options) { scheme in
            // 1. With no scheme table, a scheme needs no lookup, and no text.
            if let scheme, let table = self.table(forScheme: scheme) {
                first = table.table
                schemeTable = table
                return table.hostRules
            }
            return global.hostRules
        } _: { (link: consuming DeepLink, components) -> Goal.Output in
            // 2. The split is done: `link` and `components` are the input as the first table reads it.
            guard let table = schemeTable else {
                return goal.result(link, goal.search(global, link: link, components))  // 3. and 4.
            }
            var found = goal.search(table, link: link, components)  // 3.
            if !goal.isMet(by: found), table.settings.fallsBackToGlobalRoutes {
                if global.hostRules == table.hostRules {
                    found = goal.merging(found, goal.search(global, link: link, components))  // 5., in the same split
                } else {
                    needsSecondSplit = true
                }
            }
            return goal.result(link, found)  // 4.
        }
        guard needsSecondSplit else { return (first, output) }
        return (first, fallBack(input, options: options, for: goal, after: output))
    }

    /// Step 5 of ``lookUp(_:options:for:)`` for tables that read hosts differently: splits `input` again through
    /// the global table's host rules and searches that table. A URL that they refuse is not matched there; it is not
    /// a rejection. Kept out of line: few lookups take it.
    @inline(never)
    private func fallBack<Goal: LookupGoal>(
        _ input: String, options: SplitOptions, for goal: Goal, after first: Goal.Output
    ) -> Goal.Output {
        let rules = global.hostRules
        let fallback = try? URLSplitter.withSplit(input, options: options, hostRules: { _ in rules }) {
            (link: consuming DeepLink, components) -> Goal.Output in
            goal.fallbackResult(first, link, goal.search(global, link: link, components))
        }
        return fallback ?? first
    }

    /// Splits `input` for the table its scheme routes to and finds its candidates there, then, for a scheme
    /// table that falls back, in the global table (seen through the global table's own host rules).
    func resolve(_ input: String, options: SplitOptions) throws(URLRejection) -> Resolution {
        let (table, output) = try lookUp(input, options: options, for: EveryCandidate())
        return Resolution(link: output.link, table: table, candidates: output.candidates)
    }

    /// The first route in dispatch order that `input` matches, found as ``resolve(_:options:)`` finds them all but
    /// without building a list: what ``Router/match(_:)-(String)`` asks.
    func bestMatch(_ input: String, options: SplitOptions) throws(URLRejection) -> RouteMatch? {
        try lookUp(input, options: options, for: FirstMatch()).output
    }

    /// The best match of `input`, as ``bestMatch(_:options:)`` finds it, and the table the input was routed to
    /// first; when nothing matched, the link as that table split it.
    func best(_ input: String, options: SplitOptions) throws(URLRejection) -> (table: RouteTable, output: BestMatch) {
        try lookUp(input, options: options, for: BestOrUnmatched())
    }
}

/// Every route that matches, in dispatch order: the first table's, then the global table's when it falls back.
struct EveryCandidate: LookupGoal {
    func search(_ table: CompiledTable, link: borrowing DeepLink, _ components: SplitComponents) -> [Candidate] {
        table.matches(link: copy link, components)
    }

    /// Never: a scheme table that falls back offers the link to the global table too, for dispatch to try when
    /// every candidate of its own declines.
    func isMet(by found: borrowing [Candidate]) -> Bool { false }

    func merging(_ first: consuming [Candidate], _ fallback: consuming [Candidate]) -> [Candidate] {
        first + fallback
    }

    func result(_ link: consuming DeepLink, _ found: consuming [Candidate]) -> (link: DeepLink, candidates: [Candidate])
    {
        (link, found)
    }

    /// The link of the first split, with the candidates of both.
    func fallbackResult(
        _ first: consuming (link: DeepLink, candidates: [Candidate]), _ link: consuming DeepLink,
        _ found: consuming [Candidate]
    ) -> (link: DeepLink, candidates: [Candidate]) {
        (first.link, first.candidates + found)
    }
}

/// The first route in dispatch order that matches, or `nil`.
///
/// ``BestOrUnmatched`` finds the same route; this goal returns the optional match alone, a smaller result that moves
/// out of the split inline, where the larger one is copied through memory at each step (what
/// ``Router/match(_:)-(String)`` reads, on the hot path). Kept as a twin because the copy shows: `match` through
/// ``BestOrUnmatched`` took a tenth longer (`Benchmarks/README.md`, run 36).
struct FirstMatch: LookupGoal {
    func search(_ table: CompiledTable, link: borrowing DeepLink, _ components: SplitComponents) -> RouteCapture? {
        table.bestCapture(components)
    }

    func isMet(by found: borrowing RouteCapture?) -> Bool { found != nil }

    /// The global table's find: the first table found nothing.
    func merging(_ first: consuming RouteCapture?, _ fallback: consuming RouteCapture?) -> RouteCapture? { fallback }

    func result(_ link: consuming DeepLink, _ found: consuming RouteCapture?) -> RouteMatch? {
        guard let found else { return nil }
        return RouteMatch(found, link: link)
    }

    /// A match of the global table, holding the link as that table split it, replaces no match.
    func fallbackResult(_ first: consuming RouteMatch?, _ link: consuming DeepLink, _ found: consuming RouteCapture?)
        -> RouteMatch?
    {
        guard let found else { return first }
        return RouteMatch(found, link: link)
    }
}

/// The first route in dispatch order that matches, or the link as the first table split it.
struct BestOrUnmatched: LookupGoal {
    func search(_ table: CompiledTable, link: borrowing DeepLink, _ components: SplitComponents) -> RouteCapture? {
        table.bestCapture(components)
    }

    func isMet(by found: borrowing RouteCapture?) -> Bool { found != nil }

    /// The global table's find: the first table found nothing.
    func merging(_ first: consuming RouteCapture?, _ fallback: consuming RouteCapture?) -> RouteCapture? { fallback }

    func result(_ link: consuming DeepLink, _ found: consuming RouteCapture?) -> BestMatch {
        guard let found else { return .unmatched(link) }
        return .matched(RouteMatch(found, link: link))
    }

    /// A match of the global table, holding the link as that table split it, replaces no match.
    func fallbackResult(_ first: consuming BestMatch, _ link: consuming DeepLink, _ found: consuming RouteCapture?)
        -> BestMatch
    {
        guard let found else { return first }
        return .matched(RouteMatch(found, link: link))
    }
}
