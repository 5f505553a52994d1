import Logging

/// Maps URLs and internal route strings to routes.
///
/// A router holds a global route table and one table per scheme. Matching reads an immutable snapshot of
/// the tables, so a router may be shared by any number of threads while routes are added.
///
/// ```swift
/// let router = Router()
/// try router.add("/product/:id", name: "product")
/// try router.add("/search")
///
/// let match = try router.match("myapp://product/1988?coupon=XMAS")
/// match?.parameters["id"]               // "1988"
/// match?.link.query.first("coupon")     // "XMAS"
/// router.canRoute("/search?q=shoes")    // true
/// ```
public final class Router: Sendable {
    /// The options the router was created with.
    public let options: RouterOptions
    /// Where the router says what it does, at debug level; `nil` (the default) says nothing.
    public let logger: Logger?
    let state: Locked<RouterState>
    /// Where outcomes that complete after `route` returned go.
    let deferred = DeferredOutcomeHub(limit: Router.deferredOutcomeBufferLimit)

    /// The most redirects one routed link may go through; the next ends with a redirect loop.
    public static let maxRedirects = 10

    /// The most deferred outcomes kept while nobody receives them, and the most a slow subscriber of
    /// ``deferredOutcomes`` has waiting; beyond it the oldest are dropped (``droppedDeferredOutcomeCount``).
    public static let deferredOutcomeBufferLimit = 64

    /// Creates a router with an empty global table.
    ///
    /// - Parameters:
    ///   - options: router-wide options.
    ///   - logger: a logger for debug messages about matching and dispatch (JLRoutes' verbose logging).
    public init(options: RouterOptions = RouterOptions(), logger: Logger? = nil) {
        self.options = options
        self.logger = logger
        state = Locked(RouterState(foldsLiteralCase: options.matchesLiteralsCaseInsensitively))
    }

    // MARK: Registering

    /// Adds a route with no handler to a table.
    ///
    /// Such a route is for matching (``match(_:)-(String)``) and for dispatch that acts on the outcome:
    /// when ``route(_:context:)-(String,_)`` chooses it, it handles the request by itself. Use
    /// ``map(_:name:priority:in:constraints:access:handler:)`` to attach a handler.
    ///
    /// The same pattern may be added twice: both are kept, and the one added first is tried first.
    ///
    /// ```swift
    /// try router.add("/user/:id", name: "user", constraints: ["id": .digits])
    /// try router.add("/test/priority/high", priority: 20)
    /// try router.add("/invite/:code", in: .scheme("myapp"))
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: the route's pattern (see ``RoutePattern``).
    ///   - name: a name for reverse routing and diagnostics.
    ///   - priority: higher is tried first, before specificity. The default is 0.
    ///   - table: the table to add to; a scheme's table is created by its first route or setting.
    ///   - constraints: tests that parameter values must pass, by parameter name.
    ///   - access: the origins whose links may open the route, and whether its action waits for confirmation
    ///     (``RouteAccess``); `nil` for every origin, at once.
    /// - Throws: ``PatternError`` for a pattern that does not parse or a constraint on a parameter the pattern
    ///   does not have.
    public func add(
        _ pattern: String, name: String? = nil, priority: Int = 0, in table: RouteTable = .global,
        constraints: [String: ParameterConstraint] = [:], access: RouteAccess? = nil
    ) throws(PatternError) {
        try register(
            pattern, name: name, priority: priority, in: table, constraints: constraints, action: nil, access: access)
    }

    func register(
        _ pattern: String, name: String?, priority: Int, in table: RouteTable,
        constraints: [String: ParameterConstraint], action: RouteAction?, access: RouteAccess? = nil, tag: Int? = nil
    ) throws(PatternError) {
        try register(
            RoutePattern(pattern), name: name, priority: priority, in: table, constraints: constraints, action: action,
            access: access, tag: tag)
    }

    /// Adds a parsed pattern's route: what every way of adding a route comes to. A route file registers the
    /// patterns its reader parsed, so that no pattern is parsed twice.
    func register(
        _ pattern: RoutePattern, name: String?, priority: Int, in table: RouteTable,
        constraints: [String: ParameterConstraint], action: RouteAction?, access: RouteAccess? = nil, tag: Int? = nil
    ) throws(PatternError) {
        let action = access.map { (action ?? .handlesItself()).restricted(to: $0) } ?? action
        if !constraints.isEmpty, let unknown = constraints.keys.sorted().first(where: { !pattern.hasParameter($0) }) {
            throw PatternError(
                .unknownParameter, at: nil, in: pattern.written,
                "there is a constraint for '\(unknown)', which is not a parameter")
        }
        let registration = Registration(
            pattern: pattern, name: name, priority: priority, constraints: constraints, action: action, tag: tag)
        let foldsCase = options.matchesLiteralsCaseInsensitively
        state.withLock { state in
            state.tables.update(table, foldsLiteralCase: foldsCase) { $0.add(registration) }
        }
    }

    /// Changes a table's settings, creating the table if it does not exist.
    ///
    /// ```swift
    /// router.updateSettings(for: .scheme("myapp")) { $0.fallsBackToGlobalRoutes = true }
    /// ```
    ///
    /// `update` runs outside the router's lock, on a copy of the settings, so it may read the router, route a link or
    /// change settings itself. The copy is written back only when nobody changed the table's settings meanwhile;
    /// otherwise `update` runs again on what they wrote, so that no change is lost. Keep it free of side effects:
    /// it may run more than once.
    public func updateSettings(for table: RouteTable, _ update: (inout TableSettings) -> Void) {
        let foldsCase = options.matchesLiteralsCaseInsensitively
        while true {
            let before = settings(for: table)
            var after = before ?? TableSettings()
            update(&after)
            let written = state.withLock { state in
                guard state.tables[table]?.settings == before else { return false }
                state.tables.update(table, foldsLiteralCase: foldsCase) { $0.settings = after }
                return true
            }
            if written { return }
        }
    }

    /// Returns a table's settings, or `nil` when the table does not exist. Looking a table up creates nothing.
    public func settings(for table: RouteTable) -> TableSettings? {
        state.withLock { $0.tables[table]?.settings }
    }

    // MARK: Removing

    /// Removes every route added with `pattern` (all its expansions) from a table.
    ///
    /// Patterns compare by their segments, so `/test/` removes a route added as `/test`. Removing a
    /// pattern that was never added, or one that does not parse, changes nothing.
    /// - Returns: how many registrations were removed.
    @discardableResult
    public func removeRoutes(pattern: String, from table: RouteTable = .global) -> Int {
        guard let parsed = try? RoutePattern(pattern) else { return 0 }
        return state.withLock { state in
            state.tables.updateIfPresent(table) { $0.removeAll { $0.pattern == parsed } } ?? 0
        }
    }

    /// Removes every route named `name`, in every table.
    /// - Returns: how many registrations were removed.
    @discardableResult
    public func removeRoutes(named name: String) -> Int {
        state.withLock { state in
            var removed = 0
            for table in state.tables.names {
                removed += state.tables.updateIfPresent(table) { $0.removeAll { $0.name == name } } ?? 0
            }
            return removed
        }
    }

    /// Removes a scheme's table with its routes and settings; its scheme then goes to the global table.
    ///
    /// The global table always exists: removing it does nothing.
    /// - Returns: whether a table was removed.
    @discardableResult
    public func removeTable(_ table: RouteTable) -> Bool {
        guard table != .global else { return false }
        return state.withLock { $0.tables.remove(table) }
    }

    // MARK: Introspection

    /// The tables that exist: the global one first, then schemes in alphabetical order.
    public var tables: [RouteTable] { state.snapshot.tables.names }

    /// Returns a table's routes in match order: priority, then specificity, then registration. A table that
    /// does not exist has none.
    ///
    /// - Complexity: O(*n* log *n*) in the number of routes.
    public func routes(in table: RouteTable) -> [Route] {
        state.snapshot.tables[table]?.routes ?? []
    }

    /// Every route of every table, table by table in the order of ``tables``, each table in match order.
    public var routes: [Route] {
        let tables = state.snapshot.tables
        return tables.names.flatMap { tables[$0]?.routes ?? [] }
    }

    // MARK: Matching

    /// Returns the route that `url` matches first, or `nil` when none does. Runs no handler, filter or default.
    ///
    /// ```swift
    /// try router.add("/users/:id")
    /// try router.add("/users/me")
    /// try router.match("myapp://users/me")?.route.expansion  // "/users/me": a literal beats a parameter
    /// ```
    ///
    /// - Parameter url: a URL (`myapp://product/7`, `https://shop.example.com/product/7`) or an internal route
    ///   string (`product/7`).
    /// - Throws: ``URLRejection`` for malformed input, input beyond the limits, or a host the table does not
    ///   allow.
    /// - Complexity: O(*n*) in the length of `url`, plus the trie nodes consistent with it: a hit does not grow with
    ///   the number of routes that are not (for tables whose routes share priorities); a link that matches nothing
    ///   visits every node consistent with it, about *m*·*d* for *m* routes that mix a literal and a parameter over
    ///   *d* segments.
    public func match(_ url: String) throws(URLRejection) -> RouteMatch? {
        try currentTables.bestMatch(url, options: options.splitOptions)
    }

    /// Returns every route that `url` matches, in the order a dispatch tries them: the table's candidates by
    /// priority, specificity and registration, then, for a scheme table that falls back, the global table's.
    ///
    /// - Throws: ``URLRejection`` for malformed input, input beyond the limits, or a host the table does not
    ///   allow.
    public func matches(_ url: String) throws(URLRejection) -> [RouteMatch] {
        try currentTables.resolve(url, options: options.splitOptions).candidates.map(\.match)
    }

    /// Returns the table `url` is routed to first, the link, and the best match: the link as the matched route's
    /// table split it (the global table's after a fallback through other host rules), else as the first table did.
    package func resolve(_ url: String) throws(URLRejection) -> (link: DeepLink, table: RouteTable, match: RouteMatch?)
    {
        let (table, best) = try currentTables.best(url, options: options.splitOptions)
        switch best {
        case .matched(let match): return (match.link, table, match)
        case .unmatched(let link): return (link, table, nil)
        }
    }

    /// The tables as they are now: matching needs nothing else from the state, and copying the tables costs one
    /// retain (they are behind one reference) where the whole state costs one per field.
    var currentTables: RouteTables { state.withLock { $0.tables } }

    /// Returns whether some route matches `url`. Runs nothing; a rejected input gives `false`, and the default
    /// route is not a match.
    public func canRoute(_ url: String) -> Bool {
        (try? match(url)) != nil
    }
}
