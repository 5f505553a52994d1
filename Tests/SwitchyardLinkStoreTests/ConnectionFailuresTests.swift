import Foundation
import Logging
import Switchyard
import Testing

@testable import SwitchyardLinkStore

/// Why the store got no connection: the pool's last failure, read from its log, said in the store's error instead
/// of only at level info.
@Suite struct ConnectionFailuresTests {
    /// A handler that keeps the messages it is given.
    struct Kept: LogHandler {
        let messages: Locked<[String]>
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?
        var logLevel: Logger.Level

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { messages.withLock { $0.append(event.message.description) } }
    }

    @Test func thePoolsFailureIsKeptAndOnlyWhatTheLoggersLevelLetsThroughIsPassedOn() {
        let failures = ConnectionFailures()
        let messages = Locked<[String]>([])
        let logger = failures.logger(
            passingOn: Logger(label: "site") { _ in Kept(messages: messages, logLevel: .warning) })
        #expect(failures.reason(within: .seconds(10)) == nil)
        logger.info("Connection creation failed", metadata: ["psql_error": "password authentication failed"])
        logger.debug("Connection leased")
        logger.warning("the store is slow")
        #expect(failures.reason(within: .seconds(10)) == "password authentication failed")
        #expect(messages.snapshot == ["the store is slow"])
        failures.connected()
        #expect(failures.reason(within: .seconds(10)) == nil, "a connection came since")
    }

    @Test func aReasonIsCutToItsMostAndForgottenOnceOld() async throws {
        let failures = ConnectionFailures()
        let logger = failures.logger(passingOn: Logger(label: "site") { _ in SwiftLogNoOpLogHandler() })
        logger.info(
            "Connection creation failed", metadata: ["psql_error": .string(String(repeating: "x", count: 1_000))])
        #expect(failures.reason(within: .seconds(10))?.count == ConnectionFailures.maxLength)
        try await Task.sleep(for: .milliseconds(20))
        #expect(failures.reason(within: .milliseconds(1)) == nil)
    }

    /// An SQLite file that cannot be: the reason is the file system's, where SQLite said only that it failed to open
    /// a database at the path.
    @Test func anSQLiteFileThatCannotBeSaysWhy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        for (path, reason) in [
            (folder.path, "it is a folder"),
            (folder.path + "/missing/links.sqlite", "its folder \(folder.path)/missing does not exist"),
            (file + "/links.sqlite", "\(file) is a file, not a folder"),
        ] {
            do {
                let store = try await LinkStore.open(try StoreLocation(path), deadline: .seconds(10))
                await store.close()
                Issue.record("a store opened at \(path)")
            } catch {
                #expect(error.code == .unavailable)
                #expect(error.message == "cannot open the SQLite file \(path): \(reason)")
            }
        }
    }

    /// PostgreSQL's own refusal, through the real pool: a database that is not there. The deadline leaves a loaded
    /// machine time for the pool's first attempt to fail (on a 2-second one, a whole parallel suite under `.ci/run`
    /// had not failed it yet, and the error rightly said the database did not answer); the test takes it whole.
    @Test(.enabled(if: TestEngine.postgresAddress != nil), .timeLimit(.minutes(1)))
    func aStoreThatGetsNoConnectionSaysWhyThePoolFailed() async throws {
        let base = try #require(TestEngine.postgresAddress)
        var quiet = Logger(label: "no database")
        quiet.logLevel = .critical
        do {
            let store = try await LinkStore.open(
                try StoreLocation(TestDatabase.address(base, database: "switchyard_no_such_database")),
                deadline: .seconds(10), logger: quiet)
            await store.close()
            Issue.record("a store opened on a database that is not there")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.message.contains(#"database "switchyard_no_such_database" does not exist"#), "\(error)")
        }
    }
}
