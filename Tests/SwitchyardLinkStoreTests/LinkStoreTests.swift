import Foundation
import Logging
import SQLKit
import SQLiteKit
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks
import Testing

/// The store on a real SQLite file and a real PostgreSQL server: what it acknowledges, it keeps and gives back whole.
@Suite struct LinkStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func link(_ slug: String, target: String = "myapp://product/1988") throws -> ShortLink {
        ShortLink(slug: try Slug(slug), target: target)
    }

    @Test func postgresIsThereWhenCIAsksForIt() {
        #expect(!TestEngine.postgresRequired || TestEngine.postgresAddress != nil, "SWITCHYARD_TEST_POSTGRES is unset")
    }

    @Test(arguments: TestEngine.available)
    func aCreatedLinkComesBackWithEveryField(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            var link = try Self.link("spring-sale")
            link.ios = "myapp://product/1988?from=ios"
            link.android = "https://shop.example.com/product/1988"
            link.desktop = "https://shop.example.com/p/1988"
            link.preview = .init(
                title: "Spring <sale> & \"more\"", description: "Ünïcödé 🌸", imageURL: "https://cdn.example.com/a.png")
            link.utm = ["source": "poster", "campaign": "spring"]
            link.expiresAt = Self.now.addingTimeInterval(86_400)
            link.isDisabled = true
            link.tags = ["print", "2026"]
            try await store.create(link, at: Self.now)
            let stored = try #require(try await store.link(link.slug))
            #expect(stored.link == link)
            #expect(stored.createdAt == Self.now)
            #expect(stored.updatedAt == Self.now)
            #expect(try await store.link(try Slug("Spring-sale")) == nil, "slugs are case-sensitive")
        }
    }

    @Test(arguments: TestEngine.available)
    func aTakenSlugIsRefusedAndTheFirstLinkKept(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            try await store.create(try Self.link("xmas"), at: Self.now)
            let code = await storeErrorCode {
                try await store.create(try Self.link("xmas", target: "https://shop.example.com/"), at: Self.now)
            }
            #expect(code == .slugTaken)
            #expect(try await store.link(try Slug("xmas"))?.link.target == "myapp://product/1988")
        }
    }

    /// A console's session is found by its hash while its token is not revoked, and ends when deleted or by time.
    @Test(arguments: TestEngine.available)
    func aSessionIsKeptByItsHashWhileItsTokenStands(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let token = StoredToken(
                id: "abcd1234", name: "t", hash: String(repeating: "0", count: 64), createdAt: Self.now)
            try await store.add(token)
            let session = StoredSession(
                tokenID: token.id, formToken: "form", createdAt: Self.now, lastSeenAt: Self.now)
            try await store.createSession(idHash: "hash-a", session)
            try await store.createSession(
                idHash: "hash-old",
                StoredSession(
                    tokenID: token.id, formToken: "f", createdAt: Self.now.addingTimeInterval(-86_400),
                    lastSeenAt: Self.now))
            #expect(try await store.session(idHash: "hash-a") == session)
            #expect(try await store.session(idHash: "hash-b") == nil)
            try await store.touchSession(idHash: "hash-a", at: Self.now.addingTimeInterval(30))
            #expect(try await store.session(idHash: "hash-a")?.lastSeenAt == Self.now.addingTimeInterval(30))
            // Begun more than 12 hours before: deleted; the other stays.
            try await store.deleteSessions(
                lastSeenBefore: Self.now.addingTimeInterval(-3_600), createdBefore: Self.now.addingTimeInterval(-43_200)
            )
            #expect(try await store.session(idHash: "hash-old") == nil)
            #expect(try await store.session(idHash: "hash-a") != nil)
            #expect(try await store.revokeToken(token.id, at: Self.now))
            #expect(try await store.session(idHash: "hash-a") == nil, "a revoked token's sessions are no one's")
            #expect(try await store.deleteSession(idHash: "hash-a"))
            #expect(try await !store.deleteSession(idHash: "hash-a"))
        }
    }

    /// An import's links go in together: all of them, or, when one's slug is taken, none.
    @Test(arguments: TestEngine.available)
    func linksCreatedTogetherAreAllWrittenOrNone(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let many = try (0..<450).map { try Self.link("many-\($0)") }
            try await store.createAll(many, at: Self.now)
            #expect(try await store.list(after: nil, limit: 1_000).count == 450)
            // The taken slug is in the third statement of 200: the two before it are rolled back too.
            let clash = try (0..<420).map { try Self.link("clash-\($0)") } + [try Self.link("many-7")]
            let code = await storeErrorCode { try await store.createAll(clash, at: Self.now) }
            #expect(code == .slugTaken)
            #expect(try await store.link(try Slug("clash-0")) == nil)
            #expect(try await store.list(after: nil, limit: 1_000).count == 450)
        }
    }

    @Test(arguments: TestEngine.available)
    func fiftyCreatesOfOneSlugAtOnceMakeOneLink(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let outcomes = await withTaskGroup(of: LinkStoreError.Code?.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        do {
                            try await store.create(
                                try Self.link("race", target: "myapp://product/\(index)"), at: Self.now)
                            return nil
                        } catch let error as LinkStoreError {
                            return error.code
                        } catch {
                            return .unavailable
                        }
                    }
                }
                return await group.reduce(into: [LinkStoreError.Code?]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == nil }.count == 1)
            #expect(outcomes.filter { $0 == .slugTaken }.count == 49)
        }
    }

    @Test(arguments: TestEngine.available)
    func anUpdateReplacesTheLinkAndKeepsItsCreation(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            var link = try Self.link("update-me")
            try await store.create(link, at: Self.now)
            link.target = "https://shop.example.com/sale"
            link.tags = ["changed"]
            let later = Self.now.addingTimeInterval(60)
            #expect(try await store.update(link, at: later))
            let stored = try #require(try await store.link(link.slug))
            #expect(stored.link == link)
            #expect(stored.createdAt == Self.now)
            #expect(stored.updatedAt == later)
            #expect(try await store.update(try Self.link("nobody"), at: later) == false)
            #expect(try await store.link(try Slug("nobody")) == nil, "an update never creates")
        }
    }

    @Test(arguments: TestEngine.available)
    func deletingALinkDeletesItsClicks(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let gone = try Self.link("gone")
            let kept = try Self.link("kept")
            try await store.create(gone, at: Self.now)
            try await store.create(kept, at: Self.now)
            try await store.record([
                Click(slug: gone.slug, at: Self.now, platform: .ios, referrerHost: ""),
                Click(slug: kept.slug, at: Self.now, platform: .ios, referrerHost: ""),
            ])
            #expect(try await store.delete(gone.slug))
            #expect(try await store.delete(gone.slug) == false)
            #expect(try await store.link(gone.slug) == nil)
            #expect(try await store.clickCounts(of: gone.slug).isEmpty)
            #expect(try await store.clickCounts(of: kept.slug).map(\.clicks) == [1])
        }
    }

    @Test(arguments: TestEngine.available)
    func pagesListEveryLinkOnceInSlugOrder(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let slugs = (0..<25).map { "link-\(String(100 + $0 * 7 % 25))" }
            for slug in slugs { try await store.create(try Self.link(slug), at: Self.now) }
            var seen: [String] = []
            var cursor: Slug?
            while true {
                let page = try await store.list(after: cursor, limit: 10)
                seen += page.map(\.link.slug.text)
                guard page.count == 10, let last = page.last else { break }
                cursor = last.link.slug
            }
            #expect(seen == slugs.sorted())
        }
    }

    @Test(arguments: TestEngine.available)
    func clicksAreCountedByDayAndPlatform(engine: TestEngine) async throws {
        try await withStore(engine) { store, database in
            let link = try Self.link("counted")
            try await store.create(link, at: Self.now)
            let day = 86_400.0
            // 2,500 clicks: three statements of at most 1,000 rows.
            var clicks: [Click] = []
            for index in 0..<2_500 {
                let platform = Visitor.allCases[index % 4]
                clicks.append(
                    Click(
                        slug: link.slug, at: Self.now.addingTimeInterval(Double(index % 2) * day), platform: platform,
                        referrerHost: "news.example.com"))
            }
            try await store.record(clicks)
            let counts = try await store.clickCounts(of: link.slug)
            #expect(counts.reduce(0) { $0 + $1.clicks } == 2_500)
            // Even indexes fall on the first day (ios, desktop), odd ones on the next (android, bot).
            #expect(
                counts == [
                    ClickCount(day: "2026-11-18", platform: .desktop, clicks: 625),
                    ClickCount(day: "2026-11-18", platform: .ios, clicks: 625),
                    ClickCount(day: "2026-11-19", platform: .android, clicks: 625),
                    ClickCount(day: "2026-11-19", platform: .bot, clicks: 625),
                ])
            // The clicks of one second, link, platform and host are one row with their count.
            try await database.withSQL { sql in
                let rows = try await sql.raw("SELECT COUNT(*) AS rows FROM clicks").all()
                #expect(try rows.first?.decode(column: "rows", as: Int.self) == 4)
            }
        }
    }

    /// SQL metacharacters go in as values, bound, and come back as written.
    @Test(arguments: TestEngine.available)
    func sqlMetacharactersAreKeptAsText(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            var link = try Self.link("quote_test")
            link.target = "https://shop.example.com/?q=';DROP TABLE short_links;--"
            link.preview.title = "Robert'); DROP TABLE clicks;-- \\ % _ \u{2019}"
            link.tags = ["'", "\"", ";", "--", "/*", "\\"]
            try await store.create(link, at: Self.now)
            try await store.record([Click(slug: link.slug, at: Self.now, platform: .bot, referrerHost: "a'b.example")])
            #expect(try await store.link(link.slug)?.link == link)
            #expect(try await store.list(after: nil, limit: 10).count == 1)
            #expect(try await store.clickCounts(of: link.slug).count == 1)
        }
    }

    /// The reads a site coalesces: one statement for many slugs, each link by its slug, a slug the store lacks left
    /// out, and a broken row a typed error of its own that spoils none of the others.
    @Test(arguments: TestEngine.available)
    func manyLinksAreReadInOneStatementEachByItsSlug(engine: TestEngine) async throws {
        try await withStore(engine) { store, database in
            for index in 0..<300 {
                try await store.create(try Self.link("many-\(index)", target: "myapp://product/\(index)"), at: Self.now)
            }
            try await database.withSQL { sql in
                try await sql.raw(
                    "INSERT INTO short_links (slug, link, created_at, updated_at) VALUES ('broken', '{\"slug\": 4', 0, 0)"
                ).run()
            }
            let asked = try (0..<250).map { try Slug("many-\($0)") } + [try Slug("broken"), try Slug("absent")]
            let found = try await store.links(asked + [try Slug("many-0")])
            #expect(found.count == 251, "250 links and the broken row; the absent slug is left out")
            for index in 0..<250 {
                let stored = try found[try Slug("many-\(index)")]?.get()
                #expect(stored?.link.target == "myapp://product/\(index)")
            }
            #expect(throws: LinkStoreError.self) { try found[try Slug("broken")]?.get() }
            #expect(found[try Slug("absent")] == nil)
            #expect(try await store.links([]).isEmpty)
            // At most maxSlugsARead slugs a statement: the first of them.
            let tooMany = try (0..<300).map { try Slug("many-\($0)") }
            #expect(try await store.links(tooMany).count == LinkStore.maxSlugsARead)
        }
    }

    @Test(arguments: TestEngine.available)
    func aRowTheStoreDidNotWriteIsATypedError(engine: TestEngine) async throws {
        try await withStore(engine) { store, database in
            try await database.withSQL { sql in
                try await sql.raw(
                    "INSERT INTO short_links (slug, link, created_at, updated_at) VALUES ('broken', '{\"slug\": 42', 0, 0)"
                ).run()
            }
            let slug = try Slug("broken")
            do throws(LinkStoreError) {
                _ = try await store.link(slug)
                Issue.record("a broken row was read as a link")
            } catch {
                #expect(error.code == .unreadableRow)
                #expect(error.message.contains("broken"))
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func openingAgainAppliesNoMigrationTwice(engine: TestEngine) async throws {
        try await withStore(engine) { store, database in
            try await store.create(try Self.link("survives"), at: Self.now)
            let again = try await LinkStore.open(database.location, deadline: .seconds(60))
            #expect(try await again.link(try Slug("survives")) != nil)
            await again.close()
            try await database.withSQL { sql in
                let versions = try await sql.raw("SELECT version FROM switchyard_migrations ORDER BY version").all()
                #expect(try versions.map { try $0.decode(column: "version", as: Int.self) } == [1, 2, 3, 4, 5, 6])
            }
        }
    }

    @Test(arguments: TestEngine.available)
    func aDatabaseFromANewerVersionIsRefused(engine: TestEngine) async throws {
        try await withStore(engine) { _, database in
            try await database.withSQL { sql in
                try await sql.raw(
                    "INSERT INTO switchyard_migrations (version, name, applied_at) VALUES (99, 'future', 0)"
                ).run()
            }
            let code = await storeErrorCode {
                let store = try await LinkStore.open(database.location, deadline: .seconds(60))
                await store.close()
            }
            #expect(code == .newerSchema)
        }
    }

    /// What a site's `/readyz` asks: ready with this build's schema, not with an older one (a database reset or
    /// restored from an old backup) or a newer one (migrated by a newer version since the site opened it).
    @Test(
        arguments: TestEngine.available.flatMap { engine in
            [
                (engine, nil, nil),
                (
                    engine,
                    "DELETE FROM switchyard_migrations WHERE version = (SELECT MAX(version) FROM switchyard_migrations)",
                    LinkStoreError.Code.unavailable
                ),
                (
                    engine, "INSERT INTO switchyard_migrations (version, name, applied_at) VALUES (99, 'future', 0)",
                    .newerSchema
                ),
            ]
        })
    func readinessNeedsThisBuildsSchema(engine: TestEngine, statement: String?, failure: LinkStoreError.Code?)
        async throws
    {
        try await withStore(engine) { store, database in
            if let statement {
                try await database.withSQL { sql in try await sql.raw(SQLQueryString(statement)).run() }
            }
            let code = await storeErrorCode { try await store.checkReady(deadline: .seconds(60)) }
            #expect(code == failure)
        }
    }

    @Test func storesStartingAtOnceOnOnePostgresDatabaseMigrateItOnce() async throws {
        guard TestEngine.available.contains(.postgres) else { return }
        let database = try await TestDatabase.make(.postgres)
        defer { Task { await database.remove() } }
        let stores = try await withThrowingTaskGroup(of: LinkStore.self) { group in
            for _ in 0..<4 { group.addTask { try await LinkStore.open(database.location, deadline: .seconds(60)) } }
            return try await group.reduce(into: [LinkStore]()) { $0.append($1) }
        }
        // A link written through one is read through another: one database, several processes.
        try await stores[0].create(try Self.link("shared"), at: Self.now)
        #expect(try await stores[3].link(try Slug("shared")) != nil)
        for store in stores { await store.close() }
        try await database.withSQL { sql in
            let rows = try await sql.raw("SELECT version FROM switchyard_migrations ORDER BY version").all()
            #expect(try rows.map { try $0.decode(column: "version", as: Int.self) } == [1, 2, 3, 4, 5, 6])
        }
    }

    /// The pool would try to connect again and again; the deadline makes the store give up. (The time limit only
    /// keeps a hang from stalling the run; no timing decides the test.)
    @Test(.timeLimit(.minutes(1))) func anUnreachableServerIsUnavailableWithinTheDeadline() async throws {
        // Nothing listens on port 1 of loopback.
        let code = await storeErrorCode {
            var quiet = Logger(label: "unreachable")
            quiet.logLevel = .critical
            let store = try await LinkStore.open(
                try StoreLocation("postgres://nobody@127.0.0.1:1/none"), deadline: .seconds(1), logger: quiet)
            await store.close()
        }
        #expect(code == .unavailable)
    }

    /// An SQLite file another process keeps locked (a tool holding a transaction, a backup): the store waits for it
    /// at most its deadline, sleeping, then says it is unavailable, and opens once the lock is gone. SQLiteNIO's
    /// own busy handler would retry without end. (The time limit only keeps a hang from stalling the run.)
    @Test(.timeLimit(.minutes(1))) func anSQLiteFileLockedElsewhereIsUnavailableWithinTheDeadline() async throws {
        let database = try await TestDatabase.make(.sqlite)
        try await closing({ await database.remove() }) {
            guard case .sqlite(let path) = database.location else { return }
            let holder = try await SQLiteConnection.open(storage: .file(path: path))
            try await closing({ try await holder.close() }) {
                // The new file is in rollback mode, where this lock keeps every other connection out; the store's
                // first statement (making the file a WAL file) needs the file.
                _ = try await holder.query("BEGIN EXCLUSIVE")
                let code = await storeErrorCode {
                    let store = try await LinkStore.open(database.location, deadline: .milliseconds(300))
                    await store.close()
                }
                #expect(code == .unavailable)
                _ = try await holder.query("ROLLBACK")
            }
            let store = try await LinkStore.open(database.location, deadline: .seconds(60))
            await store.close()
        }
    }

    /// After `close()`, every kind of call (a read, a run of reads, a write, the readiness check) fails at once and
    /// says the store is closed, rather than what the driver says of a closed handle or pool; a second `close()`
    /// returns.
    @Test(.timeLimit(.minutes(1)), arguments: TestEngine.available)
    func aClosedStoreSaysSoToEveryCall(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let slug = try Slug("closed")
            let other = try Slug("other")
            try await store.create(ShortLink(slug: slug, target: "myapp://cart"), at: Self.now)
            await store.close()
            #expect(store.linkAtOnce(slug) == nil)
            let failures = [
                "link": await Self.failure { () throws(LinkStoreError) in _ = try await store.link(slug) },
                "readingLinks": await Self.failure { () throws(LinkStoreError) in
                    try await store.readingLinks { reader throws(LinkStoreError) in _ = try await reader.links([slug]) }
                },
                "create": await Self.failure { () throws(LinkStoreError) in
                    try await store.create(ShortLink(slug: other, target: "myapp://cart"), at: Self.now)
                },
                "checkReady": await Self.failure { () throws(LinkStoreError) in
                    try await store.checkReady(deadline: .seconds(5))
                },
            ]
            for (call, failure) in failures {
                #expect(failure == LinkStoreError(.unavailable, "the store is closed"), "\(call)")
            }
            await store.close()
        }
    }

    /// What `call` threw; `nil` when it threw nothing.
    static func failure(_ call: () async throws(LinkStoreError) -> Void) async -> LinkStoreError? {
        do throws(LinkStoreError) {
            try await call()
            return nil
        } catch {
            return error
        }
    }
}
