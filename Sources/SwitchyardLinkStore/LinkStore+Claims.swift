import Foundation
import SQLKit
import Switchyard
import SwitchyardWebLinks

/// A deferred deep link's claim as the store holds it: a token a landing page handed out, the short link it opens,
/// and when it was made, expires and was redeemed.
package struct Claim: Sendable, Hashable {
    package enum State: String, Sendable, Codable {
        case open, redeemed, expired
    }

    package var token: ClaimToken
    package var slug: Slug
    package var createdAt: Date
    package var expiresAt: Date
    package var redeemedAt: Date?

    /// Redeemed once redeemed, whenever; else expired from `expiresAt` on; else open.
    package func state(at now: Date) -> State {
        if redeemedAt != nil { return .redeemed }
        return now >= expiresAt ? .expired : .open
    }
}

/// What a claim went through, counted by link and day.
package enum ClaimEvent: String, Sendable, CaseIterable, Codable {
    /// A landing page sent someone to a store.
    case storeRedirect
    /// The store redirect made a new claim (a second tap on the same page makes none).
    case claimCreated
    /// The app redeemed a claim: its first open.
    case redeemed
    /// The app asked for a claim redeemed before: the same person opening it again.
    case reopened
}

/// How many times `event` happened to a link's claims on `day` (`YYYY-MM-DD`, UTC).
package struct ClaimEventCount: Sendable, Hashable, Codable {
    package var day: String
    package var event: ClaimEvent
    package var count: Int

    package init(day: String, event: ClaimEvent, count: Int) {
        self.day = day
        self.event = event
        self.count = count
    }
}

/// What redeeming a token gave.
package enum Redemption: Sendable, Hashable {
    /// This call redeemed the claim: the link it opens.
    case redeemed(Claim, ShortLink)
    /// No claim has the token.
    case unknown
    /// The claim was redeemed before.
    case alreadyRedeemed(Slug)
    /// The claim expired before it was redeemed.
    case expired(Slug)
    /// The claim's link was deleted, or is disabled or expired: the claim stays open.
    case linkGone(Slug)
}

extension LinkStore {
    /// Makes the claim of `token` for `slug`, expiring at `expiresAt`, in one statement; a token that has a claim keeps
    /// it (a second tap on one page).
    /// - Returns: Whether the claim is new.
    package func createClaim(
        _ token: ClaimToken, for slug: Slug, at now: Date, expiresAt: Date
    ) async throws(LinkStoreError) -> Bool {
        let (text, name) = (token.text, slug.text)
        let (created, expires) = (StoredTime.milliseconds(now), StoredTime.milliseconds(expiresAt))
        return try await connection.withDatabase { database in
            try await database.raw(
                """
                INSERT INTO claims (token, slug, created_at, expires_at) \
                VALUES (\(bind: text), \(bind: name), \(bind: created), \(bind: expires)) \
                ON CONFLICT (token) DO NOTHING RETURNING token
                """
            ).first() != nil
        }
    }

    /// Redeems the claim of `token` at `now`, once: of any number of calls racing for one token, on any number of
    /// processes, exactly one gets `redeemed`. A claim whose link was deleted, or is disabled or expired, is not
    /// redeemed: it stays open, and opens the link again if it comes back before the claim expires.
    ///
    /// - Parameter link: The link of a slug as the caller knows it (a site's cache); by default, read here.
    package func redeemClaim(
        _ token: ClaimToken, at now: Date, link: (@Sendable (Slug) async throws(LinkStoreError) -> ShortLink?)? = nil
    ) async throws(LinkStoreError) -> Redemption {
        let text = token.text
        let time = StoredTime.milliseconds(now)
        guard var claim = try await claim(token) else { return .unknown }
        if claim.redeemedAt != nil { return .alreadyRedeemed(claim.slug) }
        if claim.state(at: now) == .expired { return .expired(claim.slug) }
        let found: ShortLink?
        if let link { found = try await link(claim.slug) } else { found = try await self.link(claim.slug)?.link }
        guard let found, !found.isGone(at: now) else { return .linkGone(claim.slug) }
        // The one statement that decides: a racing redemption waits for this row's lock (PostgreSQL) or the file's
        // (SQLite), then finds `redeemed_at` set and changes nothing.
        let won = try await connection.withDatabase { database in
            try await database.raw(
                """
                UPDATE claims SET redeemed_at = \(bind: time) \
                WHERE token = \(bind: text) AND redeemed_at IS NULL AND expires_at > \(bind: time) RETURNING token
                """
            ).first() != nil
        }
        guard won else {
            // Another redemption won after the claim was read, or it expired in between: read it as it is now.
            guard let now = try await self.claim(token), now.redeemedAt != nil else { return .expired(claim.slug) }
            return .alreadyRedeemed(claim.slug)
        }
        claim.redeemedAt = now
        return .redeemed(claim, found)
    }

    /// The claim of `token`, or `nil`.
    package func claim(_ token: ClaimToken) async throws(LinkStoreError) -> Claim? {
        let text = token.text
        let row = try await connection.withDatabase { database in
            try await database.raw(
                "SELECT token, slug, created_at, expires_at, redeemed_at FROM claims WHERE token = \(bind: text)"
            ).first().map(ClaimRow.init)
        }
        return try row?.claim()
    }

    /// Up to `limit` claims of `slug`, newest first, created before `cursor` when given (the last of the previous
    /// page's creation time).
    package func claims(of slug: Slug, before cursor: Date?, limit: Int) async throws(LinkStoreError) -> [Claim] {
        let name = slug.text
        let before = cursor.map(StoredTime.milliseconds) ?? Int64.max
        let count = min(max(limit, 1), 1_000)
        let rows = try await connection.withDatabase { database in
            try await database.raw(
                """
                SELECT token, slug, created_at, expires_at, redeemed_at FROM claims \
                WHERE slug = \(bind: name) AND created_at < \(bind: before) \
                ORDER BY created_at DESC, token LIMIT \(bind: count)
                """
            ).all().map(ClaimRow.init)
        }
        var claims: [Claim] = []
        for row in rows { claims.append(try row.claim()) }
        return claims
    }

    /// Deletes the claims that expired unredeemed before `now`; redeemed claims are kept, as the record of a first
    /// open (their tokens open nothing again).
    /// - Returns: How many were deleted.
    package func purgeExpiredClaims(at now: Date) async throws(LinkStoreError) -> Int {
        let time = StoredTime.milliseconds(now)
        return try await connection.withDatabase { database in
            try await database.raw(
                "DELETE FROM claims WHERE redeemed_at IS NULL AND expires_at <= \(bind: time) RETURNING token"
            ).all().count
        }
    }

    /// What happened to `slug`'s claims, counted by day and event, oldest day first.
    package func claimEventCounts(of slug: Slug) async throws(LinkStoreError) -> [ClaimEventCount] {
        let name = slug.text
        let rows = try await connection.withDatabase { database in
            try await database.raw(
                "SELECT day, kind, total FROM claim_events WHERE slug = \(bind: name) ORDER BY day, kind"
            ).all().map { row in
                (
                    try row.decode(column: "day", as: String.self), try row.decode(column: "kind", as: String.self),
                    try row.decode(column: "total", as: Int.self)
                )
            }
        }
        return rows.compactMap { day, kind, total in
            ClaimEvent(rawValue: kind).map { ClaimEventCount(day: day, event: $0, count: total) }
        }
    }

    /// The site's key named `name`: made of `make()` by the first process that asks, and the same for every process
    /// after.
    package func siteKey(named name: String, make: @Sendable () -> String) async throws(LinkStoreError) -> String {
        let value = make()
        return try await connection.withTransaction { database in
            try await database.raw(
                "INSERT INTO site_keys (name, value) VALUES (\(bind: name), \(bind: value)) ON CONFLICT (name) DO NOTHING"
            ).run()
            guard
                let stored = try await database.raw("SELECT value FROM site_keys WHERE name = \(bind: name)").first()?
                    .decode(column: "value", as: String.self)
            else { throw LinkStoreError(.unreadableRow, "the site key '\(name)' was not kept") }
            return stored
        }
    }

    /// Adds `counts` to the counts of the claims' events, whole or not at all, and once: asked again under the same
    /// `batch` id (a retry after a write that may have committed), it adds nothing.
    package func count(_ counts: [(slug: Slug, count: ClaimEventCount)], as batch: BatchID = BatchID())
        async throws(LinkStoreError)
    {
        // In the order of the key, so that two processes adding to the same rows take their locks in one order and
        // cannot deadlock.
        let rows = counts.sorted { first, second in
            (first.slug.text, first.count.day, first.count.event.rawValue)
                < (second.slug.text, second.count.day, second.count.event.rawValue)
        }
        let now = Date()
        try await connection.withTransaction { database in
            guard try await WrittenBatches.markWritten(batch, at: now, on: database) else { return }
            for start in stride(from: 0, to: rows.count, by: 1_000) {
                var insert = database.insert(into: "claim_events").columns("slug", "day", "kind", "total")
                for (slug, count) in rows[start..<min(start + 1_000, rows.count)] {
                    insert = insert.values(slug.text, count.day, count.event.rawValue, count.count)
                }
                // A batch holds each link, day and event once, so no row is changed twice by one statement.
                try await insert.onConflict(with: ["slug", "day", "kind"]) { conflict in
                    conflict.set(SQLColumn("total"), to: SQLRaw("claim_events.total + excluded.total"))
                }.run()
            }
        }
    }
}

/// A row of `claims` as read, checked when it becomes a claim.
private struct ClaimRow: Sendable {
    let token: String?
    let slug: String?
    let createdAt: Int64?
    let expiresAt: Int64?
    let redeemedAt: Int64?

    init(_ row: any SQLRow) {
        token = try? row.decode(column: "token", as: String.self)
        slug = try? row.decode(column: "slug", as: String.self)
        createdAt = try? row.decode(column: "created_at", as: Int64.self)
        expiresAt = try? row.decode(column: "expires_at", as: Int64.self)
        redeemedAt = try? row.decode(column: "redeemed_at", as: Int64?.self) ?? nil
    }

    func claim() throws(LinkStoreError) -> Claim {
        guard let token = token.flatMap({ try? ClaimToken($0) }), let slug = slug.flatMap({ try? Slug($0) }),
            let createdAt, let expiresAt
        else { throw LinkStoreError(.unreadableRow, "a row of claims does not hold a claim") }
        return Claim(
            token: token, slug: slug, createdAt: StoredTime.date(milliseconds: createdAt),
            expiresAt: StoredTime.date(milliseconds: expiresAt), redeemedAt: redeemedAt.map(StoredTime.date))
    }
}
