import SwitchyardLinkStore
import Testing

@Suite struct StoreLocationTests {
    @Test(arguments: [
        ("links.sqlite", StoreLocation.sqlite(path: "links.sqlite")),
        ("sqlite:/var/lib/links.db", .sqlite(path: "/var/lib/links.db")),
        (
            "postgres://links:s3cret@db.internal:6543/shop?sslmode=require",
            .postgres(
                .init(
                    host: "db.internal", port: 6543, username: "links", password: "s3cret", database: "shop",
                    tls: .require))
        ),
        (
            "postgresql://links@127.0.0.1/shop",
            .postgres(
                .init(host: "127.0.0.1", port: 5432, username: "links", password: nil, database: "shop", tls: .prefer))
        ),
        (
            "postgres://links@db/shop?sslmode=verify-full&sslrootcert=/etc/ssl/db-ca.pem",
            .postgres(
                .init(
                    host: "db", port: 5432, username: "links", password: nil, database: "shop", tls: .verifyFull,
                    rootCertificates: "/etc/ssl/db-ca.pem"))
        ),
    ])
    func aDatabaseIsAFileOrAPostgresAddress(text: String, expected: StoreLocation) throws {
        #expect(try StoreLocation(text) == expected)
    }

    @Test(arguments: StoreLocation.TLSMode.allCases)
    func everySSLModeOfLibpqButAllowIsRead(mode: StoreLocation.TLSMode) throws {
        guard case .postgres(let server) = try StoreLocation("postgres://u@h/d?sslmode=\(mode.rawValue)") else {
            Issue.record("not a PostgreSQL address")
            return
        }
        #expect(server.tls == mode)
    }

    @Test(arguments: [
        ("", "a database is a file path"), ("sqlite:", "needs a file path"),
        ("mysql://root@localhost/db", "a database is a file path"), ("postgres://127.0.0.1/db", "reads postgres://"),
        ("postgres://user@/db", "reads postgres://"), ("postgres://u@h/db?sslmode=sometimes", "not 'sometimes'"),
        ("postgres://u@h/db?sslmode=allow", "not 'allow'"), ("postgres://u@h/db?sslrootcert=", "PEM file"),
        ("postgres://u@h/db?password=s3cret", "before the host"), ("links\n.sqlite", "a database is a file path"),
        (String(repeating: "a", count: 5_000), "a database is a file path"),
        // A parameter the store does not read is refused, as libpq refuses one it does not know: a misspelt sslmode
        // was a connection that silently checked no certificate, and application_name was silently not sent.
        ("postgres://u@h/db?sslmod=verify-full", "'sslmod' is not a parameter the store reads: sslmode, sslrootcert"),
        ("postgres://u@h/db?application_name=site", "'application_name' is not a parameter the store reads"),
        ("postgres://u@h/db?sslmode=require&sslmode=disable", "sslmode is given twice"),
        ("postgres://u@h:0/db", "a PostgreSQL port is 1 to 65535, not 0"),
        ("postgres://u@h:65536/db", "a PostgreSQL port is 1 to 65535, not 65536"),
    ])
    func anythingElseIsATypedErrorThatSaysWhy(text: String, message: String) {
        #expect {
            try StoreLocation(text)
        } throws: { error in
            guard let error = error as? LinkStoreError else { return false }
            return error.code == .invalidLocation && error.message.contains(message)
                && !error.message.contains("s3cret")
        }
    }

    @Test func theDescriptionLeavesOutThePassword() throws {
        let location = try StoreLocation("postgres://links:s3cret@db.internal/shop")
        #expect(location.description == "postgres://links@db.internal:5432/shop")
        #expect(!location.description.contains("s3cret"))
    }
}
