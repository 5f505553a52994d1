import Foundation
import SQLKit
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks
import Testing

/// A batch of clicks or of claims' events is written whole or not at all, and once, however often it is asked under
/// its id: a retry after a write that committed but reported a failure counts nothing twice.
@Suite struct WrittenOnceTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func clicks(_ count: Int, of slug: Slug) -> [Click] {
        // A second each, so that each click is a row of its own.
        (0..<count).map {
            Click(slug: slug, at: now.addingTimeInterval(Double($0)), platform: .ios, referrerHost: "")
        }
    }

    static func total(_ store: LinkStore, _ slug: Slug) async throws -> Int {
        try await store.clickCounts(of: slug).reduce(0) { $0 + $1.clicks }
    }

    static func rowCount(_ table: String, in database: TestDatabase) async throws -> Int {
        let count = Locked(-1)
        try await database.withSQL { sql in
            let row = try await sql.raw("SELECT COUNT(*) AS n FROM \(ident: table)").first()
            let value = try row?.decode(column: "n", as: Int.self) ?? -1
            count.withLock { $0 = value }
        }
        return count.snapshot
    }

    @Test(arguments: TestEngine.available)
    func clicksAskedAgainUnderTheirBatchIDAreCountedOnce(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let slug = try Slug("xmas")
            let batch = BatchID()
            try await store.record(Self.clicks(3, of: slug), as: batch)
            try await store.record(Self.clicks(3, of: slug), as: batch)
            #expect(try await Self.total(store, slug) == 3)
            try await store.record(Self.clicks(3, of: slug), as: BatchID())
            #expect(try await Self.total(store, slug) == 6, "another writer's batch of the same clicks counts")
        }
    }

    /// A writer's batches, one after another: each is written once, and its last one asked again writes nothing.
    @Test(arguments: TestEngine.available)
    func aWritersNextBatchIsWrittenAndItsLastOneOnlyOnce(engine: TestEngine) async throws {
        try await withStore(engine) { store, database in
            let slug = try Slug("xmas")
            let writer = BatchID().writer
            for number in [1, 1, 2, 2, 2, 3] as [Int64] {
                try await store.record(Self.clicks(1, of: slug), as: BatchID(writer: writer, number: number))
            }
            #expect(try await Self.total(store, slug) == 3)
            #expect(try await Self.rowCount("written_batches", in: database) == 1, "a writer is one row")
        }
    }

    /// Two writes of one batch at once (PostgreSQL runs them on two connections): one writes it, the other finds it.
    @Test(arguments: TestEngine.available)
    func oneBatchWrittenTwiceAtOnceIsCountedOnce(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let slug = try Slug("xmas")
            for _ in 0..<10 {
                let batch = BatchID()
                async let first: Void = store.record(Self.clicks(50, of: slug), as: batch)
                async let second: Void = store.record(Self.clicks(50, of: slug), as: batch)
                _ = try await (first, second)
            }
            #expect(try await Self.total(store, slug) == 500)
        }
    }

    @Test(arguments: TestEngine.available)
    func claimEventsAskedAgainUnderTheirBatchIDAreAddedOnce(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let slug = try Slug("xmas")
            let day = StoredTime.day(Self.now)
            let counts = [
                (slug, ClaimEventCount(day: day, event: .storeRedirect, count: 3)),
                (slug, ClaimEventCount(day: day, event: .redeemed, count: 1)),
            ]
            let batch = BatchID()
            try await store.count(counts, as: batch)
            try await store.count(counts, as: batch)
            #expect(
                try await store.claimEventCounts(of: slug) == [
                    ClaimEventCount(day: day, event: .redeemed, count: 1),
                    ClaimEventCount(day: day, event: .storeRedirect, count: 3),
                ])
            try await store.count(counts, as: BatchID())
            #expect(try await store.claimEventCounts(of: slug).map(\.count) == [2, 6])
        }
    }

    /// SQLite takes a batch in statements of 1,000 rows: the database refuses the 1,001st row, and the first
    /// thousand must go too. The retry under the same id then writes the batch whole, once.
    @Test(arguments: TestEngine.available)
    func aBatchRefusedHalfWayWritesNothingAndItsRetryWritesItWhole(engine: TestEngine) async throws {
        try await withStore(engine) { store, database in
            let statements =
                switch engine {
                case .sqlite:
                    [
                        """
                        CREATE TRIGGER refuse BEFORE INSERT ON clicks WHEN (SELECT COUNT(*) FROM clicks) >= 1000 \
                        BEGIN SELECT RAISE(ABORT, 'refused'); END
                        """
                    ]
                case .postgres:
                    [
                        """
                        CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                        IF (SELECT COUNT(*) FROM clicks) >= 1000 THEN RAISE EXCEPTION 'refused'; END IF; \
                        RETURN NEW; END $$
                        """,
                        "CREATE TRIGGER refuse BEFORE INSERT ON clicks FOR EACH ROW EXECUTE FUNCTION refuse()",
                    ]
                }
            try await database.withSQL { sql in
                for statement in statements { try await sql.raw(SQLQueryString(statement)).run() }
            }
            let slug = try Slug("xmas")
            let batch = BatchID()
            let code = await storeErrorCode { try await store.record(Self.clicks(2_500, of: slug), as: batch) }
            #expect(code == .unavailable)
            #expect(try await Self.rowCount("clicks", in: database) == 0, "no part of the batch is kept")
            #expect(try await Self.rowCount("written_batches", in: database) == 0, "nor its id")
            let drop = engine == .sqlite ? "DROP TRIGGER refuse" : "DROP TRIGGER refuse ON clicks"
            try await database.withSQL { try await $0.raw(SQLQueryString(drop)).run() }
            try await store.record(Self.clicks(2_500, of: slug), as: batch)
            try await store.record(Self.clicks(2_500, of: slug), as: batch)
            #expect(try await Self.total(store, slug) == 2_500)
        }
    }

    @Test(arguments: TestEngine.available)
    func writersSilentForAWeekAreForgotten(engine: TestEngine) async throws {
        try await withStore(engine) { store, database in
            let now = StoredTime.milliseconds(Date())
            let week: Int64 = 7 * 86_400_000
            let (old, recent) = (now - week - 60_000, now - week + 60_000)
            try await database.withSQL { sql in
                try await sql.raw(
                    "INSERT INTO written_batches (writer, batch, written_at) VALUES ('old', 1, \(bind: old))"
                ).run()
                try await sql.raw(
                    "INSERT INTO written_batches (writer, batch, written_at) VALUES ('recent', 1, \(bind: recent))"
                ).run()
            }
            let batch = BatchID()
            try await store.record(Self.clicks(1, of: try Slug("xmas")), as: batch)
            let writers = Locked<Set<String>>([])
            try await database.withSQL { sql in
                let rows = try await sql.raw("SELECT writer FROM written_batches").all()
                let read = Set(try rows.map { try $0.decode(column: "writer", as: String.self) })
                writers.withLock { $0 = read }
            }
            #expect(writers.snapshot == ["recent", batch.writer])
        }
    }
}
