import Foundation
import SQLKit

/// The name of a batch of records (clicks, claims' events) that the store writes once, however often it is asked.
///
/// A write can commit and still fail for its caller: the reply is lost with the connection, or the store's deadline
/// passes while the statement runs on. The caller cannot tell that from a write that did not commit, so it writes the
/// batch again, under the same id; the store finds the id and writes nothing more.
///
/// An id is a writer's and a number. A writer (one recorder of one process) writes its batches one after another,
/// each only once the one before is written, numbered up; so the store keeps only each writer's last batch, and a
/// busy site adds no row a batch.
package struct BatchID: Hashable, Sendable, CustomStringConvertible {
    /// The writer: a random UUID, as several site processes share a store.
    package let writer: String
    /// The batch's number among the writer's: each batch's greater than the one before.
    package let number: Int64

    /// The `number`th batch of `writer`.
    package init(writer: String, number: Int64) {
        self.writer = writer
        self.number = number
    }

    /// The one batch of a new writer: for a write that is never asked again.
    package init() {
        self.init(writer: UUID().uuidString, number: 0)
    }

    package var description: String { "\(writer)#\(number)" }
}

/// The last batch each writer wrote (`written_batches`), kept in the transaction of that batch's rows, so that the
/// row says which batch is in the store exactly when its rows are.
enum WrittenBatches {
    /// How long the store remembers a writer that writes nothing more (a process that stopped): a writer's row stays
    /// while it writes, so only a batch still unwritten after a week without a single write of its writer could be
    /// written twice.
    static let remembered: TimeInterval = 7 * 86_400

    /// Marks `batch` written, in the transaction that writes its rows, and forgets writers that wrote nothing for
    /// ``remembered`` before `now`.
    /// - Returns: `false` when the batch was written before: its rows are then already in the store.
    static func markWritten(_ batch: BatchID, at now: Date, on database: any SQLDatabase) async throws -> Bool {
        let written = StoredTime.milliseconds(now)
        // `RETURNING` answers a row only when the statement inserted or changed one, and the `WHERE` changes the row
        // only for another batch. PostgreSQL makes a transaction that writes the same writer's row wait for the one
        // that wrote it first, then checks the `WHERE` against what that one committed.
        let marked = try await database.raw(
            """
            INSERT INTO written_batches (writer, batch, written_at) \
            VALUES (\(bind: batch.writer), \(bind: batch.number), \(bind: written)) \
            ON CONFLICT (writer) DO UPDATE SET batch = excluded.batch, written_at = excluded.written_at \
            WHERE written_batches.batch <> excluded.batch RETURNING writer
            """
        ).first()
        guard marked != nil else { return false }
        let forgotten = written - Int64(remembered * 1_000)
        try await database.raw("DELETE FROM written_batches WHERE written_at < \(bind: forgotten)").run()
        return true
    }
}
