/// A step that every routed link passes through before its handlers run, in the order filters were added.
///
/// A filter receives the request and a continuation. It may change the request and continue, stop, redirect,
/// or hold the request and continue it later:
///
/// ```swift
/// struct AccountGate: RouteFilter {
///     let session: Session
///     func filter(_ request: RouteRequest, next: FilterContinuation) async -> RouteOutcome {
///         if request.route?.name?.hasPrefix("account.") == true, !session.isLoggedIn {
///             return await next.redirect(to: "/login")
///         }
///         var request = request
///         request.query.append(QueryItem(name: "source", value: "gate"))
///         return await next(request)
///     }
/// }
/// router.addFilter(AccountGate(session: session))
/// ```
///
/// Filters run once per routed link, for matched and unmatched links alike (the default route included),
/// never for a rejected input. ``RouteRequest/route`` is the first candidate; ``RouteRequest/candidates`` lists
/// them all. Changes to the query, fragment and context reach every handler.
public protocol RouteFilter: Sendable {
    /// Filters `request`: returns `await next(request)` to continue, `await next.redirect(to:)` to route
    /// another link instead, ``RouteOutcome/stopped(_:)`` to stop, or ``RouteOutcome/held(_:)`` after keeping
    /// `next` to continue later.
    func filter(_ request: RouteRequest, next: FilterContinuation) async -> RouteOutcome
}

/// A filter made of a closure.
struct ClosureFilter: RouteFilter {
    let body: @Sendable (RouteRequest, FilterContinuation) async -> RouteOutcome

    func filter(_ request: RouteRequest, next: FilterContinuation) async -> RouteOutcome {
        await body(request, next)
    }
}

extension RouteOutcome {
    /// An outcome that says a filter holds `request`: return it after keeping the continuation. When the
    /// continuation is called later, the rest of the chain and the handlers run and that outcome goes to the
    /// router's ``Router/deferredOutcomes``.
    public static func held(_ request: RouteRequest) -> RouteOutcome {
        RouteOutcome(.held, request: request)
    }
}
