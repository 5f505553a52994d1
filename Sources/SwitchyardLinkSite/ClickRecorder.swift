import Logging
import Switchyard
import SwitchyardLinkStore

/// Clicks on their way to the store: recorded in memory on the response path, written in one statement a batch
/// every `window`, off that path.
///
/// A click may be lost only while it waits: a crash loses at most the clicks of the last `window` (and of a write
/// under way). When the store cannot take a batch, its clicks wait for the next one; at most `capacity` clicks
/// wait, and the ones beyond are dropped and counted, so that an unreachable store cannot exhaust memory.
final class ClickRecorder: BatchedRecorder {
    let window: Duration
    let capacity: Int
    private let store: LinkStore
    private let logger: Logger
    private let state = Locked(State())

    private struct State {
        var waiting: [Click] = []
        var dropped = 0
        var written = 0
    }

    init(store: LinkStore, window: Duration = .seconds(1), capacity: Int = 100_000, logger: Logger) {
        self.store = store
        self.window = window
        self.capacity = capacity
        self.logger = logger
    }

    /// Records `click`, to be written with the next batch.
    func record(_ click: Click) {
        state.withLock { state in
            if state.waiting.count < capacity {
                state.waiting.append(click)
            } else {
                state.dropped += 1
            }
        }
    }

    /// Writes the clicks that wait; on failure they wait for the next batch.
    func flush() async {
        let batch = state.withLock { state in
            defer { state.waiting.removeAll(keepingCapacity: true) }
            return state.waiting
        }
        guard !batch.isEmpty else { return }
        do {
            try await store.record(batch)
            state.withLock { $0.written += batch.count }
        } catch {
            logger.warning("\(batch.count) clicks wait for the store: \(error)")
            state.withLock { state in
                let room = max(capacity - state.waiting.count, 0)
                state.dropped += max(batch.count - room, 0)
                state.waiting.insert(contentsOf: batch.prefix(room), at: 0)
            }
        }
    }

    /// Clicks written, waiting, and dropped since the start.
    var counts: (written: Int, waiting: Int, dropped: Int) {
        state.withLock { ($0.written, $0.waiting.count, $0.dropped) }
    }
}

/// What waits in memory to be written in batches: clicks, and claims' events.
protocol BatchedRecorder: Sendable {
    /// How long a record waits before it is written.
    var window: Duration { get }
    /// Writes what waits; what the store cannot take waits for the next batch.
    func flush() async
}

extension BatchedRecorder {
    /// Writes a batch every `window` until cancelled, then writes what waits.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: window)
            await flush()
        }
        await flush()
    }
}
