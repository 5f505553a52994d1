import Foundation
import SwitchyardTestSupport
import Testing

/// `serve`'s settings from the command line, the environment (`SWITCHYARD_…`) and a JSON file (`--config`), as
/// the built tool reads them: which wins, what `--print-config` shows (never a password), and a bad value refused
/// with the place it came from.
@Suite(.serialized) struct ServeConfigurationTests {
    /// `serve … --print-config` with `environment` and, when given, a settings file holding `file`.
    static func printed(_ arguments: [String], environment: [String: String] = [:], file: String? = nil) throws
        -> (status: Int32, output: String, error: String)
    {
        var arguments = ["serve"] + arguments + ["--print-config"]
        var path: URL?
        if let file {
            let written = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID()).json")
            try Data(file.utf8).write(to: written)
            arguments += ["--config", written.path]
            path = written
        }
        defer { path.map { try? FileManager.default.removeItem(at: $0) } }
        // Nothing of the test's own environment decides a setting.
        let cleared = ProcessInfo.processInfo.environment.keys.filter { $0.hasPrefix("SWITCHYARD_") }
        let environment = Dictionary(uniqueKeysWithValues: cleared.map { ($0, "") }).merging(environment) { $1 }
        return try SiteProcess.run("switchyard-link-site", arguments, environment: environment)
    }

    /// The row of `setting` in a `--print-config` table: its value and where it came from.
    static func row(_ setting: String, in table: String) -> (value: String, source: String)? {
        for line in table.split(separator: "\n") {
            let cells = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if cells.count >= 3, cells[0] == setting { return (cells[1], cells[2...].joined(separator: " ")) }
        }
        return nil
    }

    @Test func theCommandLineWinsOverTheEnvironmentWhichWinsOverTheFile() throws {
        let file = #"{"cache-seconds": 30, "claim-days": 2, "port": 9001}"#
        let environment = ["SWITCHYARD_CACHE_SECONDS": "20", "SWITCHYARD_CLAIM_DAYS": "3"]
        let all = try Self.printed(
            [LinkSiteFixture.example, "--cache-seconds", "10"], environment: environment, file: file)
        #expect(all.status == 0, "\(all.error)")
        let cache = try #require(Self.row("cache-seconds", in: all.output))
        #expect(cache == ("10", "command line"))
        let days = try #require(Self.row("claim-days", in: all.output))
        #expect(days == ("3", "SWITCHYARD_CLAIM_DAYS"))
        #expect(Self.row("port", in: all.output)?.value == "9001")
        let host = try #require(Self.row("host", in: all.output))
        #expect(host == ("127.0.0.1", "default"))
        #expect(Self.row("route-file", in: all.output)?.value == LinkSiteFixture.example)
    }

    @Test func everySettingHasARowAndEveryOptionIsASetting() throws {
        let printed = try Self.printed([LinkSiteFixture.example])
        let settings = printed.output.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first }
        #expect(
            settings == [
                "route-file", "database", "port", "host", "web-host", "cache-seconds", "click-window-milliseconds",
                "requests-per-address", "requests-per-token", "claim-days", "claim-purge-minutes", "trusted-proxy",
                "proxy-header", "metrics-port", "metrics-host", "log-level", "log-format",
            ])
        // Every option --help lists, but those about the settings themselves, is a setting.
        let help = try SiteProcess.run("switchyard-link-site", ["serve", "--help"]).output
        let options = Set(help.matches(of: #/--([a-z-]+)/#).map { String($0.output.1) })
        #expect(options.subtracting(settings.map(String.init)) == ["config", "print-config", "help"])
    }

    @Test(arguments: [
        (["SWITCHYARD_DATABASE": "postgres://links:hunter2@db.example/links"], nil as String?),
        ([:], #"{"database": "postgres://links:hunter2@db.example/links"}"#),
    ])
    func aPasswordIsNeverPrinted(environment: [String: String], file: String?) throws {
        let printed = try Self.printed([LinkSiteFixture.example], environment: environment, file: file)
        #expect(printed.status == 0, "\(printed.error)")
        #expect(Self.row("database", in: printed.output)?.value == "postgres://links:***@db.example/links")
        #expect(!printed.output.contains("hunter2") && !printed.error.contains("hunter2"))
    }

    @Test(arguments: [
        (["SWITCHYARD_DATABASE": "postgres://links:hunter2@db.example/links?sslmode=sometimes"], nil as String?),
        (["SWITCHYARD_DATABASE": "postgres://links@db.example/links?sslmode=require&password=hunter2"], nil),
        ([:], #"{"database": "postgres://links:hunter2@db.example/links?sslmode=sometimes"}"#),
    ])
    func aDatabaseThatIsRefusedIsShownWithoutItsPassword(environment: [String: String], file: String?) throws {
        let printed = try Self.printed([LinkSiteFixture.example], environment: environment, file: file)
        #expect(printed.status == 2)
        #expect(printed.error.contains("--database: postgres://links"), "\(printed.error)")
        #expect(printed.error.contains("is not a database"), "\(printed.error)")
        #expect(!printed.output.contains("hunter2") && !printed.error.contains("hunter2"), "\(printed.error)")
    }

    @Test func aStoreThatCannotBeReachedIsReportedWithoutItsPassword() throws {
        let result = try SiteProcess.run(
            "switchyard-link-site", ["serve", LinkSiteFixture.example],
            environment: ["SWITCHYARD_DATABASE": "postgres://links:hunter2@127.0.0.1:1/links"])
        #expect(result.status == 2)
        #expect(!result.output.contains("hunter2") && !result.error.contains("hunter2"), "\(result.error)")
    }

    @Test(arguments: [
        (
            ["SWITCHYARD_CACHE_SECONDS": "9000"], nil as String?,
            "--cache-seconds: 9000 from the environment (SWITCHYARD_CACHE_SECONDS) is out of range: 0 to 3600"
        ),
        (
            ["SWITCHYARD_PORT": "eighty"], nil,
            "--port: 'eighty' from the environment (SWITCHYARD_PORT) is not a valid value"
        ),
        (
            ["SWITCHYARD_TRUSTED_PROXY": "10.0.0.0/8,10.0.0.1/8"], nil,
            "--trusted-proxy: '10.0.0.1/8' from the environment (SWITCHYARD_TRUSTED_PROXY): bits are set past"
        ),
        (["SWITCHYARD_PROXY_HEADER": "x-real-ip"], nil, "--proxy-header: 'x-real-ip' from the environment"),
        ([:], #"{"claim-days": 400}"#, "--claim-days: 400 from the configuration file"),
        // A bound is written as --help writes it, a whole number without ".0".
        (
            ["SWITCHYARD_CLAIM_DAYS": "400"], nil,
            "--claim-days: 400 from the environment (SWITCHYARD_CLAIM_DAYS) is out of range: 0 to 365\n"
        ),
        (
            ["SWITCHYARD_REQUESTS_PER_TOKEN": "0"], nil,
            "--requests-per-token: 0 from the environment (SWITCHYARD_REQUESTS_PER_TOKEN) is out of range: 0.1 to 100000\n"
        ),
        // A web host given as a link, or with a port, would match no target: refused, saying what to give.
        (
            ["SWITCHYARD_WEB_HOST": "shop.example.com,https://Blog.Example/posts"], nil,
            "--web-host: 'https://Blog.Example/posts' from the environment (SWITCHYARD_WEB_HOST): is a link, not a host; "
                + "give its host alone: blog.example\n"
        ),
        (
            [:], #"{"web-host": ["blog.example:443"]}"#,
            "--web-host: 'blog.example:443' from the configuration file"
        ),
        (
            ["SWITCHYARD_WEB_HOST": " "], nil,
            "is not a host name (shop.example.com) or IP literal ([2001:db8::1]) alone"
        ),
        ([:], #"{"port": [1, 2]}"#, "--port: the configuration file"),
        ([:], #"{"web-host": 5}"#, "--web-host: the configuration file"),
        ([:], #"{"cache-second": 5}"#, "has the key 'cache-second', which no setting has"),
        ([:], #"[1, 2]"#, "is not a JSON object of settings"),
        ([:], #"{"port": 8080, "port": 9090}"#, "gives the key 'port' twice"),
        ([:], #"{"log-level": "loud"}"#, "--log-level: 'loud' from the configuration file"),
        (["SWITCHYARD_METRICS_PORT": "8080"], nil, "--metrics-port: 8080 is the site's port too"),
        (
            ["SWITCHYARD_DATABASE": "ftp://links/x"], nil,
            "--database: ftp://links/x from the environment (SWITCHYARD_DATABASE) is not a database: a database is a"
        ),
        ([:], #"{"database": "postgres://links@db/links?sslmode=allow"}"#, "from the configuration file"),
    ])
    func aBadValueIsRefusedWithWhereItCameFrom(environment: [String: String], file: String?, message: String) throws {
        let printed = try Self.printed([LinkSiteFixture.example], environment: environment, file: file)
        #expect(printed.status == 2)
        #expect(printed.error.contains(message), "\(printed.error)")
        #expect(printed.output.isEmpty)
    }

    @Test(arguments: [
        "shop.example.com", "Shop.Example.COM", "exämple.com", "xn--exmple-cua.com", "[::1]", "127.0.0.1",
    ])
    func aHostNameOrIPLiteralIsAWebHost(host: String) throws {
        let printed = try Self.printed([LinkSiteFixture.example, "--web-host", host])
        #expect(printed.status == 0, "\(printed.error)")
        #expect(Self.row("web-host", in: printed.output)?.value == host)
    }

    @Test func aSettingsFileLargerThanAMebibyteIsRefused() throws {
        let padding = String(repeating: " ", count: 1 << 20)
        let printed = try Self.printed([LinkSiteFixture.example], file: "{\(padding)}")
        #expect(printed.status == 2 && printed.error.contains(": is larger than 1 MiB"), "\(printed.error)")
    }

    @Test func aSiteConfiguredByTheEnvironmentAndAFileAlone() async throws {
        try await SiteProcessTests.withFolder { folder in
            let settings = folder.appendingPathComponent("site.json")
            let file = #"{"route-file": "\#(LinkSiteFixture.example)", "port": 0, "metrics-port": 0}"#
            try Data(file.utf8).write(to: settings)
            let database = folder.appendingPathComponent("links.sqlite").path
            let site = try await SiteProcess.start(
                arguments: ["serve"],
                environment: [
                    "SWITCHYARD_CONFIG": settings.path, "SWITCHYARD_DATABASE": database,
                    "SWITCHYARD_LOG_LEVEL": "error",
                ], folder: folder)
            defer { site.stop() }
            #expect(try await RawHTTP.get("/readyz", port: site.port)?.status == 200)
            #expect(FileManager.default.fileExists(atPath: database), "the store is SWITCHYARD_DATABASE's")
        }
    }

    @Test func theTokenCommandsTakeTheStoreFromTheEnvironment() async throws {
        try await SiteProcessTests.withFolder { folder in
            let database = folder.appendingPathComponent("tokens.sqlite").path
            let made = try SiteProcess.run(
                "switchyard-link-site", ["token", "create", "ops"], environment: ["SWITCHYARD_DATABASE": database])
            #expect(made.status == 0, "\(made.error)")
            let listed = try SiteProcess.run(
                "switchyard-link-site", ["token", "list"], environment: ["SWITCHYARD_DATABASE": database])
            #expect(listed.output.contains("active") && listed.output.contains("ops"))
        }
    }
}
