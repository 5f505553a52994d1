/// The routes of one level of a hierarchical walk: nested routes that match a prefix of the remaining
/// components, and single-token routes that capture exactly one more.
///
/// ```swift
/// let routes = RouteLevel()
/// try routes.add("road/to/:city") { request in CityScreen(name: request.parameters["city"] ?? "") }
/// try routes.addToken("country") { country, request in CountryScreen(code: country) }
/// try routes.add("pay", context: PaymentPush.self) { push, request in PaymentSheet(push) }
/// ```
public final class RouteLevel: Sendable {
    /// What a level's handler returns: the next routable, or `nil` to end the walk.
    public typealias Handler = @Sendable (RouteRequest) async throws -> (any Sendable)?

    private let table = Locked(CompiledTable(table: .global, foldsLiteralCase: false))

    /// Creates a level with no routes.
    public init() {}

    /// Adds a nested route: its pattern matches a prefix of the remaining components, and its handler
    /// returns the child that routes the rest (a ``Routable``), or `nil` to end the walk.
    /// - Throws: ``PatternError`` for a pattern that does not parse.
    public func add(_ pattern: String, name: String? = nil, priority: Int = 0, handler: @escaping Handler)
        throws(PatternError)
    {
        try register(pattern, name: name, priority: priority, action: RouteAction(level: handler))
    }

    /// Adds a nested route that runs only when the walk's context is a `Context`.
    /// - Throws: ``PatternError`` for a pattern that does not parse.
    public func add<Context: Sendable>(
        _ pattern: String, name: String? = nil, priority: Int = 0, context: Context.Type,
        handler: @escaping @Sendable (Context, RouteRequest) async throws -> (any Sendable)?
    ) throws(PatternError) {
        let action = RouteAction(context: context) { context, request in
            RouteAction.Result(isHandled: true, child: try await handler(context, request))
        }
        try register(pattern, name: name, priority: priority, action: action)
    }

    /// Adds a single-token route: `path` followed by exactly one component, the token, which the handler
    /// receives decoded.
    /// - Throws: ``PatternError`` for a path that does not parse.
    public func addToken(
        _ path: String, name: String? = nil, priority: Int = 0,
        handler: @escaping @Sendable (String, RouteRequest) async throws -> (any Sendable)?
    ) throws(PatternError) {
        let pattern = path.hasSuffix("/") ? path + ":" + Self.tokenName : path + "/:" + Self.tokenName
        try register(
            pattern, name: name, priority: priority,
            action: RouteAction(level: { request in
                try await handler(request.parameters[Self.tokenName] ?? "", request)
            }))
    }

    /// The parameter name a single-token route captures its token under.
    static let tokenName = "_token"

    private func register(_ pattern: String, name: String?, priority: Int, action: RouteAction) throws(PatternError) {
        let parsed = try RoutePattern(pattern)
        table.withLock {
            $0.add(Registration(pattern: parsed, name: name, priority: priority, constraints: [:], action: action))
        }
    }

    /// Removes every route added with `pattern`; a pattern never added changes nothing.
    /// - Returns: how many routes were removed.
    @discardableResult
    public func removeRoutes(pattern: String) -> Int {
        guard let parsed = try? RoutePattern(pattern) else { return 0 }
        return table.withLock { $0.removeAll { $0.pattern == parsed } }
    }

    /// The level's routes in match order; routes of the same shape are marked as duplicates.
    public var routes: [Route] { table.snapshot.routes }

    /// Returns whether some route of this level matches a prefix of `url`'s components (the host first).
    public func canRoute(_ url: String) -> Bool {
        let table = table.snapshot
        let found = try? URLSplitter.withSplit(
            url, options: SplitOptions(), hostRules: { _ in HostRules(policy: .pathComponent) }
        ) { _, components in !table.trie.prefixSearch(components).isEmpty }
        return found ?? false
    }

    var compiled: CompiledTable { table.snapshot }
}
