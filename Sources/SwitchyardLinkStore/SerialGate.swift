import Switchyard

/// Lets through, in the order they came, any number of shared passes at once, or one exclusive pass alone; a task
/// cancelled while it waits leaves the line at once with `CancellationError`.
///
/// The store's SQLite connection is one connection. A statement on its own is atomic, and sqlite-nio runs them one
/// at a time, so single statements share the gate. A transaction's statements must not have another caller's
/// statement between them (it would run inside the transaction, or find one open and fail), so a transaction passes
/// alone. A shared pass waits behind an exclusive one that came first, so that a transaction is never starved.
final class SerialGate: Sendable {
    private struct Waiter {
        let id: UInt64
        let isExclusive: Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var sharedHolders = 0
        var isHeldExclusively = false
        var waiting: [Waiter] = []
        /// Waiters given a number that are not in line yet, and those of them cancelled meanwhile: these must not
        /// join it. (A waiter cancelled after it was let through is in neither, and nothing is kept of it.)
        var coming: Set<UInt64> = []
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0

        /// Whether a pass of this kind may go ahead now, with nobody waiting before it.
        func admits(exclusive: Bool) -> Bool {
            waiting.isEmpty && !isHeldExclusively && (!exclusive || sharedHolders == 0)
        }

        mutating func take(exclusive: Bool) {
            if exclusive { isHeldExclusively = true } else { sharedHolders += 1 }
        }
    }

    private let state = Locked(State())

    /// Runs `body` beside other shared passes, after every exclusive pass that came before.
    func pass<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await enter(exclusive: false)
        defer { leave(exclusive: false) }
        return try await body()
    }

    /// Runs `body` alone, after every pass that came before.
    func passAlone<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await enter(exclusive: true)
        defer { leave(exclusive: true) }
        return try await body()
    }

    private func enter(exclusive: Bool) async throws {
        let id: UInt64? = state.withLock { state in
            guard !state.admits(exclusive: exclusive) else {
                state.take(exclusive: exclusive)
                return nil
            }
            state.nextID += 1
            state.coming.insert(state.nextID)
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (wasCancelled, admitted) = state.withLock { state in
                    state.coming.remove(id)
                    if state.cancelled.remove(id) != nil { return (true, [Waiter]()) }
                    state.waiting.append(Waiter(id: id, isExclusive: exclusive, continuation: continuation))
                    // The passes ahead may have left between the look above and this one, admitting nobody: the
                    // line moves now, or it would wait for a leave that already happened.
                    return (false, Self.admitWaiting(&state))
                }
                if wasCancelled { continuation.resume(throwing: CancellationError()) }
                for next in admitted { next.continuation.resume() }
            }
        } onCancel: {
            let (waiter, admitted) = state.withLock { state in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else {
                    if state.coming.contains(id) { state.cancelled.insert(id) }
                    return (Waiter?.none, [Waiter]())
                }
                let waiter = state.waiting.remove(at: index)
                // The waiter may have held back shared passes behind it.
                return (waiter, Self.admitWaiting(&state))
            }
            waiter?.continuation.resume(throwing: CancellationError())
            for next in admitted { next.continuation.resume() }
        }
    }

    private func leave(exclusive: Bool) {
        let admitted = state.withLock { state in
            if exclusive { state.isHeldExclusively = false } else { state.sharedHolders -= 1 }
            return Self.admitWaiting(&state)
        }
        for next in admitted { next.continuation.resume() }
    }

    /// Takes out of line, in order, the waiters that may go ahead now: one exclusive pass, or the shared passes up to
    /// the next exclusive one.
    private static func admitWaiting(_ state: inout State) -> [Waiter] {
        var admitted: [Waiter] = []
        while let first = state.waiting.first, !state.isHeldExclusively,
            !first.isExclusive || state.sharedHolders == 0
        {
            state.waiting.removeFirst()
            state.take(exclusive: first.isExclusive)
            admitted.append(first)
            if first.isExclusive { break }
        }
        return admitted
    }
}
