import Foundation
import Logging
import Switchyard
import SwitchyardLinkStore

/// Records on their way to the store (clicks, claims' events): kept in memory on the response path, and written as
/// one batch every `window`, off that path.
///
/// A record may be lost only while it waits: a crash loses at most those of the last `window` (and of a write under
/// way). A batch is written once: it has an id (``BatchID``: this recorder as the writer, and the batch's number)
/// that the store keeps with its rows, in one transaction. When a write fails, the batch is kept whole, under its id,
/// and written again before anything that came since; if the failed write had in fact committed (its reply lost, or
/// its deadline passed while it ran on), the store finds the id and writes nothing more. At most `capacity` entries
/// wait, the batch on its way included; records beyond them are dropped and counted, so that an unreachable store
/// cannot exhaust memory.
///
/// A batch holds at most `batchLimit` entries. After the store was slow or away, what waited is written in batches
/// one after another: a write's time grows with its rows, and one batch of all of it could outlast the store's
/// deadline each time it was tried, while more records waited behind it.
final class BatchRecorder<Waiting: WaitingRecords>: Sendable {
    /// How long a record waits before it is written.
    let window: Duration
    /// The most entries that wait, the batch on its way included.
    let capacity: Int
    /// The most entries a batch holds.
    let batchLimit: Int
    /// What the records are, for the log: `clicks`, `claims' events`.
    private let what: String
    private let write: @Sendable (Waiting, BatchID) async throws -> Void
    private let logger: Logger
    private let metrics: (SiteMetrics, SiteMetrics.Batch)?
    private let clock = ContinuousClock()
    private let state = Locked(State())
    /// This recorder as the store knows it: the writer of its batches.
    private let writer = UUID().uuidString

    /// Records taken from those that wait, to be written under one id.
    private struct Batch: Sendable {
        let records: Waiting
        let id: BatchID
        /// When its oldest record arrived: the batch's lag starts there.
        let oldest: ContinuousClock.Instant
    }

    private struct State: Sendable {
        var waiting = Waiting()
        /// When the oldest record that waits arrived.
        var oldest: ContinuousClock.Instant?
        /// The batch being written, or that the store did not take and that is written again before `waiting`.
        var unwritten: Batch?
        /// The number of the next batch.
        var nextNumber: Int64 = 1
        var dropped = 0
        var written = 0
    }

    /// A recorder of `what` that hands each batch to `write`, with the batch's id: `write` is called again with the
    /// same id when it failed, and must then write the batch only if its first call did not.
    init(
        _ what: String, window: Duration, capacity: Int, batchLimit: Int = 10_000, logger: Logger,
        metrics: (SiteMetrics, SiteMetrics.Batch)? = nil,
        write: @escaping @Sendable (Waiting, BatchID) async throws -> Void
    ) {
        self.what = what
        self.window = window
        self.capacity = capacity
        self.batchLimit = max(1, batchLimit)
        self.logger = logger
        self.metrics = metrics
        self.write = write
    }

    /// Records `record`, to be written with the next batch; dropped and counted when `capacity` entries wait.
    func record(_ record: Waiting.Record) {
        let now = clock.now
        let dropped = state.withLock { state in
            let room = capacity - (state.unwritten?.records.entryCount ?? 0)
            guard state.waiting.add(record, capacity: room) else {
                state.dropped += 1
                return true
            }
            if state.oldest == nil { state.oldest = now }
            return false
        }
        if dropped, let (metrics, batch) = metrics { metrics.batchDropped(batch, records: 1) }
    }

    /// Writes what waits: first a batch the store did not take before, alone, then, once that is written, the
    /// records that came since, in batches of at most `batchLimit` entries, oldest first, until a batch leaves
    /// nothing behind it. A batch that fails waits for the next flush.
    func flush() async {
        if let unwritten = state.withLock({ $0.unwritten }) {
            guard await write(unwritten) else { return }
        }
        while let (batch, more) = nextBatch() {
            guard await write(batch), more else { return }
        }
    }

    /// The oldest `batchLimit` entries that wait, as the batch to write, and whether entries wait behind them.
    private func nextBatch() -> (Batch, more: Bool)? {
        state.withLock { state in
            guard state.unwritten == nil, !state.waiting.isEmpty else { return nil }
            let id = BatchID(writer: writer, number: state.nextNumber)
            let records = state.waiting.removeFirst(batchLimit)
            let batch = Batch(records: records, id: id, oldest: state.oldest ?? clock.now)
            state.nextNumber += 1
            // What is left is newer than the batch, but when it arrived is not kept: its lag counts from the
            // batch's oldest, which overstates it by at most the time the batch took to arrive.
            if state.waiting.isEmpty { state.oldest = nil }
            state.unwritten = batch
            return (batch, !state.waiting.isEmpty)
        }
    }

    /// Writes `batch`; `false` when the store did not take it (it then stays the batch to write first).
    @discardableResult
    private func write(_ batch: Batch) async -> Bool {
        let started = clock.now
        do {
            // The write runs in a task of its own, which cancelling the recorder (the site's stop) does not reach:
            // the stop's last flush runs in the cancelled task, and its batch must still be written. The store's
            // deadline bounds it.
            try await Task { [write] in try await write(batch.records, batch.id) }.value
        } catch {
            logger.warning("\(batch.records.recordCount) \(what) wait for the store: \(error)")
            if let (metrics, kind) = metrics {
                metrics.storeCall(kind.write, duration: clock.now - started, failed: true)
            }
            return false
        }
        let first = state.withLock { state in
            // Two flushes at once may both write a batch the store did not take; its records count once.
            guard state.unwritten?.id == batch.id else { return false }
            state.unwritten = nil
            state.written += batch.records.recordCount
            return true
        }
        if first, let (metrics, kind) = metrics {
            metrics.storeCall(kind.write, duration: clock.now - started, failed: false)
            metrics.batchWritten(kind, records: batch.records.recordCount, lag: clock.now - batch.oldest)
        }
        return true
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

    /// Records written, waiting (the batch on its way included), and dropped since the start.
    var counts: (written: Int, waiting: Int, dropped: Int) {
        state.withLock { ($0.written, $0.waiting.recordCount + ($0.unwritten?.records.recordCount ?? 0), $0.dropped) }
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
    /// The entries held: what `capacity` bounds.
    var entryCount: Int { get }
    /// Removes `count` entries (all when fewer wait), the oldest where entries have an age, and returns them.
    mutating func removeFirst(_ count: Int) -> Self
    /// Adds `record` unless it needs an entry beyond `capacity`; `false` when it was not added.
    mutating func add(_ record: Record, capacity: Int) -> Bool
}
