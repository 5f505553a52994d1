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
/// The outcomes of replayed links are returned by ``markReady()`` and also go to the router's observer.
public final class HeldLinksFilter: RouteFilter {
    private struct State {
        var isReady: Bool
        var held: [(request: RouteRequest, next: FilterContinuation)] = []
    }

    private let state: Locked<State>

    /// Creates the filter; links are held until ``markReady()`` unless `isReady` is `true`.
    public init(isReady: Bool = false) {
        state = Locked(State(isReady: isReady))
    }

    /// Whether links pass through now.
    public var isReady: Bool { state.withLock { $0.isReady } }

    /// How many links are held.
    public var heldCount: Int { state.withLock { $0.held.count } }

    /// Holds `request` while the app is not ready; otherwise continues at once.
    public func filter(_ request: RouteRequest, next: FilterContinuation) async -> RouteOutcome {
        let holds = state.withLock { state in
            if state.isReady { return false }
            state.held.append((request, next))
            return true
        }
        return holds ? .held(request) : await next(request)
    }

    /// Replays the held links in the order they arrived, then lets links pass. A link that arrives while the
    /// replay runs waits its turn behind the held ones.
    /// - Returns: the outcomes of the replayed links, in order.
    @discardableResult
    public func markReady() async -> [RouteOutcome] {
        var outcomes: [RouteOutcome] = []
        while let (request, next) = nextHeld() {
            outcomes.append(await next(request))
        }
        return outcomes
    }

    /// Holds links again from now on (the user logged out).
    public func markNotReady() {
        state.withLock { $0.isReady = false }
    }

    /// Forgets the held links without running them, for links that no longer apply (a different user signed in).
    ///
    /// Each discarded link is reported to the router's observer as a failed outcome with
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

    private func nextHeld() -> (RouteRequest, FilterContinuation)? {
        state.withLock { state in
            guard !state.held.isEmpty else {
                state.isReady = true
                return nil
            }
            let first = state.held.removeFirst()
            return (first.request, first.next)
        }
    }
}
