import Foundation

/// Where a link site keeps its links: an SQLite file (the default, nothing to set up) or a PostgreSQL database that
/// several server processes can share.
///
/// ```swift
/// let file = try StoreLocation("links.sqlite")
/// let shared = try StoreLocation("postgres://links:secret@127.0.0.1:5432/links")
/// ```
package enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite database in the file at `path`, created when missing.
    case sqlite(path: String)
    /// A PostgreSQL database. `requiresTLS` is set by `sslmode=require` (or `verify-full`) in the address; loopback
    /// addresses need no TLS.
    case postgres(Postgres)

    package struct Postgres: Sendable, Hashable {
        package var host: String
        package var port: Int
        package var username: String
        package var password: String?
        package var database: String?
        package var requiresTLS: Bool

        package init(host: String, port: Int, username: String, password: String?, database: String?, requiresTLS: Bool)
        {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.requiresTLS = requiresTLS
        }
    }

    /// Reads `--database`: a `postgres://` or `postgresql://` address, `sqlite:PATH`, or a file path.
    /// - Throws: ``LinkStoreError`` with `invalidLocation`.
    package init(_ text: String) throws(LinkStoreError) {
        guard !text.isEmpty, text.utf8.count <= 4_096, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw LinkStoreError(.invalidLocation, "a database is a file path or a postgres:// address")
        }
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            guard let parts = URLComponents(string: text), let host = parts.host, !host.isEmpty,
                let username = parts.user, !username.isEmpty
            else {
                throw LinkStoreError(
                    .invalidLocation, "a PostgreSQL address reads postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            }
            let mode = parts.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
            guard ["disable", "prefer", "require", "verify-full"].contains(mode) else {
                throw LinkStoreError(
                    .invalidLocation, "sslmode is disable, prefer, require or verify-full, not '\(mode)'")
            }
            let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
            self = .postgres(
                Postgres(
                    host: host, port: parts.port ?? 5432, username: username, password: parts.password,
                    database: database.isEmpty ? nil : database, requiresTLS: mode == "require" || mode == "verify-full"
                ))
        } else if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw LinkStoreError(.invalidLocation, "sqlite: needs a file path") }
            self = .sqlite(path: path)
        } else if text.contains("://") {
            throw LinkStoreError(.invalidLocation, "a database is a file path or a postgres:// address")
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The location without its password.
    package var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let server):
            "postgres://\(server.username)@\(server.host):\(server.port)/\(server.database ?? "")"
        }
    }
}
