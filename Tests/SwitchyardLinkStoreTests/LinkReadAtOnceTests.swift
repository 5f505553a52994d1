import Foundation
import SQLKit
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks
import Testing

/// `LinkStore.linkAtOnce(_:)`: a link read on the calling thread from an SQLite file answers what the statement
/// (`link(_:)`) answers, sees every write as soon as it is made, and gives way (`nil`) where it cannot read so.
struct LinkReadAtOnceTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// Rows the store never writes, written by SQL, by slug; beside them `good`, a link the store wrote and changed.
    static let rows: [(slug: String, values: String)] = [
        ("broken-json", #"'{"slug": 4', 0, 0"#),
        ("other-slug", #"'{"slug":"not-this-one","target":"myapp://product/2"}', 0, 0"#),
        ("text-time", #"'{"slug":"text-time","target":"myapp://product/3"}', 'yesterday', 0"#),
        ("number-link", "42, 0, 0"),
        ("real-time", #"'{"slug":"real-time","target":"myapp://product/4"}', 0, 1.5"#),
    ]

    /// What `link(_:)` answers: the link's target and times, `nil` for none, or the error's code.
    static func outcome(_ read: () async throws(LinkStoreError) -> LinkStore.Stored?) async -> String {
        do throws(LinkStoreError) {
            guard let stored = try await read() else { return "none" }
            let times = [stored.createdAt, stored.updatedAt].map { "\($0.timeIntervalSince1970)" }
            return ([stored.link.target] + times).joined(separator: " ")
        } catch {
            return "\(error.code)"
        }
    }

    @Test(arguments: ["good", "absent"] + rows.map(\.slug))
    func aLinkReadAtOnceIsWhatTheStatementReads(slug: String) async throws {
        try await withStore(.sqlite) { store, database in
            let good = ShortLink(slug: try Slug("good"), target: "myapp://product/1")
            try await store.create(good, at: Self.now)
            _ = try await store.update(good, at: Self.now + 1)
            try await database.withSQL { sql in
                for row in Self.rows {
                    try await sql.raw(
                        "INSERT INTO short_links VALUES ('\(unsafeRaw: row.slug)', \(unsafeRaw: row.values))"
                    ).run()
                }
            }
            let key = try Slug(slug)
            let atOnce = try #require(store.linkAtOnce(key), "an SQLite file is read at once")
            let byStatement = await Self.outcome { () throws(LinkStoreError) in try await store.link(key) }
            #expect(await Self.outcome { () throws(LinkStoreError) in try atOnce.get() } == byStatement)
            let expected = ["good": "myapp://product/1 1790000000.0 1790000001.0", "absent": "none"]
            #expect(byStatement == expected[slug, default: "unreadableRow"])
        }
    }

    @Test func aLinkReadAtOnceSeesEveryChangeWhenItIsMade() async throws {
        try await withStore(.sqlite) { store, _ in
            let slug = try Slug("changing")
            #expect(try store.linkAtOnce(slug)?.get() == nil)
            try await store.create(ShortLink(slug: slug, target: "myapp://product/1"), at: Self.now)
            #expect(try store.linkAtOnce(slug)?.get()?.link.target == "myapp://product/1")
            _ = try await store.update(ShortLink(slug: slug, target: "myapp://product/2"), at: Self.now)
            #expect(try store.linkAtOnce(slug)?.get()?.link.target == "myapp://product/2")
            _ = try await store.delete(slug)
            let gone = try #require(store.linkAtOnce(slug))
            #expect(try gone.get() == nil)
        }
    }

    /// Many readers at once, more than the reader keeps connections for: each gets its own link, or `nil` (read it
    /// with a statement), never another's.
    @Test func readsAtOnceFromManyTasksEachGetTheirOwnLink() async throws {
        try await withStore(.sqlite) { store, _ in
            let links = try (0..<64).map { ShortLink(slug: try Slug("many-\($0)"), target: "myapp://product/\($0)") }
            try await store.createAll(links, at: Self.now)
            let answers = await withTaskGroup(of: (Int, String?, Bool).self) { group in
                for round in 0..<2_000 {
                    let index = round % links.count
                    group.addTask {
                        guard let read = store.linkAtOnce(links[index].slug) else { return (index, nil, false) }
                        return (index, (try? read.get())?.link.target, true)
                    }
                }
                return await group.reduce(into: [(Int, String?, Bool)]()) { $0.append($1) }
            }
            let readAtOnce = answers.filter(\.2)
            #expect(readAtOnce.count >= 1_000, "most reads were made at once (\(readAtOnce.count) of 2,000)")
            #expect(readAtOnce.allSatisfy { $0.1 == "myapp://product/\($0.0)" })
        }
    }

    @Test(arguments: [":memory:", "closed"])
    func aStoreThatCannotReadAtOnceSaysSoAndReadsByStatement(kind: String) async throws {
        let database = try await TestDatabase.make(.sqlite)
        try await closing({ await database.remove() }) {
            let location = kind == ":memory:" ? StoreLocation.sqlite(path: ":memory:") : database.location
            let store = try await LinkStore.open(location, deadline: .seconds(60))
            let slug = try Slug("kept")
            try await store.create(ShortLink(slug: slug, target: "myapp://product/1"), at: Self.now)
            if kind == "closed" {
                #expect(store.linkAtOnce(slug) != nil)
                await store.close()
                #expect(store.linkAtOnce(slug) == nil, "a closed store reads nothing")
            } else {
                #expect(store.linkAtOnce(slug) == nil, "an in-memory database is seen by its own connection only")
                #expect(try await store.link(slug)?.link.target == "myapp://product/1")
                await store.close()
            }
        }
    }

    @Test(.enabled(if: TestEngine.available.contains(.postgres)))
    func postgreSQLIsNeverReadAtOnce() async throws {
        try await withStore(.postgres) { store, _ in
            let slug = try Slug("on-the-server")
            try await store.create(ShortLink(slug: slug, target: "myapp://product/1"), at: Self.now)
            #expect(store.linkAtOnce(slug) == nil)
        }
    }
}
