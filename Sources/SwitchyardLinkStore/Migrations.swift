import Foundation
import SQLKit

/// The store's schema, one numbered step at a time. A step is never changed once released: a new need is a new step.
///
/// `switchyard_migrations` records each applied step. At start the store applies the steps it has not, each in a
/// transaction of its own with its record, so a step is applied whole or not at all. PostgreSQL servers starting at
/// once take an advisory lock first, so one applies and the others find the steps done.
struct Migration: Sendable {
    let version: Int
    let name: String
    /// The statements, written once for both engines (the types and clauses both read alike).
    let statements: [String]

    static let all: [Migration] = [
        Migration(
            version: 1, name: "short links and clicks",
            statements: [
                // `link` is the link as JSON; the columns beside it are those that queries read.
                """
                CREATE TABLE short_links (
                    slug TEXT PRIMARY KEY,
                    link TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                // One row a resolution at first: no address, no user agent (the DocC's "Short links" says so).
                """
                CREATE TABLE clicks (
                    slug TEXT NOT NULL,
                    at BIGINT NOT NULL,
                    day TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    referrer_host TEXT NOT NULL
                )
                """,
                "CREATE INDEX clicks_by_link_and_day ON clicks (slug, day)",
            ]),
        Migration(
            version: 2, name: "admin tokens",
            statements: [
                // The token's secret is never stored: `hash` is its SHA-256, in hex.
                """
                CREATE TABLE admin_tokens (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    hash TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    revoked_at BIGINT
                )
                """
            ]),
        Migration(
            version: 3, name: "clicks counted a second",
            statements: [
                // A row holds the clicks of one second on one link from one platform and referring host: `at` is the
                // second's start, `clicks` how many. Rows written before hold one click each.
                "ALTER TABLE clicks ADD COLUMN clicks BIGINT NOT NULL DEFAULT 1"
            ]),
        Migration(
            version: 4, name: "deferred deep links",
            statements: [
                // A claim is the token a landing page handed out and the short link it opens; never an address, a
                // user agent or a device's trait. `redeemed_at` is set once, by the redemption that wins.
                """
                CREATE TABLE claims (
                    token TEXT PRIMARY KEY,
                    slug TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    redeemed_at BIGINT
                )
                """,
                "CREATE INDEX claims_by_link ON claims (slug, created_at)",
                "CREATE INDEX claims_by_expiry ON claims (expires_at)",
                // What happened to a link's claims, counted a day: one row a link, day and kind.
                """
                CREATE TABLE claim_events (
                    slug TEXT NOT NULL,
                    day TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    total BIGINT NOT NULL,
                    PRIMARY KEY (slug, day, kind)
                )
                """,
                // Secrets the site's processes share: the key that tags the claim tokens it hands out.
                "CREATE TABLE site_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
            ]),
        Migration(
            version: 5, name: "console sessions",
            statements: [
                // A session of the console: the SHA-256 of its random identifier (the cookie's value is never
                // stored), the admin token it was opened with (revoking the token ends it), the form token that
                // guards its forms, and when it began and was last used.
                """
                CREATE TABLE admin_sessions (
                    id_hash TEXT PRIMARY KEY,
                    token_id TEXT NOT NULL,
                    form_token TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    last_seen_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX admin_sessions_by_token ON admin_sessions (token_id)",
            ]),
        Migration(
            version: 6, name: "batches written once",
            statements: [
                // The last batch of clicks or claims' events each writer (a recorder of a site process) wrote, in
                // the batch's transaction: a batch written again (its first write committed, but its writer saw a
                // failure) is found here and skipped. A writer silent for a week is forgotten
                // (`WrittenBatches.remembered`).
                """
                CREATE TABLE written_batches (
                    writer TEXT PRIMARY KEY,
                    batch BIGINT NOT NULL,
                    written_at BIGINT NOT NULL
                )
                """,
                "CREATE INDEX written_batches_by_time ON written_batches (written_at)",
            ]),
    ]

    /// How long a step may take: far longer than a statement's deadline, as a step may rewrite a large table.
    static let deadline = Duration.seconds(600)

    /// The newest version this build knows.
    static var latest: Int { all.last?.version ?? 0 }

    /// Makes other PostgreSQL sessions that migrate wait until this transaction ends (even `CREATE TABLE IF NOT
    /// EXISTS` fails when two sessions run it at once). SQLite's `BEGIN IMMEDIATE` already locks the file.
    private static func lockOut(_ database: any SQLDatabase) async throws {
        guard database.dialect.name == "postgresql" else { return }
        // The number is the store's own; the lock is released with the transaction.
        try await database.raw("SELECT pg_advisory_xact_lock(7316201)").run()
    }

    /// Applies the steps `connection` has not had.
    /// - Throws: ``LinkStoreError``: `newerSchema` when the database has a step this build does not know.
    static func run(on connection: StoreConnection) async throws(LinkStoreError) {
        try await connection.withTransaction(deadline: deadline) { database in
            try await lockOut(database)
            try await database.raw(
                "CREATE TABLE IF NOT EXISTS switchyard_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)"
            ).run()
        }
        for migration in all {
            let applied = try await connection.withTransaction(deadline: deadline) { database in
                try await lockOut(database)
                let done = try await database.raw(
                    "SELECT version FROM switchyard_migrations WHERE version = \(bind: migration.version)"
                ).first()
                guard done == nil else { return false }
                for statement in migration.statements {
                    try await database.raw(SQLQueryString(statement)).run()
                }
                try await database.raw(
                    """
                    INSERT INTO switchyard_migrations (version, name, applied_at) \
                    VALUES (\(bind: migration.version), \(bind: migration.name), \(bind: StoredTime.milliseconds(Date())))
                    """
                ).run()
                return true
            }
            if applied { connection.logger.info("applied migration \(migration.version): \(migration.name)") }
        }
        let newest = try await connection.withDatabase(deadline: deadline) { database in
            try await database.raw("SELECT MAX(version) AS version FROM switchyard_migrations").first()?
                .decode(column: "version", as: Int?.self)
        }
        if let newest, newest > latest {
            throw LinkStoreError(
                .newerSchema, "the database has migration \(newest); this version of Switchyard knows up to \(latest)")
        }
    }
}
