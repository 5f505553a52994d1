import Foundation
import SQLKit

/// The name of a batch of records (clicks, claims' events) that the store writes once, however often it is asked.
///
/// A write can commit and still fail for its caller: the reply is lost with the connection, or the store's deadline
/// passes while the statement runs on. The caller cannot tell that from a write that did not commit, so it writes the
/// batch again, under the same id; the store finds the id among the batches it wrote and writes nothing more.
package struct BatchID: Hashable, Sendable, CustomStringConvertible {
    package let text: String

    /// A new id, unlike any other (a random UUID): several site processes share a store.
    package init() {
        text = UUID().uuidString
    }

    package var description: String { text }
}

/// The ids of the batches the store wrote (`written_batches`), each written in the transaction of its batch's rows,
/// so that an id is there exactly when its rows are.
enum WrittenBatches {
    /// How long the store remembers a batch it wrote: a retry must come within it, and comes at the first write the
    /// store takes after the failure, so a day covers any outage the site is meant to ride out. At a batch a second
    /// for clicks and one for claims' events, a process adds at most 172,800 short rows a day.
    static let remembered: TimeInterval = 86_400

    /// Marks `batch` written, in the transaction that writes its rows, and forgets batches written more than
    /// ``remembered`` before `now`.
    /// - Returns: `false` when the batch was written before: its rows are then already in the store.
    static func markWritten(_ batch: BatchID, at now: Date, on database: any SQLDatabase) async throws -> Bool {
        let written = StoredTime.milliseconds(now)
        // `RETURNING` answers a row only when the insert added one; on a conflict it adds none. PostgreSQL waits for
        // a transaction that inserted the same id and has not ended, and then sees whether it committed.
        let added = try await database.raw(
            """
            INSERT INTO written_batches (id, written_at) VALUES (\(bind: batch.text), \(bind: written)) \
            ON CONFLICT (id) DO NOTHING RETURNING id
            """
        ).first()
        guard added != nil else { return false }
        let forgotten = written - Int64(remembered * 1_000)
        try await database.raw("DELETE FROM written_batches WHERE written_at < \(bind: forgotten)").run()
        return true
    }
}
