import Switchyard

/// The deadlines of a store's calls in flight, watched by one task for all of them.
///
/// A call waits for its deadline in ``wait(until:)`` beside its work, and stops waiting when the work ends first
/// (the wait's task is cancelled). A wait is an entry in a table, not a timer of its own: `Task.sleep` for each
/// statement made libdispatch start a timer and wake its timer thread at every statement, which a campaign's reads
/// paid at each one (`Benchmarks/README.md`, "Campaign"). One watcher task runs while anything waits. It wakes at
/// the earliest deadline it knows, and at least every ``slice``, so that a wait that comes later with an earlier
/// deadline (a readiness check beside a migration) ends at most a slice after its deadline.
final class DeadlineWatch: Sendable {
    /// The longest the watcher sleeps while anything waits.
    static let slice = Duration.milliseconds(100)

    private typealias Waiter = CheckedContinuation<Bool, Never>

    private enum Phase {
        /// Entered, its continuation not yet kept.
        case coming
        case waiting(Waiter)
        /// Its deadline passed (`true`) or its task was cancelled (`false`) while it was coming: the wait ends with
        /// this as soon as it would keep its continuation.
        case ended(Bool)
    }

    private struct Entry {
        let until: ContinuousClock.Instant
        var phase: Phase
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var nextID: UInt64 = 0
        var isWatching = false
    }

    private let state = Locked(State())
    private let clock = ContinuousClock()

    /// Waits until `until`.
    /// - Returns: `true` when the deadline passed, `false` when the calling task was cancelled first (at once if it
    ///   already was).
    func wait(until: ContinuousClock.Instant) async -> Bool {
        let (id, startsWatcher) = state.withLock { state in
            state.nextID += 1
            state.entries[state.nextID] = Entry(until: until, phase: .coming)
            defer { state.isWatching = true }
            return (state.nextID, !state.isWatching)
        }
        if startsWatcher { Task { await self.watch() } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                let ended = state.withLock { state -> Bool? in
                    guard case .ended(let passed) = state.entries[id]?.phase else {
                        state.entries[id]?.phase = .waiting(continuation)
                        return nil
                    }
                    state.entries[id] = nil
                    return passed
                }
                if let ended { continuation.resume(returning: ended) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> Waiter? in
                switch state.entries[id]?.phase {
                case .coming:
                    state.entries[id]?.phase = .ended(false)
                    return nil
                case .waiting(let continuation):
                    state.entries[id] = nil
                    return continuation
                case .ended, nil:
                    return nil
                }
            }
            continuation?.resume(returning: false)
        }
    }

    /// The waits not yet ended, for tests.
    var waiting: Int {
        state.withLock { state in state.entries.values.count { if case .ended = $0.phase { false } else { true } } }
    }

    /// Whether a watcher task runs, for tests: one runs exactly while something waits.
    var isWatching: Bool { state.withLock { $0.isWatching } }

    /// Ends the waits whose deadline passed, then sleeps until the next one, or for a slice; returns when nothing
    /// waits (a wait that comes then starts another watcher).
    private func watch() async {
        while true {
            let now = clock.now
            let (passed, next) = state.withLock { state -> ([Waiter], ContinuousClock.Instant?) in
                var passed: [Waiter] = []
                var next: ContinuousClock.Instant?
                for (id, entry) in state.entries {
                    switch entry.phase {
                    case .ended:
                        continue
                    case .coming where entry.until <= now:
                        state.entries[id]?.phase = .ended(true)
                    case .waiting(let continuation) where entry.until <= now:
                        state.entries[id] = nil
                        passed.append(continuation)
                    case .coming, .waiting:
                        next = min(next ?? entry.until, entry.until)
                    }
                }
                if next == nil { state.isWatching = false }
                return (passed, next)
            }
            for continuation in passed { continuation.resume(returning: true) }
            guard let next else { return }
            try? await Task.sleep(until: min(next, now + Self.slice), clock: clock)
        }
    }
}
