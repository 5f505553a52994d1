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
    /// A PostgreSQL database.
    case postgres(Postgres)

    package struct Postgres: Sendable, Hashable {
        package var host: String
        package var port: Int
        package var username: String
        package var password: String?
        package var database: String?
        /// The address's `sslmode`: ``TLSMode/prefer`` when it has none, as with libpq.
        package var tls: TLSMode
        /// The address's `sslrootcert`: a PEM file of the authorities that may sign the server's certificate, in
        /// place of the system's.
        package var rootCertificates: String?

        package init(
            host: String, port: Int, username: String, password: String?, database: String?, tls: TLSMode = .prefer,
            rootCertificates: String? = nil
        ) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
            self.tls = tls
            self.rootCertificates = rootCertificates
        }
    }

    /// How a connection to PostgreSQL uses TLS: libpq's `sslmode`, with libpq's meanings, so that an address works
    /// here as it does with `psql`.
    package enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it, plain otherwise; the certificate is not checked.
        case prefer
        /// TLS or no connection. The certificate is checked only when `sslrootcert` names its authorities, and then
        /// as ``verifyCA`` checks it.
        case require
        /// TLS, with a certificate signed by a trusted authority (`sslrootcert`'s, or the system's).
        case verifyCA = "verify-ca"
        /// As ``verifyCA``, and the certificate names the host of the address.
        case verifyFull = "verify-full"
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
            if let port = parts.port, !(1...65_535).contains(port) {
                throw LinkStoreError(.invalidLocation, "a PostgreSQL port is 1 to 65535, not \(port)")
            }
            let parameters = parts.queryItems ?? []
            try Self.checkNames(of: parameters)
            let mode = parameters.last { $0.name == "sslmode" }?.value ?? TLSMode.prefer.rawValue
            guard let tls = TLSMode(rawValue: mode) else {
                let modes = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw LinkStoreError(.invalidLocation, "sslmode is one of \(modes), not '\(mode)'")
            }
            let rootCertificates = parameters.last { $0.name == "sslrootcert" }.map { $0.value ?? "" }
            guard rootCertificates != "" else {
                throw LinkStoreError(.invalidLocation, "sslrootcert is the path of a PEM file of certificates")
            }
            let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
            self = .postgres(
                Postgres(
                    host: host, port: parts.port ?? 5432, username: username, password: parts.password,
                    database: database.isEmpty ? nil : database, tls: tls, rootCertificates: rootCertificates))
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

    /// The address's parameters this store reads: libpq refuses a parameter it does not know, and so does the store,
    /// so that a misspelt `sslmode` is not a connection that silently checks no certificate.
    static let parameterNames = ["sslmode", "sslrootcert"]

    private static func checkNames(of parameters: [URLQueryItem]) throws(LinkStoreError) {
        var given: Set<String> = []
        for parameter in parameters {
            if parameter.name == "password" {
                throw LinkStoreError(
                    .invalidLocation,
                    "the password goes before the host, postgres://USER:PASSWORD@HOST/DATABASE, not in '?password='")
            }
            guard parameterNames.contains(parameter.name) else {
                throw LinkStoreError(
                    .invalidLocation,
                    "'\(parameter.name)' is not a parameter the store reads: "
                        + parameterNames.joined(separator: ", "))
            }
            guard given.insert(parameter.name).inserted else {
                throw LinkStoreError(.invalidLocation, "\(parameter.name) is given twice")
            }
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
