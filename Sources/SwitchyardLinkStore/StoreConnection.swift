import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit
import Switchyard

/// An open database: one SQLite connection, or a PostgreSQL client and the task that runs its pool.
///
/// Statements that must run together go through ``withTransaction(_:)``, which PostgreSQL runs on one leased
/// connection. SQLite has one connection for every caller: each call passes a ``SerialGate``, single statements side
/// by side and a transaction alone, so that no other caller's statement runs between its `BEGIN` and `COMMIT`.
final class StoreConnection: Sendable {
    enum Engine: Sendable {
        /// `reader` reads one link at a time beside the connection, on the caller's thread (``SQLiteLinkReader``).
        case sqlite(SQLiteConnection, SerialGate, reader: SQLiteLinkReader)
        /// The client leases connections only while `runner` runs; `close()` cancels it. Its connections run on
        /// `loop`, a thread of the store's own, which `close()` stops.
        ///
        /// On the process's shared event loops, which serve the site's HTTP connections too, a statement's sending
        /// and its answer wait behind the events of a busy loop, and so do the visits whose reads it carries: the
        /// machine then idles while they wait (`Benchmarks/README.md`, "Campaign").
        case postgres(PostgresClient, runner: Task<Void, Never>, loop: MultiThreadedEventLoopGroup)
    }

    let engine: Engine
    /// How long a statement may wait for a connection, and then run, before the store answers `unavailable`.
    let deadline: Duration
    let logger: Logger
    /// Whether calls go to the database; see ``Availability``.
    private let availability = Locked(Availability.open)
    static let retryAfter = Duration.seconds(1)
    /// The PostgreSQL connections a store holds at most.
    static let maximumConnections = 8
    /// The deadlines of the calls in flight.
    private let deadlines = DeadlineWatch()
    /// Why the pool last failed to connect, for the error of a call that got no connection (PostgreSQL only).
    private let connectionFailures: ConnectionFailures?

    /// Whether a call goes to the database.
    private enum Availability {
        case open
        /// After a call found the database unreachable, calls fail at once until this moment, instead of each
        /// waiting for the deadline: a site then answers 503 at once while the database is away. The first call
        /// after it tries again, so the store finds the database back within ``retryAfter`` of its return.
        case failingUntil(ContinuousClock.Instant)
        /// ``close()`` was called: every call fails, and says so, rather than with what the driver says of a handle
        /// or a pool that is closed (SQLite's is `misuse: out of memory`).
        case closed
    }

    private init(
        engine: Engine, deadline: Duration, logger: Logger, connectionFailures: ConnectionFailures? = nil
    ) {
        self.engine = engine
        self.deadline = deadline
        self.logger = logger
        self.connectionFailures = connectionFailures
    }

    static func open(_ location: StoreLocation, deadline: Duration, logger: Logger) async throws(LinkStoreError)
        -> StoreConnection
    {
        switch location {
        case .sqlite(let path):
            do {
                let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
                // SQLiteNIO's own busy handler retries at once and without end: a file another process keeps locked
                // would hold a thread spinning at full speed, past any deadline. SQLite's busy timeout replaces it
                // before the first statement that takes a lock: a statement then sleeps while it waits, and gives up
                // (`SQLITE_BUSY`) after the deadline.
                do {
                    _ = try await connection.query("PRAGMA busy_timeout = \(Self.milliseconds(deadline))")
                } catch {
                    try? await connection.close()
                    throw error
                }
                let reader = SQLiteLinkReader(path: path, logger: logger)
                return StoreConnection(
                    engine: .sqlite(connection, SerialGate(), reader: reader), deadline: deadline, logger: logger)
            } catch {
                let reason = FileContents.whyNoFile(canBeAt: path) ?? "\(error)"
                throw LinkStoreError(.unavailable, "cannot open the SQLite file \(path): \(reason)")
            }
        case .postgres(let server):
            var configuration = PostgresClient.Configuration(
                host: server.host, port: server.port, username: server.username, password: server.password,
                database: server.database, tls: try server.tlsConfiguration())
            configuration.options.connectTimeout = deadline
            configuration.options.maximumConnections = Self.maximumConnections
            let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let failures = ConnectionFailures()
            let client = PostgresClient(
                configuration: configuration, eventLoopGroup: loop,
                backgroundLogger: failures.logger(passingOn: logger))
            let runner = Task { await client.run() }
            return StoreConnection(
                engine: .postgres(client, runner: runner, loop: loop), deadline: deadline, logger: logger,
                connectionFailures: failures)
        }
    }

    /// `duration` in whole milliseconds, within what SQLite's busy timeout takes (a 32-bit count).
    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64(Int32.max) / 1_000 else { return Int(Int32.max) }
        return Int(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
    }

    var engineName: String {
        switch engine {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }

    /// Runs `body` with the database, within `deadline` (the connection's own when `nil`).
    /// - Throws: ``LinkStoreError``: what `body` threw, or `unavailable` for anything else (no connection, a failed
    ///   statement, the deadline passed).
    func withDatabase<Result: Sendable>(
        deadline: Duration? = nil, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws(LinkStoreError) -> Result {
        try await withDriver(
            deadline: deadline, sqlite: { try await body($0.sql(queryLogLevel: .trace)) },
            postgres: { connection, _ in try await body(connection.sql(queryLogLevel: .trace)) })
    }

    /// Runs `sqlite` or `postgres`, as the engine is, with the engine's own driver, within `deadline` (the
    /// connection's own when `nil`).
    ///
    /// For the statements every visit of a short link makes (reading links, writing clicks): these skip SQLKit's
    /// building of the statement text and its `Codable` reading and writing of each value, which a profile of a
    /// campaign's visits found costlier than SQLite's own work (`Benchmarks/README.md`, "Campaign"). Other
    /// statements use ``withDatabase(deadline:_:)``, which reads alike on both engines.
    /// - Throws: ``LinkStoreError``: as ``withDatabase(deadline:_:)``.
    func withDriver<Result: Sendable>(
        deadline: Duration? = nil, sqlite: @escaping @Sendable (SQLiteConnection) async throws -> Result,
        postgres: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws(LinkStoreError) -> Result {
        try await withinDeadline(deadline ?? self.deadline) { lease in
            switch self.engine {
            case .sqlite(let connection, let gate, _):
                return try await gate.pass { try await sqlite(connection) }
            case .postgres(let client, _, _):
                return try await client.withConnection { connection in
                    self.leased(lease)
                    return try await postgres(connection, self.logger)
                }
            }
        }
    }

    /// Runs `body` with one connection held for every statement it runs through the ``Held`` it is given: on
    /// PostgreSQL a connection leased from the pool once for all of them, rather than once a statement.
    ///
    /// For a run of statements in a row (``LinkStore/readingLinks(_:)``). When a lease ends, PostgresNIO's pool
    /// parks the connection and starts its keep-alive and idle timers (each a task group of two tasks and a
    /// libdispatch timer), then stops them at the next lease: a lease a statement paid that at every statement
    /// (`Benchmarks/README.md`, "Campaign"). The lease and the first statement keep within one deadline, as a
    /// single call does; each statement keeps its own, so `body` runs its first statement at once. SQLite has one
    /// connection: each statement passes its gate as any call's does.
    /// - Throws: ``LinkStoreError``: what `body` threw, or `unavailable` when no connection was leased within the
    ///   deadline.
    func holdingConnection(_ body: @escaping @Sendable (Held) async throws(LinkStoreError) -> Void)
        async throws(LinkStoreError)
    {
        guard case .postgres(let client, _, _) = engine else {
            return try await body(Held(store: self, postgres: nil, firstDone: Locked(true)))
        }
        let until = ContinuousClock.now + deadline
        let firstDone = Locked(false)
        let lease = Lease()
        try await guarded(lease) {
            try await withThrowingTaskGroup(of: HoldingOutcome.self) { group in
                group.addTask {
                    try await client.withConnection { connection in
                        self.leased(lease)
                        do throws(LinkStoreError) {
                            try await body(Held(store: self, postgres: connection, firstDone: firstDone))
                        } catch {
                            throw Judged(error: error)
                        }
                    }
                    return .done
                }
                group.addTask {
                    // Cancelled when the work ends first: the group then throws nothing for it.
                    guard await self.deadlines.wait(until: until) else { throw CancellationError() }
                    return firstDone.snapshot ? .deadlineMoot : .deadlinePassed
                }
                defer { group.cancelAll() }
                while let outcome = try await group.next() {
                    switch outcome {
                    case .done: return
                    case .deadlineMoot: continue
                    case .deadlinePassed:
                        throw self.deadlinePassed(self.deadline, lease: lease)
                    }
                }
            }
        }
    }

    /// An error a held connection's statement threw, judged by its own call already: the lease that held it
    /// passes it on as it is.
    private struct Judged: Error {
        let error: LinkStoreError
    }

    private enum HoldingOutcome: Sendable {
        case done
        /// The deadline of the lease and the first statement passed before they ended.
        case deadlinePassed
        /// It passed after them: the statements since keep their own.
        case deadlineMoot
    }

    /// A connection held for a run of statements (``holdingConnection(_:)``).
    struct Held: Sendable {
        fileprivate let store: StoreConnection
        /// The leased connection on PostgreSQL; `nil` on SQLite.
        fileprivate let postgres: PostgresConnection?
        /// Set once the first statement ended: the lease's deadline then no longer bounds the run.
        fileprivate let firstDone: Locked<Bool>

        /// Runs one statement on the held connection, with the engine's own driver (as
        /// ``StoreConnection/withDriver(deadline:sqlite:postgres:)``), within the store's deadline.
        func run<Result: Sendable>(
            sqlite: @escaping @Sendable (SQLiteConnection) async throws -> Result,
            postgres: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
        ) async throws(LinkStoreError) -> Result {
            guard let connection = self.postgres else {
                return try await store.withDriver(sqlite: sqlite, postgres: postgres)
            }
            defer { firstDone.withLock { $0 = true } }
            let logger = store.logger
            return try await store.withinDeadline(store.deadline, lease: Lease(made: true)) { _ in
                try await postgres(connection, logger)
            }
        }
    }

    /// Runs `body` in one transaction: all of it or nothing, within `deadline` (the connection's own when `nil`).
    func withTransaction<Result: Sendable>(
        deadline: Duration? = nil, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws(LinkStoreError) -> Result {
        try await withTransaction(
            deadline: deadline, sqlite: { try await body($0.sql(queryLogLevel: .trace)) },
            postgres: { connection, _ in try await body(connection.sql(queryLogLevel: .trace)) })
    }

    /// Runs `sqlite` or `postgres`, as the engine is, with the engine's own driver (as
    /// ``withDriver(deadline:sqlite:postgres:)``) in one transaction: all of it or nothing, within `deadline` (the
    /// connection's own when `nil`).
    func withTransaction<Result: Sendable>(
        deadline: Duration? = nil, sqlite: @escaping @Sendable (SQLiteConnection) async throws -> Result,
        postgres: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws(LinkStoreError) -> Result {
        try await withinDeadline(deadline ?? self.deadline) { lease in
            switch self.engine {
            case .sqlite(let connection, let gate, _):
                return try await gate.passAlone {
                    _ = try await connection.query("BEGIN IMMEDIATE")
                    do {
                        let result = try await sqlite(connection)
                        _ = try await connection.query("COMMIT")
                        return result
                    } catch {
                        _ = try? await connection.query("ROLLBACK")
                        throw error
                    }
                }
            case .postgres(let client, _, _):
                do {
                    return try await client.withTransaction(logger: self.logger) { connection in
                        self.leased(lease)
                        return try await postgres(connection, self.logger)
                    }
                } catch let error as PostgresTransactionError {
                    // PostgresNIO wraps what the body threw; a store's error the body threw to roll back (a slug
                    // taken) is said as the body said it, as on SQLite, once the rollback is done.
                    if let thrown = error.closureError as? LinkStoreError, error.rollbackError == nil { throw thrown }
                    throw error
                }
            }
        }
    }

    /// Runs `work`, or throws `unavailable` when it takes longer than `deadline`: the work is then cancelled, and
    /// the caller goes on without waiting for it to end.
    ///
    /// The work runs in a task of its own, not a child: a task group waits for its children, and a statement on a
    /// connection that died mid-way (the server stopped during a transaction) may never end, cancelled or not,
    /// which held a site's stop for ever. A write abandoned so may still commit; the batches' ids make a retry of
    /// it count nothing twice.
    private func withinDeadline<Result: Sendable>(
        _ deadline: Duration, lease: Lease = Lease(), _ work: @escaping @Sendable (Lease) async throws -> Result
    ) async throws(LinkStoreError) -> Result {
        try await guarded(lease) { try await racingDeadline(deadline, lease: lease) { try await work(lease) } }
    }

    /// The race of ``withinDeadline(_:_:)``, for any call and for ``close()``, which is not a call.
    private func racingDeadline<Result: Sendable>(
        _ deadline: Duration, lease: Lease = Lease(), _ work: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let until = ContinuousClock.now + deadline
        let race = FirstEnd<Result>()
        let worker = Task {
            do { race.end(with: .success(try await work())) } catch { race.end(with: .failure(error)) }
        }
        let watcher = Task {
            guard await self.deadlines.wait(until: until) else { return }
            race.end(with: .failure(self.deadlinePassed(deadline, lease: lease)))
        }
        // The work is cancelled when the deadline ends the race, and the watch when the work does.
        defer {
            worker.cancel()
            watcher.cancel()
        }
        return try await withTaskCancellationHandler {
            try await race.value()
        } onCancel: {
            race.end(with: .failure(CancellationError()))
        }
    }

    /// Runs `work` unless the store is closed or the database was found unreachable a moment ago, and says what it
    /// threw as a store's error, opening that window when it was a sign of the server away.
    ///
    /// A deadline that passed while `lease` waited for a connection is such a sign: the pool keeps trying to
    /// connect in the background, and an unreachable server leaves every lease waiting. One that passed while a
    /// statement ran on a connection is not: the server answered it, and is slow with that statement (a batch of
    /// thousands of clicks while it writes a checkpoint), so only that call fails, and the visits it would have
    /// turned away for a second are read as before. A server that stops answering mid-statement holds each
    /// connection it had, so the leases after wait, and the window opens within a deadline or two.
    private func guarded<Result: Sendable>(
        _ lease: Lease = Lease(), _ work: () async throws -> Result
    ) async throws(LinkStoreError) -> Result {
        let clock = ContinuousClock()
        switch availability.withLock({ $0 }) {
        case .open: break
        case .failingUntil(let until):
            if clock.now < until { throw LinkStoreError(.unavailable, "the database was unreachable a moment ago") }
        case .closed: throw LinkStoreError(.unavailable, "the store is closed")
        }
        do {
            return try await work()
        } catch let judged as Judged {
            throw judged.error
        } catch let error as LinkStoreError {
            // SQLite has no server to lose: a slow statement is only slow.
            if error.code == .unavailable, isServer, !lease.wasMade {
                failWithoutTrying(until: clock.now + Self.retryAfter)
            }
            throw error
        } catch {
            // A failed statement (a constraint, a syntax error) is no outage: only a lost connection opens the
            // window. PostgresNIO reports a lost or refused connection as a PSQLError of a connection code.
            if isServer, Self.isConnectionFailure(error) {
                failWithoutTrying(until: clock.now + Self.retryAfter)
            }
            throw LinkStoreError(.unavailable, "the database failed: \(String(reflecting: error).prefix(300))")
        }
    }

    /// Opens the window in which calls fail at once, unless the store is closed.
    private func failWithoutTrying(until: ContinuousClock.Instant) {
        availability.withLock { availability in
            if case .closed = availability { return }
            availability = .failingUntil(until)
        }
    }

    /// The error of a call whose deadline passed, saying whether it waited for a connection or for a statement; for
    /// a connection, why the pool's last attempt to make one failed, when one failed within the deadline.
    private func deadlinePassed(_ deadline: Duration, lease: Lease) -> LinkStoreError {
        guard !lease.wasMade else {
            return LinkStoreError(.unavailable, "a statement did not end within \(deadline)")
        }
        guard let reason = connectionFailures?.reason(within: deadline + Self.retryAfter) else {
            return LinkStoreError(.unavailable, "no connection to the database within \(deadline): it did not answer")
        }
        return LinkStoreError(
            .unavailable, "no connection to the database within \(deadline): the last attempt failed: \(reason)")
    }

    /// Marks `lease` made, and forgets the pool's last failure to connect: a connection came since, so a lease that
    /// waits in vain later is not said to be for that failure.
    private func leased(_ lease: Lease) {
        lease.made()
        connectionFailures?.connected()
    }

    /// Whether a call holds a connection yet: set by the call once the pool leased it one (``guarded(_:_:)``).
    private final class Lease: Sendable {
        private let state: Locked<Bool>

        init(made: Bool = false) {
            state = Locked(made)
        }

        func made() {
            state.withLock { $0 = true }
        }

        var wasMade: Bool { state.snapshot }
    }

    /// Whether the database is a server that can be away (PostgreSQL), rather than a file.
    private var isServer: Bool {
        if case .postgres = engine { true } else { false }
    }

    private static func isConnectionFailure(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        if error.code == .server {
            // SQLSTATE classes 08 (connection exception) and 57 (operator intervention: the server shutting down).
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || state.hasPrefix("57")
        }
        return [.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed]
            .contains(error.code)
    }

    /// Closes the database, once; every call after fails with `unavailable`, "the store is closed".
    func close() async {
        let closes = availability.withLock { availability in
            if case .closed = availability { return false }
            availability = .closed
            return true
        }
        guard closes else { return }
        switch engine {
        case .sqlite(let connection, _, let reader):
            reader.close()
            try? await connection.close()
        case .postgres(_, let runner, let loop):
            runner.cancel()
            // The pool ends once every lease is back, and a statement abandoned at its deadline may never give its
            // back: the close waits for it at most a deadline. Stopping the loop then closes what is left open.
            _ = try? await racingDeadline(deadline) { await runner.value }
            _ = try? await racingDeadline(deadline) { try await loop.shutdownGracefully() }
        }
    }
}
