import Foundation
import Logging
import Switchyard
// SQLiteNIO's own build of SQLite, whose functions it names `sqlite_nio_sqlite3_…`. It is not one of sqlite-nio's
// products, so the package cannot name it; it is imported as the module SQLiteNIO is built on. Not a second copy
// of SQLite on purpose: two copies in one process do not see each other's POSIX locks on the file, which SQLite
// documents as a way to corrupt the database ("How To Corrupt An SQLite Database File", 2.2.1).
import VaporCSQLite

/// Reads of one link by its slug, made on the calling thread from read-only SQLite connections of their own: the
/// read of every visit of a link the site's cache does not hold (each visit of a campaign's links).
///
/// The store's other statements go through SQLiteNIO, which runs each on NIO's thread pool: the caller waits for a
/// pool thread to wake and for the answer to come back through an event loop, which costs a visit more than the
/// read itself (`Benchmarks/README.md`, "Campaign"). A read of one row by its key, from pages in memory, takes a few
/// microseconds, so it is made where it is asked for, as any short computation is.
///
/// With the file in WAL mode a reader never waits for the writer. A read that cannot be made at once (the file
/// busy, a connection that cannot be opened, as for an in-memory database that only SQLiteNIO's connection sees)
/// answers `nil`, and the caller reads through the store's statements, which wait within the store's deadline.
final class SQLiteLinkReader: Sendable {
    /// What a read found: the row of the slug, or no such row.
    enum Found {
        case row(StoredRow)
        case noRow
    }

    private let path: String
    private let logger: Logger
    private let pool = Locked(Pool())
    /// More connections than threads that may read at once are never used; a caller beyond this reads through the
    /// store's statements.
    private let maxConnections = max(2, ProcessInfo.processInfo.activeProcessorCount * 2)

    private struct Pool {
        var idle: [ReadConnection] = []
        var opened = 0
        /// Set when a connection could not be opened, and at close: reads then go through the store's statements.
        var stopped = false
    }

    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    /// The row of `slug`, or `nil` when the read cannot be made at once.
    func read(_ slug: String) -> Found? {
        guard let connection = take() else { return nil }
        let found = connection.read(slug)
        pool.withLock { pool in
            if !pool.stopped { pool.idle.append(connection) }
        }
        return found
    }

    /// Closes the idle connections; one lent out closes when its read ends.
    func close() {
        pool.withLock { pool in
            pool.stopped = true
            pool.idle.removeAll()
        }
    }

    private func take() -> ReadConnection? {
        enum Taken {
            case idle(ReadConnection)
            case toOpen
            case noneFree
        }
        let taken = pool.withLock { pool -> Taken in
            if pool.stopped { return .noneFree }
            if let connection = pool.idle.popLast() { return .idle(connection) }
            guard pool.opened < maxConnections else { return .noneFree }
            pool.opened += 1
            return .toOpen
        }
        switch taken {
        case .idle(let connection):
            return connection
        case .noneFree:
            return nil
        case .toOpen:
            // Opened outside the lock: opening reads the file's header.
            do throws(LinkStoreError) {
                return try ReadConnection(path: path)
            } catch {
                pool.withLock { $0.stopped = true }
                logger.notice("links are read through the store's statements only: \(error.message)")
                return nil
            }
        }
    }
}

/// One read-only connection and its prepared statement.
///
/// Why `@unchecked Sendable` is sound: a connection is used by one thread at a time. ``SQLiteLinkReader`` holds each
/// either in its idle list, under its lock, or lent to the one caller that took it from there, until that caller's
/// read ends; so the connection may be opened without SQLite's own mutex (`SQLITE_OPEN_NOMUTEX`). The two pointers
/// are valid from `init` to `deinit`, which finalizes the statement before it closes the connection.
private final class ReadConnection: @unchecked Sendable {
    private let database: OpaquePointer
    private let statement: OpaquePointer

    init(path: String) throws(LinkStoreError) {
        var database: OpaquePointer?
        // The flags SQLiteNIO opens the file with (a `file:` URI read as one), read-only and without the mutex.
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        let opened = sqlite_nio_sqlite3_open_v2(path, &database, flags, nil)
        guard let database else { throw LinkStoreError(.unavailable, "SQLite could not open \(path)") }
        guard opened == SQLITE_OK else {
            defer { sqlite_nio_sqlite3_close_v2(database) }
            throw LinkStoreError(.unavailable, "SQLite could not open \(path): \(Self.message(database))")
        }
        var statement: OpaquePointer?
        let prepared = sqlite_nio_sqlite3_prepare_v3(
            database, "SELECT slug, link, created_at, updated_at FROM short_links WHERE slug = ?", -1,
            UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard prepared == SQLITE_OK, let statement else {
            // An in-memory database is another, empty one for each connection: it has no `short_links`.
            defer { sqlite_nio_sqlite3_close_v2(database) }
            throw LinkStoreError(.unavailable, "SQLite could not read links from \(path): \(Self.message(database))")
        }
        self.database = database
        self.statement = statement
    }

    deinit {
        sqlite_nio_sqlite3_finalize(statement)
        sqlite_nio_sqlite3_close_v2(database)
    }

    /// The row of `slug`, or `nil` when SQLite did not answer at once (the file busy, or an error).
    func read(_ slug: String) -> SQLiteLinkReader.Found? {
        slug.withCString { slug -> SQLiteLinkReader.Found? in
            // Bound without a copy (no destructor: SQLITE_STATIC): the slug's text outlives the step, and the reset below
            // unbinds it before `withCString` ends. The reset also ends the read's transaction, so that the
            // connection holds no snapshot of the file between reads (a held snapshot keeps the WAL from being reset).
            defer {
                sqlite_nio_sqlite3_reset(statement)
                sqlite_nio_sqlite3_clear_bindings(statement)
            }
            guard sqlite_nio_sqlite3_bind_text(statement, 1, slug, -1, nil) == SQLITE_OK else { return nil }
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW:
                return .row(
                    StoredRow(
                        slug: text(column: 0), json: text(column: 1), createdAt: integer(column: 2),
                        updatedAt: integer(column: 3)))
            case SQLITE_DONE:
                return .noRow
            default:
                return nil
            }
        }
    }

    /// A column read as SQLiteNIO reads it for ``StoredRow``: text only when it holds text.
    private func text(column: Int32) -> String? {
        guard sqlite_nio_sqlite3_column_type(statement, column) == SQLITE_TEXT,
            let start = sqlite_nio_sqlite3_column_text(statement, column)
        else { return nil }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// A column read as SQLiteNIO reads it for ``StoredRow``: an integer only when it holds one.
    private func integer(column: Int32) -> Int64? {
        guard sqlite_nio_sqlite3_column_type(statement, column) == SQLITE_INTEGER else { return nil }
        return sqlite_nio_sqlite3_column_int64(statement, column)
    }

    private static func message(_ database: OpaquePointer) -> String {
        sqlite_nio_sqlite3_errmsg(database).map { String(cString: $0) } ?? "unknown error"
    }
}
