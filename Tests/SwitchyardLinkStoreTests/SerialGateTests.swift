import Foundation
import Synchronization
import Testing

@testable import SwitchyardLinkStore

/// A one-shot signal a task can wait for.
private final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() { (stream, continuation) = AsyncStream.makeStream() }

    func fire() { continuation.finish() }
    func wait() async { for await _ in stream {} }
}

/// What happened, in order, from any task.
private actor Events {
    private(set) var all: [String] = []
    func append(_ event: String) { all.append(event) }
}

/// The gate of SQLite's one connection: single statements side by side, a transaction alone, in the order they came.
@Suite struct SerialGateTests {
    @Test(.timeLimit(.minutes(1)))
    func sharedPassesRunSideBySide() async throws {
        // Each waits for the other inside the gate: they finish only if both are in at once.
        let gate = SerialGate()
        let (first, second) = (Signal(), Signal())
        async let a: Void = gate.pass {
            first.fire()
            await second.wait()
        }
        async let b: Void = gate.pass {
            second.fire()
            await first.wait()
        }
        _ = try await (a, b)
    }

    @Test(.timeLimit(.minutes(1)))
    func anExclusivePassRunsAloneAndThoseAfterItWait() async throws {
        let gate = SerialGate()
        let events = Events()
        let (entered, release) = (Signal(), Signal())
        let transaction = Task {
            try await gate.passAlone {
                await events.append("transaction begins")
                entered.fire()
                await release.wait()
                await events.append("transaction ends")
            }
        }
        await entered.wait()
        let statement = Task { try await gate.pass { await events.append("statement") } }
        // Time for a broken gate to let the statement in; a working one holds it however long this is.
        try await Task.sleep(for: .milliseconds(200))
        release.fire()
        try await transaction.value
        try await statement.value
        #expect(await events.all == ["transaction begins", "transaction ends", "statement"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaiterCancelledLeavesTheLineAndTheGateGoesOn() async throws {
        let gate = SerialGate()
        let (entered, release) = (Signal(), Signal())
        let holder = Task {
            try await gate.passAlone {
                entered.fire()
                await release.wait()
            }
        }
        await entered.wait()
        let waiter = Task { try await gate.passAlone { "ran" } }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        release.fire()
        try await holder.value
        #expect(try await gate.pass { "after" } == "after")
        #expect(try await gate.passAlone { "alone after" } == "alone after")
    }

    /// Who is inside the gate, checked by each pass as it enters.
    private final class Inside: Sendable {
        private let counts = Mutex((shared: 0, exclusive: 0, overlaps: 0))
        func enter(exclusive: Bool) {
            counts.withLock { counts in
                if counts.exclusive > 0 || (exclusive && counts.shared > 0) { counts.overlaps += 1 }
                if exclusive { counts.exclusive += 1 } else { counts.shared += 1 }
            }
        }
        func leave(exclusive: Bool) {
            counts.withLock { counts in
                if exclusive { counts.exclusive -= 1 } else { counts.shared -= 1 }
            }
        }
        var overlaps: Int { counts.withLock { $0.overlaps } }
    }

    @Test(.timeLimit(.minutes(1)))
    func manyPassesAtOnceAllGoThroughAndNeverOverlapATransaction() async throws {
        // Passes that come while others leave: a pass that read the gate as busy must still be let in when the
        // holders left before it joined the line (it once waited for a leave that had already happened).
        let gate = SerialGate()
        let inside = Inside()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let kinds = (0..<24).map { _ in Bool.random(using: &generator) }
            let cancelled = Int.random(in: 0..<24, using: &generator)
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for (index, exclusive) in kinds.enumerated() {
                    let task = Task {
                        let body = {
                            inside.enter(exclusive: exclusive)
                            await Task.yield()
                            inside.leave(exclusive: exclusive)
                        }
                        if exclusive { try await gate.passAlone(body) } else { try await gate.pass(body) }
                    }
                    if index == cancelled { task.cancel() }
                    group.addTask {
                        do {
                            // The time limit cancels the test: a pass stuck in line then ends it, rather than hangs.
                            try await withTaskCancellationHandler {
                                try await task.value
                            } onCancel: {
                                task.cancel()
                            }
                            return true
                        } catch is CancellationError {
                            return index == cancelled
                        }
                    }
                }
                for try await ended in group { #expect(ended, "only the cancelled pass may end cancelled") }
            }
        }
        #expect(inside.overlaps == 0)
        #expect(try await gate.passAlone { "the gate is free after" } == "the gate is free after")
    }
}
