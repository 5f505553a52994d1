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

    /// A store holding `count` links, read-N to myapp://product/N: on a fresh SQLite file, or in memory, where no
    /// read can be made at once (`LinkStore.linkAtOnce(_:)`).
    static func withStore(links count: Int, inMemory: Bool = false, _ body: (LinkStore) async throws -> Void)
        async throws
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-reads-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = inMemory ? ":memory:" : folder.appendingPathComponent("links.sqlite").path
        let store = try await LinkStore.open(.sqlite(path: path), deadline: .seconds(60))
        do {
            for index in 0..<count {
                try await store.create(
                    ShortLink(slug: try Slug("read-\(index)"), target: "myapp://product/\(index)"), at: now)
            }
            try await body(store)
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

    /// Reads read-0 to read-(`count` - 1) from `store` all at once through one `LinkReads` (one statement at a time),
    /// checks that each caller got its own link, and gives the statements run and the slugs they read.
    static func readEveryLink(of store: LinkStore, count: Int) async throws -> (statements: Int, slugs: Int) {
        let registry = PrometheusCollectorRegistry()
        let reads = LinkReads(
            store: store, maxReadsAtOnce: 1, metrics: SiteMetrics(factory: MetricsEndpoint.factory(registry: registry)))
        let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<count {
                group.addTask { (index, try await reads.link(try Slug("read-\(index)"))?.link.target) }
            }
            return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        #expect(answers.count == count)
        #expect(answers.allSatisfy { $0.value == "myapp://product/\($0.key)" })
        return statements(in: registry)
    }

    @Test func readsThatWaitEachGetTheirLinkInFewerStatements() async throws {
        try await Self.withStore(links: 400, inMemory: true) { store in
            let (statements, slugs) = try await Self.readEveryLink(of: store, count: 400)
            #expect(slugs == 400, "each slug read once")
            #expect(statements < 400, "reads queued behind a statement shared the next (\(statements) statements)")
            #expect(statements >= 2)
        }
    }

    @Test func readsFromAnSQLiteFileAreMadeAtOnceEachAlone() async throws {
        try await Self.withStore(links: 400) { store in
            let (statements, slugs) = try await Self.readEveryLink(of: store, count: 400)
            #expect(slugs == 400)
            #expect(statements == 400, "no read waited to share a statement")
        }
    }

    @Test(arguments: [false, true])
    func aSlugAskedForByManyIsAnsweredToEachAndAnUnknownOneIsNil(inMemory: Bool) async throws {
        try await Self.withStore(links: 1, inMemory: inMemory) { store in
            let reads = LinkReads(store: store, metrics: SiteMetrics())
            let targets = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<100 { group.addTask { try await reads.link(try Slug("read-0"))?.link.target } }
                return try await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(targets == Array(repeating: "myapp://product/0", count: 100))
            let unknown = try await reads.link(try Slug("nothing-here"))
            #expect(unknown == nil)
        }
    }

    @Test func aStoreThatFailsFailsEveryWaitingRead() async throws {
        try await Self.withStore(links: 3) { store in
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
