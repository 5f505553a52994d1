import Foundation
import SQLKit

/// An admin token as the store holds it: its public id and name, and the SHA-256 of its secret.
package struct StoredToken: Sendable, Hashable, Codable {
    package var id: String
    package var name: String
    /// The SHA-256 of the token's secret, in lowercase hex.
    package var hash: String
    package var createdAt: Date
    package var revokedAt: Date?

    package init(id: String, name: String, hash: String, createdAt: Date, revokedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.hash = hash
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

extension LinkStore {
    /// Adds `token`.
    /// - Throws: ``LinkStoreError``: `slugTaken` when a token has its id (drawn at random: practically never).
    package func add(_ token: StoredToken) async throws(LinkStoreError) {
        let created = try await connection.withDatabase { database in
            try await database.raw(
                """
                INSERT INTO admin_tokens (id, name, hash, created_at) \
                VALUES (\(bind: token.id), \(bind: token.name), \(bind: token.hash), \
                \(bind: StoredTime.milliseconds(token.createdAt))) ON CONFLICT (id) DO NOTHING RETURNING id
                """
            ).first() != nil
        }
        guard created else { throw LinkStoreError(.slugTaken, "a token with the id '\(token.id)' exists already") }
    }

    /// Every token, revoked ones included, in id order.
    package func tokens() async throws(LinkStoreError) -> [StoredToken] {
        let rows = try await connection.withDatabase { database in
            try await database.raw("SELECT id, name, hash, created_at, revoked_at FROM admin_tokens ORDER BY id").all()
                .map { row in
                    (
                        try? row.decode(column: "id", as: String.self),
                        try? row.decode(column: "name", as: String.self),
                        try? row.decode(column: "hash", as: String.self),
                        try? row.decode(column: "created_at", as: Int64.self),
                        try? row.decode(column: "revoked_at", as: Int64?.self)
                    )
                }
        }
        var tokens: [StoredToken] = []
        for (id, name, hash, createdAt, revokedAt) in rows {
            guard let id, let name, let hash, let createdAt else {
                throw LinkStoreError(.unreadableRow, "a row of admin_tokens does not hold a token")
            }
            tokens.append(
                StoredToken(
                    id: id, name: name, hash: hash, createdAt: StoredTime.date(milliseconds: createdAt),
                    revokedAt: (revokedAt ?? nil).map(StoredTime.date(milliseconds:))))
        }
        return tokens
    }

    /// Revokes the token `id` at `now`.
    /// - Returns: Whether there was such a token, not revoked before.
    package func revokeToken(_ id: String, at now: Date) async throws(LinkStoreError) -> Bool {
        let time = StoredTime.milliseconds(now)
        return try await connection.withDatabase { database in
            try await database.raw(
                """
                UPDATE admin_tokens SET revoked_at = \(bind: time) \
                WHERE id = \(bind: id) AND revoked_at IS NULL RETURNING id
                """
            ).first() != nil
        }
    }
}
