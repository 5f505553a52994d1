import Foundation
import SwitchyardTestSupport
import Testing

/// Every documented setting of `switchyard-link-site serve` at its edges (0, the smallest and the largest allowed):
/// the site starts, is still running after the moment a finished background task used to end it, and answers a
/// page and the API. Out of range, each is refused before anything starts.
@Suite(.serialized) struct ServeSettingsTests {
    static let edges: [[String]] = [
        ["--claim-days", "0"], ["--claim-days", "365"], ["--claim-days", "0.5"],
        ["--claim-purge-minutes", "0.1"], ["--claim-purge-minutes", "10080"],
        ["--cache-seconds", "0"], ["--cache-seconds", "3600"],
        ["--click-window-milliseconds", "10"], ["--click-window-milliseconds", "60000"],
        ["--requests-per-address", "0.1"], ["--requests-per-address", "100000"],
        ["--requests-per-token", "0.1"], ["--requests-per-token", "100000"],
        ["--log-level", "trace"], ["--log-level", "critical"],
        ["--claim-days", "0", "--claim-purge-minutes", "0.1", "--cache-seconds", "0"],
        ["--metrics-port", "0"], ["--log-format", "json"], ["--log-format", "text"],
        ["--trusted-proxy", "0.0.0.0/0", "--trusted-proxy", "::/0"],
        ["--trusted-proxy", "127.0.0.1", "--proxy-header", "forwarded"],
        ["--trusted-proxy", "127.0.0.1/32", "--proxy-header", "x-forwarded-for"],
    ]

    @Test(arguments: edges)
    func theSiteKeepsServingWithASettingAtItsEdge(_ setting: [String]) async throws {
        try await SiteProcessTests.withFolder { folder in
            let database = folder.appendingPathComponent("links.sqlite").path
            let site = try await SiteProcess.start(database: database, extra: setting, folder: folder)
            defer { site.stop() }
            // A service that finished its work stopped the site about a second after it started.
            try await Task.sleep(for: .milliseconds(2_000))
            #expect(site.process.isRunning, "the site stopped with \(setting)")
            let association = try await RawHTTP.get("/.well-known/apple-app-site-association", port: site.port)
            #expect(association?.status == 200)
            let unknown = try await RawHTTP.get("/s/nothing-here", port: site.port)
            #expect(unknown?.status == 404)
            #expect(site.process.isRunning)
        }
    }

    static let outOfRange: [[String]] = [
        ["--claim-days", "-1"], ["--claim-days", "366"],
        ["--claim-purge-minutes", "0"], ["--claim-purge-minutes", "10081"],
        ["--cache-seconds", "-1"], ["--cache-seconds", "3601"],
        ["--click-window-milliseconds", "9"], ["--click-window-milliseconds", "60001"],
        ["--requests-per-address", "0"], ["--requests-per-token", "100001"],
        ["--port", "65536"], ["--port", "-1"],
        ["--metrics-port", "65536"], ["--metrics-port", "-1"], ["--metrics-port", "8080"],
        ["--trusted-proxy", "10.0.0.1/8"], ["--trusted-proxy", "10.0.0.0/33"], ["--trusted-proxy", "::/129"],
        ["--trusted-proxy", "proxy.example.com"], ["--proxy-header", "x-real-ip"], ["--log-format", "xml"],
    ]

    @Test(arguments: outOfRange)
    func aSettingOutOfRangeIsRefusedBeforeTheSiteStarts(_ setting: [String]) throws {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID()).sqlite").path
        let result = try SiteProcess.run(
            "switchyard-link-site", ["serve", LinkSiteFixture.example, "--database", database] + setting)
        #expect(!FileManager.default.fileExists(atPath: database), "the store was opened")
        #expect(result.status != 0)
        #expect(result.error.contains("Error:"), "\(result.error)")
        #expect(result.output.isEmpty, "nothing listened: \(result.output)")
    }
}
