/// A link that waits for the person to confirm its route's action (``RouteAccess/confirms``): the app shows its own
/// prompt, then calls ``confirm()`` or ``cancel()``, once.
///
/// ```swift
/// let outcome = await router.route(url, origin: .customScheme)
/// if let confirmation = outcome.confirmation {
///     let accepted = await ui.ask("Delete your account?")
///     _ = accepted ? await confirmation.confirm() : await confirmation.cancel()
/// }
/// ```
///
/// It is a held link's continuation: single-shot (a second call runs nothing, and reports
/// `DispatchError.Code.continuedTwice`), and one released without a call reports
/// `DispatchError.Code.continuationDropped` to ``Router/deferredOutcomes``, so no link vanishes. What a call does
/// also goes to ``Router/deferredOutcomes``.
public final class Confirmation: Sendable {
    private let next: FilterContinuation
    private let decision: Locked<Bool?>
    /// The request that waits.
    public let request: RouteRequest

    init(next: FilterContinuation, decision: Locked<Bool?>, request: RouteRequest) {
        self.next = next
        self.decision = decision
        self.request = request
    }

    /// Runs the route's handler, as the link would have without confirmation.
    /// - Returns: what the handler did; a failed outcome with `DispatchError.Code.continuedTwice` after another call.
    public func confirm() async -> RouteOutcome {
        await decide(true)
    }

    /// Runs nothing: the outcome is `RouteOutcome.Status.cancelled`.
    /// - Returns: the cancelled outcome; a failed outcome with `DispatchError.Code.continuedTwice` after another call.
    public func cancel() async -> RouteOutcome {
        await decide(false)
    }

    /// The first call decides; every call goes through the continuation, which runs once and reports the others.
    private func decide(_ confirmed: Bool) async -> RouteOutcome {
        decision.withLock { decision in
            if decision == nil { decision = confirmed }
        }
        return await next(request)
    }

    /// The step that waits for confirmation before `handlers` run: it returns an outcome that carries a
    /// ``Confirmation``, and what the confirmation does is reported as a held link's outcome is.
    static func waiting(
        then handlers: @escaping @Sendable (RouteRequest) async -> RouteOutcome,
        report: @escaping @Sendable (RouteOutcome) -> Void
    ) -> @Sendable (RouteRequest) async -> RouteOutcome {
        { request in
            let decision = Locked<Bool?>(nil)
            let next = FilterContinuation(
                request: request,
                proceed: { request in
                    decision.withLock { $0 } == true
                        ? await handlers(request) : RouteOutcome(.cancelled, request: request)
                },
                // Nothing redirects from here: the filters have run.
                redirect: { _, request in RouteOutcome(.cancelled, request: request) },
                report: report)
            next.markHeld()
            let confirmation = Confirmation(next: next, decision: decision, request: request)
            return RouteOutcome(.awaitingConfirmation, request: request, confirmation: confirmation)
        }
    }
}
