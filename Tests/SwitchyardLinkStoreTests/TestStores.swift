import Foundation
import Logging
import PostgresKit
import SQLKit
import SQLiteKit
import SwitchyardLinkStore
import Testing

/// The engines the store's tests run on: SQLite always, PostgreSQL when `SWITCHYARD_TEST_POSTGRES` names a server
/// (`.ci/run` starts one, and sets `SWITCHYARD_REQUIRE_POSTGRES` so that its absence fails).
enum TestEngine: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    static let postgresAddress = ProcessInfo.processInfo.environment["SWITCHYARD_TEST_POSTGRES"]
    static let postgresRequired = ProcessInfo.processInfo.environment["SWITCHYARD_REQUIRE_POSTGRES"] != nil
    static let available: [TestEngine] = postgresAddress == nil ? [.sqlite] : [.sqlite, .postgres]

    var testDescription: String { rawValue }
}

/// A new, empty database of one engine: an SQLite file in a temporary folder, or a PostgreSQL database created on
/// the test server. Dropped by `remove()`.
struct TestDatabase: Sendable {
    let engine: TestEngine
    let location: StoreLocation
    private let name: String

    static func make(_ engine: TestEngine) async throws -> TestDatabase {
        let name = "switchyard_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        switch engine {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return TestDatabase(
                engine: engine, location: .sqlite(path: folder.appendingPathComponent("links.sqlite").path),
                name: folder.path)
        case .postgres:
            let base = try #require(TestEngine.postgresAddress)
            try await Self.onServer(base) { try await $0.raw("CREATE DATABASE \(ident: name)").run() }
            let location = try StoreLocation(Self.address(base, database: name))
            return TestDatabase(engine: engine, location: location, name: name)
        }
    }

    /// Runs `body` with a connection to the test server's own database.
    static func onServer(_ address: String, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Void)
        async throws
    {
        guard case .postgres(let server) = try StoreLocation(address) else { return }
        let configuration = SQLPostgresConfiguration(
            hostname: server.host, port: server.port, username: server.username, password: server.password,
            database: server.database, tls: .disable)
        let connection = try await PostgresConnection.connect(
            configuration: configuration.coreConfiguration, id: 1, logger: Logger(label: "test"))
        try await closing({ try await connection.close() }) { try await body(connection.sql()) }
    }

    static func address(_ base: String, database: String) -> String {
        guard let slash = base.range(of: "/", options: .backwards) else { return base }
        return base[..<slash.upperBound] + database
    }

    /// Runs `body` with a plain SQL connection to this database (to write what the store never would).
    func withSQL(_ body: @escaping @Sendable (any SQLDatabase) async throws -> Void) async throws {
        switch location {
        case .sqlite(let path):
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            try await closing({ try await connection.close() }) { try await body(connection.sql()) }
        case .postgres:
            let base = try #require(TestEngine.postgresAddress)
            try await Self.onServer(Self.address(base, database: name), body)
        }
    }

    func remove() async {
        switch engine {
        case .sqlite:
            try? FileManager.default.removeItem(atPath: name)
        case .postgres:
            guard let base = TestEngine.postgresAddress else { return }
            try? await Self.onServer(base) {
                try await $0.raw("DROP DATABASE IF EXISTS \(ident: name) WITH (FORCE)").run()
            }
        }
    }
}

/// Runs `body` with a store on a new database of `engine`, then closes and removes both. The store's `deadline` is
/// by default well above what a loaded test machine needs, for the tests that are not about it.
func withStore(
    _ engine: TestEngine, deadline: Duration = .seconds(60), _ body: (LinkStore, TestDatabase) async throws -> Void
) async throws {
    let database = try await TestDatabase.make(engine)
    try await closing({ await database.remove() }) {
        let store = try await LinkStore.open(database.location, deadline: deadline)
        try await closing({ await store.close() }) { try await body(store, database) }
    }
}

/// Runs `body`, then `close`, whether `body` threw or not; an error of `body` wins over one of `close`.
func closing(_ close: () async throws -> Void, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch {
        try? await close()
        throw error
    }
    try await close()
}

/// The code of the ``LinkStoreError`` that `body` throws; `nil` when it throws nothing or another error.
func storeErrorCode(_ body: () async throws -> Void) async -> LinkStoreError.Code? {
    do {
        try await body()
        return nil
    } catch let error as LinkStoreError {
        return error.code
    } catch {
        return nil
    }
}
