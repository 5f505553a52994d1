import Switchyard

/// The end of a race between a store's call and its deadline: the first to end it decides, and the others are
/// ignored.
final class FirstEnd<Value: Sendable>: Sendable {
    private enum State {
        case running
        case waiting(CheckedContinuation<Value, any Error>)
        case ended(Result<Value, any Error>)
    }

    private let state = Locked(State.running)

    /// Ends the race with `result`, unless it has ended.
    func end(with result: Result<Value, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            switch state {
            case .running:
                state = .ended(result)
                return nil
            case .waiting(let continuation):
                state = .ended(result)
                return continuation
            case .ended:
                return nil
            }
        }
        waiter?.resume(with: result)
    }

    /// The result the race ended with, once it has.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ended = state.withLock { state -> Result<Value, any Error>? in
                if case .ended(let result) = state { return result }
                state = .waiting(continuation)
                return nil
            }
            if let ended { continuation.resume(with: ended) }
        }
    }
}
