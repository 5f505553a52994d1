import Foundation
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
}
