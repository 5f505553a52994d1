import Foundation
import Prometheus
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkSite

/// The site's reads of links the cache does not hold: every caller gets the link it asked for; from an SQLite file
/// each read is made at once; where reads wait for the database (PostgreSQL, or an in-memory SQLite database, which
/// the tests use to stand for it), reads queued behind a running statement share the next one, and a failure reaches
/// every caller waiting.
struct LinkReadsTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// Where a test's links are: a fresh SQLite file, an SQLite database in memory, where no read can be made at once
    /// (`LinkStore.linkAtOnce(_:)`), or the test server's PostgreSQL database.
    enum Place: String, CaseIterable {
        case file, memory, postgres

        static let postgresAddress = ProcessInfo.processInfo.environment["SWITCHYARD_TEST_POSTGRES"]
        /// Where reads wait for the database.
        static let waiting: [Place] = postgresAddress == nil ? [.memory] : [.memory, .postgres]
    }

    /// A store holding `count` links, PREFIX-N to myapp://product/N, where `place` says; the prefix is `read`, or one
    /// of its own on the PostgreSQL database, which every run shares.
    static func withStore(
        links count: Int, in place: Place = .file, _ body: (LinkStore, _ prefix: String) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-reads-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let location: StoreLocation
        let prefix: String
        switch place {
        case .file: (location, prefix) = (.sqlite(path: folder.appendingPathComponent("links.sqlite").path), "read")
        case .memory: (location, prefix) = (.sqlite(path: ":memory:"), "read")
        case .postgres:
            location = try StoreLocation(try #require(Place.postgresAddress))
            prefix = "read\(UInt32.random(in: 0...UInt32.max))"
        }
        let store = try await LinkStore.open(location, deadline: .seconds(60))
        do {
            for index in 0..<count {
                try await store.create(
                    ShortLink(slug: try Slug("\(prefix)-\(index)"), target: "myapp://product/\(index)"), at: now)
            }
            try await body(store, prefix)
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }

    /// The statements the reads ran, and the slugs they read, as the site's metrics count them; checks that the
    /// store's `read_links` calls are timed once a statement, neither more (a read the store could not make at once
    /// is no call) nor fewer.
    static func statements(in registry: PrometheusCollectorRegistry) -> (statements: Int, slugs: Int) {
        let text = registry.emitToString()
        func value(_ name: String) -> Int {
            let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? 0
        }
        let statements = value("switchyard_link_read_slugs_count")
        let timed = value(#"switchyard_store_duration_seconds_count{operation="read_links"}"#)
        #expect(timed == statements, "\(timed) reads timed for \(statements) statements")
        return (statements, value("switchyard_link_read_slugs_sum"))
    }

    /// Reads PREFIX-0 to PREFIX-(`count` - 1) from `store` all at once through one `LinkReads` (one statement at a
    /// time), checks that each caller got its own link, and gives the statements run and the slugs they read.
    static func readEveryLink(of store: LinkStore, prefix: String = "read", count: Int) async throws
        -> (statements: Int, slugs: Int)
    {
        let registry = PrometheusCollectorRegistry()
        let reads = LinkReads(
            store: store, maxReadsAtOnce: 1, metrics: SiteMetrics(factory: MetricsEndpoint.factory(registry: registry)))
        let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<count {
                group.addTask { (index, try await reads.link(try Slug("\(prefix)-\(index)"))?.link.target) }
            }
            return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        #expect(answers.count == count)
        #expect(answers.allSatisfy { $0.value == "myapp://product/\($0.key)" })
        return statements(in: registry)
    }

    /// On PostgreSQL the statements in a row run on one held connection (`LinkStore.readingLinks(_:)`).
    @Test(arguments: Place.waiting)
    func readsThatWaitEachGetTheirLinkInFewerStatements(place: Place) async throws {
        try await Self.withStore(links: 400, in: place) { store, prefix in
            let (statements, slugs) = try await Self.readEveryLink(of: store, prefix: prefix, count: 400)
            #expect(slugs == 400, "each slug read once")
            #expect(statements < 400, "reads queued behind a statement shared the next (\(statements) statements)")
            #expect(statements >= 2)
        }
    }

    @Test func readsFromAnSQLiteFileAreMadeAtOnceEachAlone() async throws {
        try await Self.withStore(links: 400) { store, _ in
            let (statements, slugs) = try await Self.readEveryLink(of: store, count: 400)
            #expect(slugs == 400)
            #expect(statements == 400, "no read waited to share a statement")
        }
    }

    @Test(arguments: [Place.file] + Place.waiting)
    func aSlugAskedForByManyIsAnsweredToEachAndAnUnknownOneIsNil(place: Place) async throws {
        try await Self.withStore(links: 1, in: place) { store, prefix in
            let reads = LinkReads(store: store, metrics: SiteMetrics())
            let targets = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<100 { group.addTask { try await reads.link(try Slug("\(prefix)-0"))?.link.target } }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(targets == Array(repeating: "myapp://product/0", count: 100))
            let unknown = try await reads.link(try Slug("nothing-here"))
            #expect(unknown == nil)
        }
    }

    @Test func aStoreThatFailsFailsEveryWaitingRead() async throws {
        try await Self.withStore(links: 3) { store, _ in
            let reads = LinkReads(store: store, metrics: SiteMetrics())
            let before = try await reads.link(try Slug("read-1"))
            #expect(before?.link.target == "myapp://product/1")
            await store.close()
            let codes = await withTaskGroup(of: LinkStoreError.Code?.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        do {
                            _ = try await reads.link(try Slug("read-\(index % 3)"))
                            return nil
                        } catch let error as LinkStoreError {
                            return error.code
                        } catch {
                            return nil
                        }
                    }
                }
                return await group.reduce(into: [LinkStoreError.Code?]()) { $0.append($1) }
            }
            #expect(codes == Array(repeating: .unavailable, count: 50), "no read hangs, none succeeds")
        }
    }
}
