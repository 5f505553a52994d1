import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import Switchyard
import SwitchyardLinkSite
import SwitchyardLinkStore

extension LinkSiteCommand {
    /// `switchyard-link-site serve`. Every setting comes from its option, else `SWITCHYARD_…` in the environment,
    /// else the `--config` file, else its default (``SettingReader``); ``ServeSettings`` is what they resolve to.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the site.",
            discussion: """
                Short links live under the route file's "shortLinks" host and prefix. Targets are links the route \
                file routes, or https links on its own hosts and on --web-host hosts.

                Each option may also come from the environment, as SWITCHYARD_ and its name in upper case with _ \
                for - (SWITCHYARD_CACHE_SECONDS=10; a repeatable one comma-separated), or from the JSON file of \
                --config, under its name ({"cache-seconds": 10}; a repeatable one as an array). The command line \
                wins over the environment, the environment over the file, the file over the default. The route \
                file may come as "route-file" or SWITCHYARD_ROUTE_FILE.

                Examples:
                  swift run switchyard-link-site serve Examples/shop.json
                  swift run switchyard-link-site serve Examples/shop.json --database postgres://links@127.0.0.1/links
                  SWITCHYARD_DATABASE=postgres://links:secret@db/links switchyard-link-site serve --config site.json
                """)

        @OptionGroup var store: StoreOptions

        @Option(help: "A JSON file of settings, keyed by the options' names (also SWITCHYARD_CONFIG).")
        var config: String?

        @Flag(help: "Print each setting, its value (passwords hidden) and where it came from; then exit.")
        var printConfig = false

        @Option(help: "The port to listen on; 0 lets the system choose one, which is printed (default: 8080).")
        var port: Int?

        @Option(help: "The address to listen on (default: 127.0.0.1).")
        var host: String?

        @Option(
            name: .customLong("web-host"),
            help: "A host whose https links may be targets: a name or IP literal alone, not a link (repeatable).")
        var webHosts: [String] = []

        @Option(
            help: """
                Seconds a link stays fresh in memory: the bound for a change made by another server to show (0 to \
                3600; default: 5).
                """)
        var cacheSeconds: Int?

        @Option(
            help: """
                Milliseconds a click waits before it is written, in a batch: what a crash may lose (10 to 60000; \
                default: 1000).
                """)
        var clickWindowMilliseconds: Int?

        @Option(
            help: """
                Requests a second from one address, bursts of twice: admin requests before the token is checked, \
                claim redemptions, and claims made (beyond, the store opens without a claim) (0.1 to 100000; \
                default: 20).
                """)
        var requestsPerAddress: Double?

        @Option(help: "Admin requests a second with one token, bursts of twice (0.1 to 100000; default: 50).")
        var requestsPerToken: Double?

        @Option(
            help: """
                Days a claim of a deferred link waits for the app's first launch; 0 makes no claims (landing pages \
                then offer the stores without carrying the link across the install) (0 to 365; default: 7).
                """)
        var claimDays: Double?

        @Option(help: "Minutes between two purges of the claims that expired unredeemed (0.1 to 10080; default: 60).")
        var claimPurgeMinutes: Double?

        @Option(
            name: .customLong("trusted-proxy"),
            help: """
                An address range (CIDR, or one address) of the proxies in front of the site, whose header says the \
                client's address (repeatable). Without one, the headers are ignored.
                """)
        var trustedProxies: [String] = []

        @Option(
            help: """
                The header the trusted proxies write: x-forwarded-for (with X-Forwarded-Proto) or forwarded \
                (default: x-forwarded-for).
                """)
        var proxyHeader: TrustedProxies.Header?

        @Option(
            help: """
                A port to serve the metrics on, at /metrics in Prometheus' text format (0: any free port, printed \
                on the second line). Off unless given.
                """)
        var metricsPort: Int?

        @Option(help: "The address the metrics are served on (default: 127.0.0.1).")
        var metricsHost: String?

        @Option(help: "What to log: trace, debug, info, notice, warning, error or critical (default: info).")
        var logLevel: Logger.Level?

        @Option(help: "How to log, to standard error: text, or json (one object a line) (default: text).")
        var logFormat: LogFormat?

        @Argument(help: "The route file (JSON).")
        var file: String?

        /// Resolves the settings, so that a bad one is refused as bad usage of `serve`, before anything starts.
        func validate() throws {
            _ = try ServeSettings(self, environment: ProcessInfo.processInfo.environment)
        }

        func run() async throws {
            let settings = try ServeSettings(self, environment: ProcessInfo.processInfo.environment)
            if printConfig {
                print(settings.table, terminator: "")
                return
            }
            try await settings.serve()
        }
    }
}
