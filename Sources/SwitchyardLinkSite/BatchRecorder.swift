import Logging
import Switchyard

/// Records on their way to the store (clicks, claims' events): kept in memory on the response path, and written in
/// one statement a batch every `window`, off that path.
///
/// A record may be lost only while it waits: a crash loses at most those of the last `window` (and of a write under
/// way). When the store cannot take a batch, it waits for the next one, before what came since; at most `capacity`
/// entries wait, and records beyond them are dropped and counted, so that an unreachable store cannot exhaust
/// memory.
final class BatchRecorder<Waiting: WaitingRecords>: Sendable {
    /// How long a record waits before it is written.
    let window: Duration
    /// The most entries that wait.
    let capacity: Int
    /// What the records are, for the log: `clicks`, `claims' events`.
    private let what: String
    private let write: @Sendable (Waiting) async throws -> Void
    private let logger: Logger
    private let metrics: (SiteMetrics, SiteMetrics.Batch)?
    private let clock = ContinuousClock()
    private let state = Locked(State())

    private struct State: Sendable {
        var waiting = Waiting()
        /// When the oldest record that waits arrived: a batch's lag starts there.
        var oldest: ContinuousClock.Instant?
        var dropped = 0
        var written = 0
    }

    /// A recorder of `what` that hands each batch to `write`.
    init(
        _ what: String, window: Duration, capacity: Int, logger: Logger,
        metrics: (SiteMetrics, SiteMetrics.Batch)? = nil, write: @escaping @Sendable (Waiting) async throws -> Void
    ) {
        self.what = what
        self.window = window
        self.capacity = capacity
        self.logger = logger
        self.metrics = metrics
        self.write = write
    }

    /// Records `record`, to be written with the next batch; dropped and counted when `capacity` entries wait.
    func record(_ record: Waiting.Record) {
        let now = clock.now
        let dropped = state.withLock { state in
            if state.oldest == nil { state.oldest = now }
            if !state.waiting.add(record, capacity: capacity) {
                state.dropped += 1
                return true
            }
            return false
        }
        if dropped, let (metrics, batch) = metrics { metrics.batchDropped(batch, records: 1) }
    }

    /// Writes what waits; on failure it waits for the next batch.
    func flush() async {
        let (batch, oldest) = state.withLock { state in
            defer {
                state.waiting = Waiting()
                state.oldest = nil
            }
            return (state.waiting, state.oldest)
        }
        guard !batch.isEmpty else { return }
        let started = clock.now
        do {
            // The write runs in a task of its own, which cancelling the recorder (the site's stop) does not reach:
            // a statement cut off half-way would lose the batch, or write it and then write it again. The store's
            // deadline bounds it.
            try await Task { [write] in try await write(batch) }.value
            state.withLock { $0.written += batch.recordCount }
            if let (metrics, kind) = metrics {
                metrics.storeCall(kind.write, duration: clock.now - started, failed: false)
                metrics.batchWritten(kind, records: batch.recordCount, lag: clock.now - (oldest ?? started))
            }
        } catch {
            logger.warning("\(batch.recordCount) \(what) wait for the store: \(error)")
            let dropped = state.withLock { state in
                // The batch goes back before what came since, so its oldest record is the oldest again.
                state.oldest = oldest ?? state.oldest
                let dropped = state.waiting.putBack(batch, capacity: capacity)
                state.dropped += dropped
                return dropped
            }
            if let (metrics, kind) = metrics {
                metrics.storeCall(kind.write, duration: clock.now - started, failed: true)
                if dropped > 0 { metrics.batchDropped(kind, records: dropped) }
            }
        }
    }

    /// Writes a batch every `window` until cancelled, then writes what waits, whole: the site's stop cancels this,
    /// and the records of the requests it finished are written before it returns.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: window)
            await flush()
        }
        await flush()
    }

    /// Records written, waiting, and dropped since the start.
    var counts: (written: Int, waiting: Int, dropped: Int) {
        state.withLock { ($0.written, $0.waiting.recordCount, $0.dropped) }
    }
}

/// What waits in a ``BatchRecorder``: records, kept as entries that hold memory (a click each, or a count a key).
protocol WaitingRecords: Sendable {
    associatedtype Record
    /// Nothing waiting.
    init()
    var isEmpty: Bool { get }
    /// The records held: what a batch written adds to the recorder's count.
    var recordCount: Int { get }
    /// Adds `record` unless it needs an entry beyond `capacity`; `false` when it was not added.
    mutating func add(_ record: Record, capacity: Int) -> Bool
    /// Puts back a batch the store did not take, before what came since, as far as `capacity` entries allow.
    /// - Returns: the records that did not fit.
    mutating func putBack(_ batch: Self, capacity: Int) -> Int
}
