/// A filter that holds links while the app is not ready (a cold start, a logged-out user) and replays them,
/// in order, once it is.
///
/// ```swift
/// let gate = HeldLinksFilter()
/// router.addFilter(gate)
/// await router.route("myapp://orders/7")   // .held: nothing runs yet
/// // … after sign-in:
/// let outcomes = await gate.markReady()    // the held link runs now
/// ```
///
/// The outcomes of replayed links are returned by ``markReady()`` and also go to the router's
/// ``Router/deferredOutcomes``.
public final class HeldLinksFilter: RouteFilter {
    private enum Readiness {
        /// Links are held.
        case notReady
        /// ``markReady()`` is replaying the held links; new ones queue behind them.
        case replaying
        /// Links pass.
        case ready
    }

    private struct State {
        var readiness: Readiness
        var held: [(request: RouteRequest, next: FilterContinuation)] = []
        /// Set by ``markNotReady()`` while a replay runs: the replay stops after the link it is running.
        var isRevoked = false
        /// Callers of ``markReady()`` that wait for the replay under way to finish.
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Locked<State>

    /// Creates the filter; links are held until ``markReady()`` unless `isReady` is `true`.
    public init(isReady: Bool = false) {
        state = Locked(State(readiness: isReady ? .ready : .notReady))
    }

    /// Whether links pass through now.
    public var isReady: Bool { state.withLock { $0.readiness == .ready } }

    /// How many links are held.
    public var heldCount: Int { state.withLock { $0.held.count } }

    /// Holds `request` while the app is not ready, or while held links are replayed; otherwise continues at once.
    public func filter(_ request: RouteRequest, next: FilterContinuation) async -> RouteOutcome {
        let holds = state.withLock { state in
            if state.readiness == .ready { return false }
            state.held.append((request, next))
            return true
        }
        return holds ? .held(request) : await next(request)
    }

    /// Replays the held links one at a time, in the order they arrived, then lets links pass. A link that arrives
    /// while the replay runs waits its turn behind the held ones.
    ///
    /// Each held link runs once, and no two overlap, however many tasks signal readiness at once (a launch and a
    /// sign-in finishing together): a call made while a replay runs waits for it to finish, and returns no
    /// outcomes of its own. ``markNotReady()`` during a replay stops it after the link under way; the rest stay
    /// held.
    ///
    /// - Returns: the outcomes of the links this call replayed, in order (they also go to the router's
    ///   ``Router/deferredOutcomes``).
    @discardableResult
    public func markReady() async -> [RouteOutcome] {
        enum Start { case replay, wait, done }
        let start = state.withLock { state -> Start in
            switch state.readiness {
            case .ready: return .done
            case .replaying: return .wait
            case .notReady:
                state.readiness = .replaying
                state.isRevoked = false
                return .replay
            }
        }
        switch start {
        case .done: return []
        case .wait:
            await withCheckedContinuation { waiter in
                let isOver = state.withLock { state in
                    if state.readiness == .replaying { state.waiters.append(waiter) }
                    return state.readiness != .replaying
                }
                if isOver { waiter.resume() }
            }
            return []
        case .replay:
            var outcomes: [RouteOutcome] = []
            while let (request, next) = nextHeld() {
                outcomes.append(await next(request))
            }
            return outcomes
        }
    }

    /// Holds links again from now on (the user logged out). A replay under way stops after the link it runs.
    public func markNotReady() {
        state.withLock { state in
            if state.readiness == .replaying { state.isRevoked = true } else { state.readiness = .notReady }
        }
    }

    /// Forgets the held links without running them, for links that no longer apply (a different user signed in).
    ///
    /// Each discarded link is reported to the router's ``Router/deferredOutcomes`` as a failed outcome with
    /// `DispatchError.Code.continuationDropped`, so none vanishes silently. A held link keeps its router alive
    /// until it is replayed or discarded.
    /// - Returns: how many links were discarded.
    @discardableResult
    public func discardHeld() -> Int {
        let discarded = state.withLock { state in
            defer { state.held.removeAll() }
            return state.held
        }
        return discarded.count
    }

    /// The next held link to replay; `nil` when the replay is over: then links pass (or, after
    /// ``markNotReady()``, are held again) and the callers waiting for the replay go on.
    private func nextHeld() -> (RouteRequest, FilterContinuation)? {
        let (next, waiters) = state.withLock {
            state -> ((RouteRequest, FilterContinuation)?, [CheckedContinuation<Void, Never>]) in
            if !state.isRevoked, !state.held.isEmpty {
                let first = state.held.removeFirst()
                return ((first.request, first.next), [])
            }
            state.readiness = state.isRevoked ? .notReady : .ready
            defer { state.waiters = [] }
            return (nil, state.waiters)
        }
        for waiter in waiters { waiter.resume() }
        return next
    }
}
