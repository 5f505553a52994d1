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
                    requiresTLS: true))
        ),
        (
            "postgresql://links@127.0.0.1/shop",
            .postgres(
                .init(
                    host: "127.0.0.1", port: 5432, username: "links", password: nil, database: "shop",
                    requiresTLS: false))
        ),
    ])
    func aDatabaseIsAFileOrAPostgresAddress(text: String, expected: StoreLocation) throws {
        #expect(try StoreLocation(text) == expected)
    }

    @Test(arguments: [
        "", "sqlite:", "mysql://root@localhost/db", "postgres://127.0.0.1/db", "postgres://user@/db",
        "postgres://u@h/db?sslmode=sometimes", "links\n.sqlite", String(repeating: "a", count: 5_000),
    ])
    func anythingElseIsATypedError(text: String) {
        #expect(throws: LinkStoreError.self) { try StoreLocation(text) }
    }

    @Test func theDescriptionLeavesOutThePassword() throws {
        let location = try StoreLocation("postgres://links:s3cret@db.internal/shop")
        #expect(location.description == "postgres://links@db.internal:5432/shop")
        #expect(!location.description.contains("s3cret"))
    }
}
