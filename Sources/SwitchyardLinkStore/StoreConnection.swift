import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// An open database: one SQLite connection, or a PostgreSQL client and the task that runs its pool.
///
/// Every statement the store runs is one statement, atomic on its own, so the one SQLite connection may be shared by
/// concurrent callers without a lock (sqlite-nio runs its calls one at a time). Statements that must run together
/// (a migration) go through ``withTransaction(_:)``, which PostgreSQL runs on one leased connection and SQLite runs
/// before the store is handed out, when nothing else uses the connection.
final class StoreConnection: Sendable {
    enum Engine: Sendable {
        case sqlite(SQLiteConnection)
        /// The client leases connections only while `runner` runs; `close()` cancels it.
        case postgres(PostgresClient, runner: Task<Void, Never>)
    }

    let engine: Engine
    /// How long a statement may wait for a connection, and then run, before the store answers `unavailable`.
    let deadline: Duration
    let logger: Logger

    private init(engine: Engine, deadline: Duration, logger: Logger) {
        self.engine = engine
        self.deadline = deadline
        self.logger = logger
    }

    static func open(_ location: StoreLocation, deadline: Duration, logger: Logger) async throws(LinkStoreError)
        -> StoreConnection
    {
        switch location {
        case .sqlite(let path):
            do {
                let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
                return StoreConnection(engine: .sqlite(connection), deadline: deadline, logger: logger)
            } catch {
                throw LinkStoreError(.unavailable, "cannot open the SQLite file \(path): \(error)")
            }
        case .postgres(let server):
            var configuration = PostgresClient.Configuration(
                host: server.host, port: server.port, username: server.username, password: server.password,
                database: server.database, tls: server.requiresTLS ? .require(.makeClientConfiguration()) : .disable)
            configuration.options.connectTimeout = deadline
            configuration.options.maximumConnections = 8
            let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
            let runner = Task { await client.run() }
            return StoreConnection(engine: .postgres(client, runner: runner), deadline: deadline, logger: logger)
        }
    }

    var engineName: String {
        switch engine {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }

    /// Runs `body` with the database, within the deadline.
    /// - Throws: ``LinkStoreError``: what `body` threw, or `unavailable` for anything else (no connection, a failed
    ///   statement, the deadline passed).
    func withDatabase<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result)
        async throws(LinkStoreError) -> Result
    {
        try await withinDeadline {
            switch self.engine {
            case .sqlite(let connection):
                return try await body(connection.sql(queryLogLevel: .trace))
            case .postgres(let client, _):
                return try await client.withConnection { try await body($0.sql(queryLogLevel: .trace)) }
            }
        }
    }

    /// Runs `body` in one transaction: all of it or nothing.
    func withTransaction<Result: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Result)
        async throws(LinkStoreError) -> Result
    {
        try await withinDeadline {
            switch self.engine {
            case .sqlite(let connection):
                let database = connection.sql(queryLogLevel: .trace)
                try await database.raw("BEGIN IMMEDIATE").run()
                do {
                    let result = try await body(database)
                    try await database.raw("COMMIT").run()
                    return result
                } catch {
                    try? await database.raw("ROLLBACK").run()
                    throw error
                }
            case .postgres(let client, _):
                return try await client.withTransaction(logger: self.logger) {
                    try await body($0.sql(queryLogLevel: .trace))
                }
            }
        }
    }

    /// Runs `work`, or throws `unavailable` when it takes longer than the deadline (the work is then cancelled).
    private func withinDeadline<Result: Sendable>(_ work: @escaping @Sendable () async throws -> Result)
        async throws(LinkStoreError) -> Result
    {
        let deadline = self.deadline
        do {
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask { try await work() }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let result = first else {
                    throw LinkStoreError(.unavailable, "the database did not answer within \(deadline)")
                }
                return result
            }
        } catch let error as LinkStoreError {
            throw error
        } catch {
            throw LinkStoreError(.unavailable, "the database failed: \(String(reflecting: error).prefix(300))")
        }
    }

    func close() async {
        switch engine {
        case .sqlite(let connection):
            try? await connection.close()
        case .postgres(_, let runner):
            runner.cancel()
            await runner.value
        }
    }
}
