import NIOConcurrencyHelpers

/// Lets one task at a time through, in the order they came; a task cancelled while it waits leaves the line at once
/// with `CancellationError`.
///
/// The store's SQLite connection is one connection: a transaction's statements must not have another caller's
/// statement between them (it would run inside the transaction, or find one open and fail), so every use of the
/// connection passes the gate.
final class SerialGate: Sendable {
    private struct State {
        var isHeld = false
        var waiting: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        /// Waiters cancelled before they were in line: they must not join it.
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state = NIOLockedValueBox(State())

    /// Runs `body` alone, after every task that came before.
    func pass<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async throws {
        let id: UInt64? = state.withLockedValue { state in
            guard state.isHeld else {
                state.isHeld = true
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let wasCancelled = state.withLockedValue { state in
                    if state.cancelled.remove(id) != nil { return true }
                    state.waiting.append((id, continuation))
                    return false
                }
                if wasCancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let waiter = state.withLockedValue { state in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return CheckedContinuation<Void, any Error>?.none
                }
                return state.waiting.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Hands the gate to the first in line, or opens it.
    private func leave() {
        let next = state.withLockedValue { state in
            guard !state.waiting.isEmpty else {
                state.isHeld = false
                return CheckedContinuation<Void, any Error>?.none
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume()
    }
}
