import Foundation
import Logging
import SQLKit
import Switchyard
import SwitchyardLinkStore
import Testing

/// `sslmode` and `sslrootcert` against real PostgreSQL servers: one that serves TLS with a certificate for
/// `localhost` (not for 127.0.0.1) signed by a CA the run made (`.ci/postgres start-tls`), named by
/// `SWITCHYARD_TEST_POSTGRES_TLS`, its CA in the same folder as `SWITCHYARD_TEST_POSTGRES_TLS_CA`; and the plain
/// test server. Each mode means what it means to libpq.
@Suite struct StoreTLSTests {
    static let tlsAddress = ProcessInfo.processInfo.environment["SWITCHYARD_TEST_POSTGRES_TLS"]
    static let authority = ProcessInfo.processInfo.environment["SWITCHYARD_TEST_POSTGRES_TLS_CA"]

    /// How a store's connections reached the server.
    enum Outcome: String, CustomTestStringConvertible {
        case tls, plain, refused
        var testDescription: String { rawValue }
    }

    @Test func theTLSServerIsThereWhenPostgreSQLIsRequired() {
        #expect(
            !TestEngine.postgresRequired || (Self.tlsAddress != nil && Self.authority != nil),
            "SWITCHYARD_TEST_POSTGRES_TLS or SWITCHYARD_TEST_POSTGRES_TLS_CA is unset")
    }

    /// `host` is `localhost` or the address's own (127.0.0.1); `CA` and `OTHER` in `query` stand for the run's CA
    /// and a CA that signed nothing the server has.
    @Test(
        .enabled(if: tlsAddress != nil && authority != nil), .timeLimit(.minutes(1)),
        arguments: [
            ("127.0.0.1", "", Outcome.tls),
            ("127.0.0.1", "?sslmode=disable", .plain),
            ("127.0.0.1", "?sslmode=prefer", .tls),
            ("127.0.0.1", "?sslmode=require", .tls),
            ("127.0.0.1", "?sslmode=require&sslrootcert=CA", .tls),
            ("127.0.0.1", "?sslmode=require&sslrootcert=OTHER", .refused),
            ("127.0.0.1", "?sslmode=verify-ca&sslrootcert=CA", .tls),
            ("127.0.0.1", "?sslmode=verify-ca", .refused),
            ("localhost", "?sslmode=verify-full&sslrootcert=CA", .tls),
            ("127.0.0.1", "?sslmode=verify-full&sslrootcert=CA", .refused),
            ("localhost", "?sslmode=verify-full&sslrootcert=OTHER", .refused),
            ("localhost", "?sslmode=verify-full", .refused),
        ])
    func eachModeConnectsToAServerThatServesTLSAsLibpqWould(host: String, query: String, outcome: Outcome)
        async throws
    {
        let base = try #require(Self.tlsAddress)
        let folder = URL(fileURLWithPath: try #require(Self.authority)).deletingLastPathComponent()
        let parameters = query.replacingOccurrences(of: "=CA", with: "=" + folder.appendingPathComponent("ca.pem").path)
            .replacingOccurrences(of: "=OTHER", with: "=" + folder.appendingPathComponent("other-ca.pem").path)
        #expect(try await Self.connect(base, host: host, parameters: parameters) == outcome)
    }

    @Test(
        .enabled(if: TestEngine.postgresAddress != nil), .timeLimit(.minutes(1)),
        arguments: [("", Outcome.plain), ("?sslmode=disable", .plain), ("?sslmode=require", .refused)])
    func aServerWithoutTLSServesPreferPlainAndRefusesRequire(query: String, outcome: Outcome) async throws {
        let base = try #require(TestEngine.postgresAddress)
        #expect(try await Self.connect(base, host: "127.0.0.1", parameters: query) == outcome)
    }

    /// A certificate refused is said in the store's error, not only in the pool's log. The deadline is as long as
    /// `aStoreThatGetsNoConnectionSaysWhyThePoolFailed`'s, for the same reason.
    @Test(.enabled(if: tlsAddress != nil && authority != nil), .timeLimit(.minutes(1)))
    func aCertificateThatDoesNotNameTheHostIsSaidInTheError() async throws {
        let base = try #require(Self.tlsAddress)
        let authority = try #require(Self.authority)
        var quiet = Logger(label: "tls")
        quiet.logLevel = .critical
        let code = await storeErrorCode {
            do {
                let location = try StoreLocation(base + "?sslmode=verify-full&sslrootcert=\(authority)")
                let store = try await LinkStore.open(location, deadline: .seconds(10), logger: quiet)
                await store.close()
            } catch let error as LinkStoreError {
                #expect(error.message.contains("the last attempt failed:"), "\(error)")
                #expect(error.message.lowercased().contains("hostname"), "\(error)")
                throw error
            }
        }
        #expect(code == .unavailable)
    }

    /// A file that is not there, and one that holds no certificate (the server's address would not answer).
    @Test(arguments: ["/nonexistent/ca.pem", "/dev/null"])
    func rootCertificatesThatCannotBeReadAreRefusedWhenTheStoreOpens(path: String) async {
        let code = await storeErrorCode {
            let location = try StoreLocation(
                "postgres://nobody@127.0.0.1:1/none?sslmode=verify-full&sslrootcert=\(path)")
            let store = try await LinkStore.open(location, deadline: .seconds(1))
            await store.close()
        }
        #expect(code == .invalidLocation)
    }

    /// Opens a store on a new database of the server at `base`, reached through `host` with `parameters`, and says
    /// whether its connections use TLS, as the server sees them.
    static func connect(_ base: String, host: String, parameters: String) async throws -> Outcome {
        let name = "switchyard_tls_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await TestDatabase.onServer(base) { try await $0.raw("CREATE DATABASE \(ident: name)").run() }
        let drop = {
            try await TestDatabase.onServer(base) {
                try await $0.raw("DROP DATABASE IF EXISTS \(ident: name) WITH (FORCE)").run()
            }
        }
        var outcome = Outcome.refused
        try await closing(drop) {
            let address = TestDatabase.address(base, database: name)
                .replacingOccurrences(of: "@127.0.0.1:", with: "@\(host):")
            var quiet = Logger(label: "tls")
            quiet.logLevel = .critical
            let store: LinkStore
            do {
                store = try await LinkStore.open(
                    try StoreLocation(address + parameters), deadline: .seconds(3), logger: quiet)
            } catch let error as LinkStoreError where error.code == .unavailable {
                return
            }
            let sessions = Locked<[Bool]>([])
            try await closing({ await store.close() }) {
                try await TestDatabase.onServer(base) { database in
                    let rows = try await database.raw(
                        "SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a ON a.pid = s.pid WHERE a.datname = \(bind: name)"
                    ).all()
                    let found = try rows.map { try $0.decode(column: "ssl", as: Bool.self) }
                    sessions.withLock { $0 = found }
                }
            }
            let found = sessions.snapshot
            try #require(!found.isEmpty, "the store holds no connection to \(name)")
            try #require(Set(found).count == 1, "the store's connections differ: \(found)")
            outcome = found[0] ? .tls : .plain
        }
        return outcome
    }
}
