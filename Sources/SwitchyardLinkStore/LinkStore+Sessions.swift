import Foundation
import SQLKit

/// A session of the console as the store holds it, found by the SHA-256 of its identifier.
package struct StoredSession: Sendable, Hashable {
    /// The id of the admin token it was opened with.
    package var tokenID: String
    /// The token every form of the session carries (against cross-site requests).
    package var formToken: String
    package var createdAt: Date
    package var lastSeenAt: Date

    package init(tokenID: String, formToken: String, createdAt: Date, lastSeenAt: Date) {
        self.tokenID = tokenID
        self.formToken = formToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

extension LinkStore {
    /// Adds a session whose identifier's SHA-256 is `idHash`.
    package func createSession(idHash: String, _ session: StoredSession) async throws(LinkStoreError) {
        try await connection.withDatabase { database in
            try await database.raw(
                """
                INSERT INTO admin_sessions (id_hash, token_id, form_token, created_at, last_seen_at) \
                VALUES (\(bind: idHash), \(bind: session.tokenID), \(bind: session.formToken), \
                \(bind: StoredTime.milliseconds(session.createdAt)), \
                \(bind: StoredTime.milliseconds(session.lastSeenAt)))
                """
            ).run()
        }
    }

    /// The session whose identifier's SHA-256 is `idHash`, while its token is not revoked; `nil` otherwise.
    package func session(idHash: String) async throws(LinkStoreError) -> StoredSession? {
        let row = try await connection.withDatabase { database in
            try await database.raw(
                """
                SELECT s.token_id, s.form_token, s.created_at, s.last_seen_at FROM admin_sessions s \
                JOIN admin_tokens t ON t.id = s.token_id \
                WHERE s.id_hash = \(bind: idHash) AND t.revoked_at IS NULL
                """
            ).first().map { row in
                (
                    try? row.decode(column: "token_id", as: String.self),
                    try? row.decode(column: "form_token", as: String.self),
                    try? row.decode(column: "created_at", as: Int64.self),
                    try? row.decode(column: "last_seen_at", as: Int64.self)
                )
            }
        }
        guard let row else { return nil }
        guard let tokenID = row.0, let formToken = row.1, let created = row.2, let lastSeen = row.3 else {
            throw LinkStoreError(.unreadableRow, "a row of admin_sessions does not hold a session")
        }
        return StoredSession(
            tokenID: tokenID, formToken: formToken, createdAt: StoredTime.date(milliseconds: created),
            lastSeenAt: StoredTime.date(milliseconds: lastSeen))
    }

    /// Records that the session whose identifier's SHA-256 is `idHash` was used at `now`.
    package func touchSession(idHash: String, at now: Date) async throws(LinkStoreError) {
        let time = StoredTime.milliseconds(now)
        try await connection.withDatabase { database in
            try await database.raw(
                "UPDATE admin_sessions SET last_seen_at = \(bind: time) WHERE id_hash = \(bind: idHash)"
            )
            .run()
        }
    }

    /// Ends the session whose identifier's SHA-256 is `idHash`.
    /// - Returns: Whether there was such a session.
    package func deleteSession(idHash: String) async throws(LinkStoreError) -> Bool {
        try await connection.withDatabase { database in
            try await database.raw("DELETE FROM admin_sessions WHERE id_hash = \(bind: idHash) RETURNING id_hash")
                .first() != nil
        }
    }

    /// Deletes the sessions last used before `idleSince` or begun before `startedSince`: those no request can use.
    package func deleteSessions(lastSeenBefore idleSince: Date, createdBefore startedSince: Date)
        async throws(LinkStoreError)
    {
        let idle = StoredTime.milliseconds(idleSince)
        let started = StoredTime.milliseconds(startedSince)
        try await connection.withDatabase { database in
            try await database.raw(
                "DELETE FROM admin_sessions WHERE last_seen_at < \(bind: idle) OR created_at < \(bind: started)"
            ).run()
        }
    }
}
