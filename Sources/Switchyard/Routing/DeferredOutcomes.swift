/// The outcomes that complete after ``Router/route(_:context:)-(String,_)`` returned: held links continued or
/// replayed later, and reports of continuations called twice or dropped. Any number of tasks may iterate it; each
/// receives every outcome that completes while it iterates.
///
/// ```swift
/// Task {
///     for await outcome in router.deferredOutcomes {
///         if outcome.status == .failed { log.error("a held link failed: \(outcome)") }
///     }
/// }
/// ```
///
/// While nobody iterates and no observer is set, outcomes are kept, at most
/// ``Router/deferredOutcomeBufferLimit`` (the oldest go first, counted by
/// ``Router/droppedDeferredOutcomeCount``), and the first to iterate or observe receives them: an app that sets up
/// its observers late in a cold start misses nothing.
public struct DeferredOutcomes: AsyncSequence, Sendable {
    /// Each element is an outcome.
    public typealias Element = RouteOutcome

    let hub: DeferredOutcomeHub

    /// Starts receiving outcomes: from now on, and those kept while nobody received them.
    public func makeAsyncIterator() -> AsyncStream<RouteOutcome>.Iterator {
        hub.subscribe().makeAsyncIterator()
    }
}

/// Ends an observer's deliveries, set with ``Router/observeDeferredOutcomes(_:)``.
public final class DeferredOutcomeObservation: Sendable {
    private let end: @Sendable () -> Void

    init(end: @escaping @Sendable () -> Void) { self.end = end }

    /// Stops the deliveries; the observer is not called after `cancel()` returns, but for a call already under way.
    public func cancel() { end() }
}

/// Where deferred outcomes go: the subscribers and observers that exist when each one completes, or a bounded
/// buffer while there are none. Continuations reach it through their report closure, not through the router, so a
/// held link does not keep the router's state alive and an observer set after the link was held still hears of it.
final class DeferredOutcomeHub: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<RouteOutcome>.Continuation] = [:]
        var observers: [Int: @Sendable (RouteOutcome) -> Void] = [:]
        var nextID = 0
        /// Outcomes that completed while there was nobody, oldest first.
        var buffer: [RouteOutcome] = []
        var dropped = 0

        var isEmpty: Bool { subscribers.isEmpty && observers.isEmpty }

        /// An id for a new subscriber or observer, and the outcomes kept for it when it is the first.
        mutating func admit() -> (id: Int, kept: [RouteOutcome]) {
            defer { nextID += 1 }
            guard isEmpty else { return (nextID, []) }
            defer { buffer = [] }
            return (nextID, buffer)
        }
    }

    private let state = Locked(State())
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// How many outcomes were dropped: from the buffer while nobody received them, or by a subscriber too slow to
    /// take ``limit`` of them.
    var droppedCount: Int { state.withLock { $0.dropped } }

    func deliver(_ outcome: RouteOutcome) {
        // Subscribers are fed under the lock, so that every one sees the outcomes in the same order; observers run
        // outside it, since they are the caller's code.
        let observers = state.withLock { state -> [@Sendable (RouteOutcome) -> Void] in
            if state.isEmpty {
                if state.buffer.count == limit {
                    state.buffer.removeFirst()
                    state.dropped += 1
                }
                state.buffer.append(outcome)
                return []
            }
            for subscriber in state.subscribers.values {
                if case .dropped = subscriber.yield(outcome) { state.dropped += 1 }
            }
            return Array(state.observers.values)
        }
        for observer in observers { observer(outcome) }
    }

    func subscribe() -> AsyncStream<RouteOutcome> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: RouteOutcome.self, bufferingPolicy: .bufferingNewest(limit))
        let id = state.withLock { state in
            let (id, kept) = state.admit()
            for outcome in kept { continuation.yield(outcome) }
            state.subscribers[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    func observe(_ observer: @escaping @Sendable (RouteOutcome) -> Void) -> DeferredOutcomeObservation {
        let (id, kept) = state.withLock { state in
            let admitted = state.admit()
            state.observers[admitted.id] = observer
            return admitted
        }
        for outcome in kept { observer(outcome) }
        return DeferredOutcomeObservation { [weak self] in
            self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
        }
    }
}
