/// What a handler did with a request: handled it, or declined so the next candidate is tried.
///
/// ```swift
/// try router.mapDeclinable("/return/:value") { request in
///     request.parameters["value"] == "yes" ? .handled : .declined
/// }
/// ```
public struct RouteDisposition: Sendable, Hashable, CustomStringConvertible {
    let isHandled: Bool

    /// The handler handled the request; no other handler runs.
    public static let handled = RouteDisposition(isHandled: true)
    /// The handler declined: the next candidate is tried, then the global table where a scheme table falls
    /// back, then the default route.
    public static let declined = RouteDisposition(isHandled: false)

    /// `handled` or `declined`.
    public var description: String { isHandled ? "handled" : "declined" }
}

/// What runs when a route is chosen: a handler, with the context type it requires, if any.
///
/// A class: a route that keeps one (most keep none) pays one reference for it, and a dispatch copies one.
final class RouteAction: Sendable {
    /// What a handler did: handled the request or declined, and, in a hierarchical walk, the child it returned.
    struct Result: Sendable {
        var isHandled: Bool
        var child: (any Sendable)?
        /// Why a route declined by itself (a typed route whose values did not decode), reported if nothing handles.
        var declineReason: (any Error)?
    }

    /// The name of the context type the route requires, or `nil` when any context will do.
    let requiredContext: String?
    let acceptsContext: @Sendable ((any Sendable)?) -> Bool
    let run: @Sendable (RouteRequest) async throws -> Result
    /// Who may open the route, and whether its action waits for confirmation; `nil` for everyone, at once. Kept
    /// here, beside the handler, so that a route that declares nothing pays nothing for it.
    let access: RouteAccess?

    /// What a route without a handler does: it handles the request by itself.
    static func handlesItself() -> RouteAction {
        RouteAction(anyContext: { _ in Result(isHandled: true) })
    }

    /// This action with `access`, for a route that declares it.
    func restricted(to access: RouteAccess) -> RouteAction {
        RouteAction(requiredContext: requiredContext, acceptsContext: acceptsContext, run: run, access: access)
    }

    private init(
        requiredContext: String?, acceptsContext: @escaping @Sendable ((any Sendable)?) -> Bool,
        run: @escaping @Sendable (RouteRequest) async throws -> Result, access: RouteAccess?
    ) {
        self.requiredContext = requiredContext
        self.acceptsContext = acceptsContext
        self.run = run
        self.access = access
    }

    /// An action that runs whatever the context.
    init(anyContext run: @escaping @Sendable (RouteRequest) async throws -> Result) {
        requiredContext = nil
        access = nil
        acceptsContext = { _ in true }
        self.run = run
    }

    init(_ run: @escaping @Sendable (RouteRequest) async throws -> RouteDisposition) {
        requiredContext = nil
        access = nil
        acceptsContext = { _ in true }
        self.run = { request in Result(isHandled: try await run(request).isHandled) }
    }

    /// An action for a level of a hierarchical walk: it always handles, and returns the child.
    init(level run: @escaping @Sendable (RouteRequest) async throws -> (any Sendable)?) {
        requiredContext = nil
        access = nil
        acceptsContext = { _ in true }
        self.run = { request in Result(isHandled: true, child: try await run(request)) }
    }

    init<Context: Sendable>(
        context: Context.Type, _ run: @escaping @Sendable (Context, RouteRequest) async throws -> Result
    ) {
        requiredContext = String(describing: Context.self)
        access = nil
        acceptsContext = { $0 is Context }
        self.run = { request in
            guard let context = request.context as? Context else { return Result(isHandled: false) }
            return try await run(context, request)
        }
    }
}
