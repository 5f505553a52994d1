import Foundation
import Logging
import PostgresKit
import SQLKit
import SQLiteKit
import Switchyard
import SwitchyardWebLinks

/// Where a link site keeps its short links and their clicks: an SQLite file or a PostgreSQL database, with the same
/// statements on both.
///
/// Opening a store applies the schema's migrations. Every call is one statement, so it is atomic, and what it
/// wrote is durable when it returns: a link the admin API acknowledged survives a crash of the server.
///
/// ```swift
/// let store = try await LinkStore.open(try StoreLocation("links.sqlite"))
/// try await store.create(ShortLink(slug: try Slug("xmas"), target: "myapp://product/1988"), at: .now)
/// let link = try await store.link(try Slug("xmas"))
/// await store.close()
/// ```
package final class LinkStore: Sendable {
    let connection: StoreConnection

    /// A link as the store holds it, with when it was created and last changed.
    package struct Stored: Sendable, Hashable {
        package var link: ShortLink
        package var createdAt: Date
        package var updatedAt: Date

        package init(link: ShortLink, createdAt: Date, updatedAt: Date) {
            self.link = link
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }
    }

    private init(connection: StoreConnection) {
        self.connection = connection
    }

    /// Opens the database at `location` and brings its schema up to date.
    /// - Parameters:
    ///   - location: An SQLite file or a PostgreSQL database.
    ///   - deadline: How long a call may wait for the database before it throws `unavailable`.
    ///   - logger: Where the store tells of migrations and failures.
    /// - Throws: ``LinkStoreError``: `unavailable` when the database cannot be reached, `newerSchema` when a newer
    ///   version of Switchyard has migrated it.
    package static func open(
        _ location: StoreLocation, deadline: Duration = .seconds(5), logger: Logger = Logger(label: "switchyard.store")
    ) async throws(LinkStoreError) -> LinkStore {
        let connection = try await StoreConnection.open(location, deadline: deadline, logger: logger)
        do {
            if case .sqlite = connection.engine {
                // WAL lets readers run beside the writer. With NORMAL, a commit is in the write-ahead log when it
                // returns, so it survives the process's crash (kill -9); only losing the machine's power can lose
                // the last commits, which PostgreSQL (fsync at every commit) does not.
                try await connection.withDatabase(deadline: Migration.deadline) { database in
                    try await database.raw("PRAGMA journal_mode = WAL").run()
                    try await database.raw("PRAGMA synchronous = NORMAL").run()
                    // SQLite keeps 2 MiB of the file's pages by default; a campaign's clicks land all over the
                    // clicks' index, whose pages then come from the kernel one read at a time. 64 MiB (taken as
                    // pages are read) holds the pages of about a million links and their clicks.
                    try await database.raw("PRAGMA cache_size = -65536").run()
                }
            }
            // Reached within the statement deadline first: the migrations' long deadline is for slow steps, not for
            // waiting on a server that is not there.
            try await connection.withDatabase { database in try await database.raw("SELECT 1").run() }
            try await Migration.run(on: connection)
        } catch {
            await connection.close()
            throw error
        }
        return LinkStore(connection: connection)
    }

    /// `sqlite` or `postgres`.
    package var engine: String { connection.engineName }

    /// Checks that the database answers within `deadline` and has the schema this build writes: what a site's
    /// readiness probe asks.
    /// - Throws: ``LinkStoreError``: `unavailable` when the database does not answer, or its schema is older than
    ///   this build's (it was reset or restored from an old backup); `newerSchema` when a newer version has
    ///   migrated it since this process opened it.
    package func checkReady(deadline: Duration) async throws(LinkStoreError) {
        let newest = try await connection.withDatabase(deadline: deadline) { database in
            try await database.raw("SELECT MAX(version) AS version FROM switchyard_migrations").first()?
                .decode(column: "version", as: Int?.self)
        }
        let latest = Migration.latest
        switch newest ?? 0 {
        case latest: return
        case ..<latest:
            throw LinkStoreError(.unavailable, "the database has migration \(newest ?? 0); this build needs \(latest)")
        case let newer:
            throw LinkStoreError(.newerSchema, "the database has migration \(newer); this build knows up to \(latest)")
        }
    }

    /// Adds `link`, created at `now`.
    /// - Throws: ``LinkStoreError``: `slugTaken` when a link has its slug, `unavailable`.
    package func create(_ link: ShortLink, at now: Date) async throws(LinkStoreError) {
        let json = try Self.encode(link)
        let time = StoredTime.milliseconds(now)
        let slug = link.slug.text
        // ON CONFLICT DO NOTHING: a taken slug is a normal answer, not a failed statement.
        let created = try await connection.withDatabase { database in
            try await database.raw(
                """
                INSERT INTO short_links (slug, link, created_at, updated_at) \
                VALUES (\(bind: slug), \(bind: json), \(bind: time), \(bind: time)) \
                ON CONFLICT (slug) DO NOTHING RETURNING slug
                """
            ).first() != nil
        }
        guard created else { throw LinkStoreError(.slugTaken, "a link named '\(slug)' exists already") }
    }

    /// Adds `links`, created at `now`, in one transaction: all of them, or, when a slug is taken, none.
    /// - Throws: ``LinkStoreError``: `slugTaken` when a link has the slug of one of them (nothing is written),
    ///   `unavailable`.
    package func createAll(_ links: [ShortLink], at now: Date) async throws(LinkStoreError) {
        var rows: [(slug: String, json: String)] = []
        for link in links { rows.append((link.slug.text, try Self.encode(link))) }
        let time = StoredTime.milliseconds(now)
        let allRows = rows
        try await connection.withTransaction { database in
            // Several rows a statement, far below both databases' limits on bound values (4 a row).
            for start in stride(from: 0, to: allRows.count, by: 200) {
                let part = allRows[start..<min(start + 200, allRows.count)]
                var insert = database.insert(into: "short_links").columns("slug", "link", "created_at", "updated_at")
                for row in part {
                    insert = insert.values([SQLBind(row.slug), SQLBind(row.json), SQLBind(time), SQLBind(time)])
                }
                // ON CONFLICT DO NOTHING: a taken slug is an answer, found by the rows that come back.
                let made = try await insert.ignoringConflicts(with: "slug").returning("slug")
                    .all(decodingColumn: "slug", as: String.self)
                guard made.count == part.count else {
                    let taken = Set(part.map(\.slug)).subtracting(made).sorted()
                    // Thrown inside the transaction, so that it is rolled back.
                    throw LinkStoreError(
                        .slugTaken, "links named \(taken.map { "'\($0)'" }.joined(separator: ", ")) exist already")
                }
            }
        }
    }

    /// The link named `slug`, or `nil`.
    /// - Throws: ``LinkStoreError``: `unreadableRow`, `unavailable`.
    package func link(_ slug: Slug) async throws(LinkStoreError) -> Stored? {
        let text = slug.text
        let row = try await connection.withDatabase { database in
            try await database.raw(
                "SELECT slug, link, created_at, updated_at FROM short_links WHERE slug = \(bind: text)"
            ).first().map(StoredRow.init)
        }
        guard let row else { return nil }
        return try row.stored()
    }

    /// The most slugs ``links(_:)`` reads in one statement: far below both databases' limits on bound values.
    package static let maxSlugsARead = 256

    /// The links named by `slugs` (at most ``maxSlugsARead``), in one statement: what the store has of each, by
    /// slug, a row that does not hold a link as `unreadableRow` (as ``link(_:)`` throws it). A slug the store does
    /// not have is not in the answer.
    /// - Throws: ``LinkStoreError``: `unavailable`.
    package func links(_ slugs: [Slug]) async throws(LinkStoreError) -> [Slug: Result<Stored, LinkStoreError>] {
        try await Self.links(slugs) { (sqlite, postgres) throws(LinkStoreError) in
            try await connection.withDriver(sqlite: sqlite, postgres: postgres)
        }
    }

    /// Runs `body` with a reader of links that holds one connection for all its reads: on PostgreSQL a run of reads
    /// leases a connection from the pool once (``StoreConnection/holdingConnection(_:)``). Each read keeps the
    /// store's deadline; the lease keeps it with the first read.
    /// - Throws: ``LinkStoreError``: what `body` threw, or `unavailable` when no connection was leased in time.
    package func readingLinks(_ body: @escaping @Sendable (LinkReader) async throws(LinkStoreError) -> Void)
        async throws(LinkStoreError)
    {
        try await connection.holdingConnection { held throws(LinkStoreError) in try await body(LinkReader(held: held)) }
    }

    /// Reads links on the connection ``readingLinks(_:)`` holds.
    package struct LinkReader: Sendable {
        fileprivate let held: StoreConnection.Held

        /// As ``LinkStore/links(_:)``, on the held connection.
        package func links(_ slugs: [Slug]) async throws(LinkStoreError) -> [Slug: Result<Stored, LinkStoreError>] {
            try await LinkStore.links(slugs) { (sqlite, postgres) throws(LinkStoreError) in
                try await held.run(sqlite: sqlite, postgres: postgres)
            }
        }
    }

    /// ``links(_:)``'s statement, run by `run` with the engine's driver.
    private static func links(
        _ slugs: [Slug],
        run: (
            _ sqlite: @escaping @Sendable (SQLiteConnection) async throws -> [StoredRow],
            _ postgres: @escaping @Sendable (PostgresConnection, Logger) async throws -> [StoredRow]
        ) async throws(LinkStoreError) -> [StoredRow]
    ) async throws(LinkStoreError) -> [Slug: Result<Stored, LinkStoreError>] {
        let texts = Array(Set(slugs.prefix(Self.maxSlugsARead).map(\.text)))
        guard !texts.isEmpty else { return [:] }
        let rows = try await run(
            { connection in
                let marks = repeatElement("?", count: texts.count).joined(separator: ", ")
                return try await connection.query(
                    "SELECT slug, link, created_at, updated_at FROM short_links WHERE slug IN (\(marks))",
                    texts.map(SQLiteData.text)
                ).map(StoredRow.init(sqlite:))
            },
            { connection, logger in
                var read: [StoredRow] = []
                for try await row in try await connection.execute(LinksBySlug(slugs: texts), logger: logger) {
                    read.append(row)
                }
                return read
            })
        var found: [Slug: Result<Stored, LinkStoreError>] = [:]
        for row in rows {
            // Each row's slug is one of `slugs`, which are valid: it was matched by equality.
            guard let slug = row.slug.flatMap({ try? Slug($0) }) else { continue }
            found[slug] = Result { () throws(LinkStoreError) in try row.stored() }
        }
        return found
    }

    /// The link named `slug` read at once, on the calling thread, when the store can read it so: from an SQLite file
    /// not busy with a writer that locks out readers. `nil` when it cannot; the caller then reads it with
    /// ``link(_:)`` or ``links(_:)``, which wait for the database within the store's deadline.
    ///
    /// What it answers is what ``link(_:)`` answers: the link, `nil` in the result when there is none, or a row that
    /// does not hold a link as `unreadableRow`. PostgreSQL is always `nil`: its reads are a round trip to the server.
    package func linkAtOnce(_ slug: Slug) -> Result<Stored?, LinkStoreError>? {
        guard case .sqlite(_, _, let reader) = connection.engine, let found = reader.read(slug.text) else {
            return nil
        }
        switch found {
        case .row(let row): return Result { () throws(LinkStoreError) in try row.stored() }
        case .noRow: return .success(nil)
        }
    }

    /// Replaces the link with `link`'s slug, changed at `now`.
    /// - Returns: Whether there was such a link.
    package func update(_ link: ShortLink, at now: Date) async throws(LinkStoreError) -> Bool {
        let json = try Self.encode(link)
        let time = StoredTime.milliseconds(now)
        let slug = link.slug.text
        return try await connection.withDatabase { database in
            try await database.raw(
                """
                UPDATE short_links SET link = \(bind: json), updated_at = \(bind: time) \
                WHERE slug = \(bind: slug) RETURNING slug
                """
            ).first() != nil
        }
    }

    /// Deletes the link named `slug`, its clicks and the counts of its claims' events. Its claims stay until they
    /// expire, so that redeeming one answers that the link is gone.
    /// - Returns: Whether there was such a link.
    package func delete(_ slug: Slug) async throws(LinkStoreError) -> Bool {
        let text = slug.text
        return try await connection.withTransaction { database in
            try await database.raw("DELETE FROM clicks WHERE slug = \(bind: text)").run()
            try await database.raw("DELETE FROM claim_events WHERE slug = \(bind: text)").run()
            return try await database.raw("DELETE FROM short_links WHERE slug = \(bind: text) RETURNING slug").first()
                != nil
        }
    }

    /// Up to `limit` links in slug order, after the slug `cursor` (the last of the previous page).
    package func list(after cursor: Slug?, limit: Int) async throws(LinkStoreError) -> [Stored] {
        let after = cursor?.text ?? ""
        let count = min(max(limit, 1), 1_000)
        let rows = try await connection.withDatabase { database in
            try await database.raw(
                """
                SELECT slug, link, created_at, updated_at FROM short_links \
                WHERE slug > \(bind: after) ORDER BY slug LIMIT \(bind: count)
                """
            ).all().map(StoredRow.init)
        }
        var links: [Stored] = []
        for row in rows { links.append(try row.stored()) }
        return links
    }

    /// Records `clicks`: those of one second on one link from one platform and host as one row with their count.
    /// Under load a popular link writes a row a second, not a row a click.
    ///
    /// The batch is written whole or not at all, and once: asked again under the same `batch` id (a retry after a
    /// write that may have committed), it writes nothing.
    package func record(_ clicks: [Click], as batch: BatchID = BatchID()) async throws(LinkStoreError) {
        var counts: [ClickSecond: Int64] = [:]
        for click in clicks {
            let second = ClickSecond(
                slug: click.slug.text, second: StoredTime.milliseconds(click.at) / 1_000 * 1_000,
                platform: click.platform.rawValue, referrerHost: click.referrerHost)
            counts[second, default: 0] += 1
        }
        let rows = Array(counts)
        let now = Date()
        try await connection.withTransaction(
            sqlite: { connection in
                guard try await WrittenBatches.markWritten(batch, at: now, on: connection.sql()) else { return }
                // A thousand rows a statement keeps the binds within SQLite's limit.
                for start in stride(from: 0, to: rows.count, by: 1_000) {
                    let chunk = rows[start..<min(start + 1_000, rows.count)]
                    let marks = repeatElement("(?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
                    var binds: [SQLiteData] = []
                    binds.reserveCapacity(chunk.count * 6)
                    for (key, count) in chunk {
                        binds += [
                            .text(key.slug), .integer(SQLiteInt64(key.second)), .text(key.day), .text(key.platform),
                            .text(key.referrerHost), .integer(SQLiteInt64(count)),
                        ]
                    }
                    _ = try await connection.query(
                        "INSERT INTO clicks (slug, at, day, platform, referrer_host, clicks) VALUES \(marks)", binds)
                }
            },
            postgres: { connection, logger in
                guard try await WrittenBatches.markWritten(batch, at: now, on: connection.sql()) else { return }
                // Six arrays, one a column: one statement's text for any number of rows.
                let keys = rows.map(\.key)
                _ = try await connection.query(
                    """
                    INSERT INTO clicks (slug, at, day, platform, referrer_host, clicks) \
                    SELECT * FROM UNNEST(\(keys.map(\.slug))::text[], \(keys.map(\.second))::bigint[], \
                    \(keys.map(\.day))::text[], \(keys.map(\.platform))::text[], \
                    \(keys.map(\.referrerHost))::text[], \(rows.map(\.value))::bigint[])
                    """,
                    logger: logger)
            })
    }

    /// The clicks on `slug`, counted by day and platform, oldest day first.
    package func clickCounts(of slug: Slug) async throws(LinkStoreError) -> [ClickCount] {
        let text = slug.text
        let rows = try await connection.withDatabase { database in
            try await database.raw(
                """
                SELECT day, platform, CAST(SUM(clicks) AS BIGINT) AS clicks FROM clicks WHERE slug = \(bind: text) \
                GROUP BY day, platform ORDER BY day, platform
                """
            ).all().map { row in
                (
                    try row.decode(column: "day", as: String.self), try row.decode(column: "platform", as: String.self),
                    try row.decode(column: "clicks", as: Int.self)
                )
            }
        }
        return rows.compactMap { day, platform, clicks in
            Visitor(rawValue: platform).map { ClickCount(day: day, platform: $0, clicks: clicks) }
        }
    }

    /// Closes the database; the store answers nothing after.
    package func close() async {
        await connection.close()
    }

    private static func encode(_ link: ShortLink) throws(LinkStoreError) -> String {
        do {
            return String(decoding: try JSONEncoder.store.encode(link), as: UTF8.self)
        } catch {
            throw LinkStoreError(.unreadableRow, "cannot write the link '\(link.slug)': \(error)")
        }
    }
}

/// One second of clicks on one link from one platform and referring host: a row of `clicks`, with their count.
private struct ClickSecond: Hashable, Sendable {
    let slug: String
    /// The second's start, in milliseconds since 1970.
    let second: Int64
    let platform: String
    let referrerHost: String

    /// The second's day in UTC, the column a link's stats group by.
    var day: String { StoredTime.day(StoredTime.date(milliseconds: second)) }
}

/// ``LinkStore/links(_:)``'s statement on PostgreSQL, prepared once a connection (every visit a cache misses makes
/// it): the slugs go as one array, so that one statement's text serves any number of them.
private struct LinksBySlug: PostgresPreparedStatement {
    /// The name the statement is prepared under on each connection (PostgresNIO's default is the type's name, which
    /// for a private type holds an address).
    static let name = "switchyard_links_by_slug"
    static let sql = "SELECT slug, link, created_at, updated_at FROM short_links WHERE slug = ANY($1)"
    typealias Row = StoredRow
    let slugs: [String]

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(slugs)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> StoredRow {
        let (slug, json, createdAt, updatedAt) = try row.decode((String?, String?, Int64?, Int64?).self)
        return StoredRow(slug: slug, json: json, createdAt: createdAt, updatedAt: updatedAt)
    }
}

extension JSONEncoder {
    /// Dates as seconds since 1970, keys sorted: a row reads the same whoever wrote it.
    static var store: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }
}

extension JSONDecoder {
    static var store: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
