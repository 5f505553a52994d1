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
import SwitchyardReports

/// `switchyard-link-site`: a site of short links for a route file, and the admin tokens of its API. A product of
/// its own, so that the `switchyard` tool builds without a server or a database driver.
@main
struct LinkSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard-link-site",
        abstract: "Serve a route file's short links, universal links and association files, with an admin API.",
        subcommands: [Serve.self, Token.self, LinksCommand.self], defaultSubcommand: Serve.self)

    /// Runs the command, with exit code 2 for bad usage, as `switchyard` has.
    static func main() async {
        await mainExitingWithTwoForBadUsage()
    }
}

/// The options that name the store.
struct StoreOptions: ParsableArguments {
    @Option(
        help: """
            The store: an SQLite file (created when missing), or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, \
            which several servers may share.
            """)
    var database = "links.sqlite"

    func open(logger: Logger) async throws -> LinkStore {
        do {
            return try await LinkStore.open(try StoreLocation(database), logger: logger)
        } catch {
            throw Failure.badUsage("\(error)")
        }
    }
}

extension LinkSiteCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the site.",
            discussion: """
                Short links live under the route file's "shortLinks" host and prefix. Targets are links the route \
                file routes, or https links on its own hosts and on --web-host hosts.

                Examples:
                  swift run switchyard-link-site serve Examples/shop.json
                  swift run switchyard-link-site serve Examples/shop.json --database postgres://links@127.0.0.1/links
                """)

        @OptionGroup var store: StoreOptions

        @Option(help: "The port to listen on; 0 lets the system choose one, which is printed.")
        var port = 8080

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(name: .customLong("web-host"), help: "A host whose https links may be targets (repeatable).")
        var webHosts: [String] = []

        @Option(help: "Seconds a link stays fresh in memory: the bound for a change made by another server to show.")
        var cacheSeconds = 5

        @Option(help: "Milliseconds a click waits before it is written, in a batch: what a crash may lose.")
        var clickWindowMilliseconds = 1_000

        @Option(
            help: """
                Requests a second from one address, bursts of twice: admin requests before the token is checked, \
                claim redemptions, and claims made (beyond, the store opens without a claim).
                """)
        var requestsPerAddress = 20.0

        @Option(help: "Admin requests a second with one token (bursts of twice).")
        var requestsPerToken = 50.0

        @Option(
            help: """
                Days a claim of a deferred link waits for the app's first launch; 0 makes no claims (landing pages \
                then offer the stores without carrying the link across the install).
                """)
        var claimDays = 7.0

        @Option(help: "Minutes between two purges of the claims that expired unredeemed.")
        var claimPurgeMinutes = 60.0

        @Option(
            name: .customLong("trusted-proxy"),
            help: """
                An address range (CIDR, or one address) of the proxies in front of the site, whose header says the \
                client's address (repeatable). Without one, the headers are ignored.
                """)
        var trustedProxies: [String] = []

        @Option(help: "The header the trusted proxies write: x-forwarded-for (with X-Forwarded-Proto) or forwarded.")
        var proxyHeader: TrustedProxies.Header = .xForwardedFor

        @Option(
            help: """
                A port to serve the metrics on, at /metrics in Prometheus' text format (0: any free port, printed \
                on the second line). Off unless given.
                """)
        var metricsPort: Int?

        @Option(help: "The address the metrics are served on.")
        var metricsHost = "127.0.0.1"

        @Option(help: "What to log: trace, debug, info, notice, warning, error or critical.")
        var logLevel: Logger.Level = .info

        @Option(help: "How to log, to standard error: text, or json (one object a line).")
        var logFormat: LogFormat = .text

        @Argument(help: "The route file (JSON).")
        var file: String

        func validate() throws {
            guard (0.1...100_000).contains(requestsPerAddress), (0.1...100_000).contains(requestsPerToken) else {
                throw ValidationError("the request limits are 0.1 to 100000 a second")
            }
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            if let metricsPort {
                guard (0...65535).contains(metricsPort) else {
                    throw ValidationError("--metrics-port must be between 0 and 65535")
                }
                guard metricsPort == 0 || metricsPort != port || metricsHost != host else {
                    throw ValidationError("--metrics-port must differ from --port")
                }
            }
            guard (0...3_600).contains(cacheSeconds) else { throw ValidationError("--cache-seconds is 0 to 3600") }
            guard (10...60_000).contains(clickWindowMilliseconds) else {
                throw ValidationError("--click-window-milliseconds is 10 to 60000")
            }
            guard (0...365).contains(claimDays) else { throw ValidationError("--claim-days is 0 to 365") }
            guard (0.1...10_080).contains(claimPurgeMinutes) else {
                throw ValidationError("--claim-purge-minutes is 0.1 to 10080")
            }
            _ = try proxies()
        }

        func proxies() throws -> TrustedProxies {
            guard trustedProxies.count <= 1_000 else { throw ValidationError("at most 1000 --trusted-proxy ranges") }
            do {
                return TrustedProxies(ranges: try trustedProxies.map { try IPRange($0) }, header: proxyHeader)
            } catch {
                throw ValidationError("--trusted-proxy: \(error)")
            }
        }

        func run() async throws {
            switch logFormat {
            case .text: LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
            case .json: LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
            }
            var logger = Logger(label: "switchyard-link-site")
            logger.logLevel = logLevel
            let routeFile: RouteFile
            do {
                routeFile = try RouteFile(contentsOf: file)
            } catch {
                throw Failure.badUsage("\(error)")
            }
            let registry = PrometheusCollectorRegistry()
            let metrics =
                metricsPort == nil
                ? SiteMetrics(factory: NOOPMetricsHandler.instance)
                : SiteMetrics(factory: MetricsEndpoint.factory(registry: registry))
            let links = try await store.open(logger: logger)
            let service: LinkService
            var applications: [any Service] = []
            do {
                let claims =
                    claimDays > 0
                    ? ClaimSettings(
                        tokens: ClaimTokens(key: try await ClaimTokens.key(in: links)), lifetime: claimDays * 86_400,
                        purgeEvery: .milliseconds(Int64(claimPurgeMinutes * 60_000)), perAddress: requestsPerAddress)
                    : nil
                service = try LinkService(
                    file: routeFile, store: links, webHosts: webHosts,
                    cache: (10_000, .seconds(cacheSeconds)), clickWindow: .milliseconds(clickWindowMilliseconds),
                    claims: claims, logger: logger, metrics: metrics)
                let shownHost = host.contains(":") ? "[\(host)]" : host
                let started = StartupLines(count: metricsPort == nil ? 1 : 2)
                let site = try LinkSiteServer.application(
                    service: service, limits: APILimits(perToken: requestsPerToken, perAddress: requestsPerAddress),
                    proxies: try proxies(), host: host, port: port, logger: logger
                ) { port in
                    // Standard output carries only the addresses, for a script that starts the server on port 0.
                    await started.write("http://\(shownHost):\(port)/", line: 0)
                }
                applications.append(site)
                if let metricsPort {
                    let shownMetricsHost = metricsHost.contains(":") ? "[\(metricsHost)]" : metricsHost
                    applications.append(
                        MetricsEndpoint.application(
                            registry: registry, host: metricsHost, port: metricsPort, logger: logger
                        ) { port in await started.write("http://\(shownMetricsHost):\(port)/metrics", line: 1) })
                }
            } catch {
                await links.close()
                throw Failure.badUsage("\(error)")
            }
            let site = service.shortLinks
            logger.info(
                "short links on \(links.engine), at https://\(site.host)/\(site.prefixComponents.map { $0 + "/" }.joined())SLUG"
            )
            do {
                try await LinkSiteServer.run(applications, logger: logger)
            } catch {
                await links.close()
                throw error
            }
            await links.close()
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create, list and revoke the admin API's tokens.",
            subcommands: [Create.self, List.self, Revoke.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create a token and print it: it is shown this once, and stored only as its SHA-256.")
            @OptionGroup var store: StoreOptions
            @Argument(help: "A name to tell the token by (who or what uses it), up to 100 characters.")
            var name: String

            func validate() throws {
                guard (1...100).contains(name.count), !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                    throw ValidationError("a token's name is 1 to 100 characters, without control characters")
                }
            }

            func run() async throws {
                let links = try await store.open(logger: Logger(label: "switchyard-link-site"))
                let (token, stored) = AdminTokens.make(name: name, at: Date())
                do {
                    try await links.add(stored)
                } catch {
                    await links.close()
                    throw Failure.badUsage("\(error)")
                }
                await links.close()
                print(token)
            }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the tokens: id, state, created, name.")
            @OptionGroup var store: StoreOptions

            func run() async throws {
                let links = try await store.open(logger: Logger(label: "switchyard-link-site"))
                let tokens: [StoredToken]
                do {
                    tokens = try await links.tokens()
                } catch {
                    await links.close()
                    throw Failure.badUsage("\(error)")
                }
                await links.close()
                let dates = ISO8601DateFormatter()
                for token in tokens {
                    let state = token.revokedAt == nil ? "active " : "revoked"
                    print("\(token.id)  \(state)  \(dates.string(from: token.createdAt))  \(token.name)")
                }
            }
        }

        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Revoke a token: running sites refuse it within 5 seconds.")
            @OptionGroup var store: StoreOptions
            @Argument(help: "The token's id: the 8 characters after sy_.")
            var id: String

            func run() async throws {
                let links = try await store.open(logger: Logger(label: "switchyard-link-site"))
                let revoked: Bool
                do {
                    revoked = try await links.revokeToken(id, at: Date())
                } catch {
                    await links.close()
                    throw Failure.badUsage("\(error)")
                }
                await links.close()
                guard revoked else { throw Failure.refused("no active token has the id '\(id)'") }
                print("revoked \(id)")
            }
        }
    }
}

/// The lines `serve` prints when it listens: the site's address first, then the metrics' (when asked), each once
/// both are known, so that a script reads them in that order whichever server starts first.
actor StartupLines {
    private var lines: [String?]

    init(count: Int) {
        lines = Array(repeating: nil, count: count)
    }

    func write(_ text: String, line: Int) {
        guard lines.indices.contains(line) else { return }
        lines[line] = text
        let known = lines.compactMap { $0 }
        guard known.count == lines.count else { return }
        try? FileHandle.standardOutput.write(contentsOf: Array(known.map { $0 + "\n" }.joined().utf8))
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

extension TrustedProxies.Header: ExpressibleByArgument {}

/// How `serve` writes its log.
enum LogFormat: String, CaseIterable, ExpressibleByArgument {
    /// swift-log's lines: time, level, label, message.
    case text
    /// One JSON object a line (``JSONLogHandler``).
    case json
}
