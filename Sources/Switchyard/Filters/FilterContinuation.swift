/// The rest of a filter chain: call it once to continue, or ask it to redirect.
///
/// Continuing is single-shot: a second call runs nothing and returns (and reports) a failed outcome with
/// `DispatchError.Code.continuedTwice`. A continuation that a filter held and then released without calling
/// reports `DispatchError.Code.continuationDropped` to the router's ``Router/deferredOutcomes``, so no held link
/// vanishes.
///
/// Until it is called, a continuation keeps its router alive (a held link must be able to run); once called, it
/// lets go of the router, so a filter that keeps a used continuation makes no reference cycle.
public final class FilterContinuation: Sendable {
    private struct Steps: Sendable {
        let proceed: @Sendable (RouteRequest) async -> RouteOutcome
        let redirect: @Sendable (String, RouteRequest) async -> RouteOutcome
    }

    private struct State {
        /// The rest of the chain; `nil` once the continuation was called.
        var steps: Steps?
        var isHeld = false
        /// An outcome that finished before the filter said it holds the request, to report once it does.
        var unreportedOutcome: RouteOutcome?
    }

    private let state: Locked<State>
    private let report: @Sendable (RouteOutcome) -> Void
    private let request: RouteRequest

    init(
        request: RouteRequest, proceed: @escaping @Sendable (RouteRequest) async -> RouteOutcome,
        redirect: @escaping @Sendable (String, RouteRequest) async -> RouteOutcome,
        report: @escaping @Sendable (RouteOutcome) -> Void
    ) {
        self.request = request
        self.state = Locked(State(steps: Steps(proceed: proceed, redirect: redirect)))
        self.report = report
    }

    deinit {
        let dropped = state.withLock { $0.isHeld && $0.steps != nil }
        if dropped {
            report(
                RouteOutcome(
                    .failed, request: nil,
                    error: DispatchError(code: .continuationDropped, inputs: [request.link.input])))
        }
    }

    /// Continues the chain with `request` (changed or not) and returns what the rest of it did.
    public func callAsFunction(_ request: RouteRequest) async -> RouteOutcome {
        await run(request) { steps, request in await steps.proceed(request) }
    }

    /// Routes `input` instead, through the whole filter chain again, with the request's context.
    ///
    /// Redirects are cut after ``Router/maxRedirects`` hops with a failed outcome whose error is a
    /// ``DispatchError`` with the code `DispatchError.Code.redirectLoop`, listing the inputs in order.
    public func redirect(to input: String) async -> RouteOutcome {
        await run(request) { steps, request in await steps.redirect(input, request) }
    }

    private func run(
        _ request: RouteRequest, _ body: (Steps, RouteRequest) async -> RouteOutcome
    ) async -> RouteOutcome {
        let steps = state.withLock { state in
            defer { state.steps = nil }
            return state.steps
        }
        guard let steps else {
            let outcome = RouteOutcome(
                .failed, request: request, error: DispatchError(code: .continuedTwice, inputs: [request.link.input]))
            report(outcome)
            return outcome
        }
        let outcome = await body(steps, request)
        // An outcome that is itself `held` is no completion: the filter holding it reports the outcome to come.
        guard outcome.status != .held else { return outcome }
        let isHeld = state.withLock { state in
            if !state.isHeld { state.unreportedOutcome = outcome }
            return state.isHeld
        }
        if isHeld { report(outcome) }
        return outcome
    }

    /// Marks the request as held: from now on, what the continuation does goes to the deferred outcomes.
    func markHeld() {
        let finished = state.withLock { state in
            state.isHeld = true
            defer { state.unreportedOutcome = nil }
            return state.unreportedOutcome
        }
        if let finished { report(finished) }
    }
}
