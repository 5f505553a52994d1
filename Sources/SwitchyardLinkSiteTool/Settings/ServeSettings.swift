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

/// What `serve`'s settings resolve to, wherever each came from (``SettingReader``), checked: a value out of range
/// is refused before anything starts, with the place it came from.
struct ServeSettings {
    /// Every setting's name, as the option's long name and the settings file's key.
    static let names: Set<String> = [
        "route-file", "database", "port", "host", "web-host", "cache-seconds", "click-window-milliseconds",
        "requests-per-address", "requests-per-token", "claim-days", "claim-purge-minutes", "trusted-proxy",
        "proxy-header", "metrics-port", "metrics-host", "log-level", "log-format",
    ]

    let routeFile: String
    let database: String
    let port: Int
    let host: String
    let webHosts: [String]
    let cacheSeconds: Int
    let clickWindowMilliseconds: Int
    let requestsPerAddress: Double
    let requestsPerToken: Double
    let claimDays: Double
    let claimPurgeMinutes: Double
    let proxies: TrustedProxies
    let metricsPort: Int?
    let metricsHost: String
    let logLevel: Logger.Level
    let logFormat: LogFormat
    /// Each setting, its value as shown (passwords hidden) and where it came from.
    let table: String

    /// Resolves `serve`'s options against `environment` and the settings file it names.
    /// - Throws: `ValidationError` for a value out of range or unreadable, naming where it came from.
    init(_ options: LinkSiteCommand.Serve, environment: [String: String]) throws {
        var sources = SettingSources(environment: environment)
        if let path = options.config ?? environment["SWITCHYARD_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            sources = try SettingSources(environment: environment, file: path, known: Self.names)
        }
        var read = SettingReader(sources: sources)
        let file = try read.optional("route-file", flag: options.file)
        guard let file else {
            throw ValidationError(
                "no route file: give it as the argument, SWITCHYARD_ROUTE_FILE or \"route-file\" in the --config file")
        }
        routeFile = file
        database = try read.value(
            "database", flag: options.store.database, default: StoreOptions.defaultDatabase, secret: true
        ) { text in
            do throws(LinkStoreError) {
                _ = try StoreLocation(text)
                return nil
            } catch {
                return "is not a database: \(error.message)"
            }
        }
        port = try read.value("port", flag: options.port, default: 8080, check: Self.within(0...65535))
        host = try read.value("host", flag: options.host, default: "127.0.0.1")
        webHosts = try read.list("web-host", flag: options.webHosts, check: Self.webHostProblem)
        cacheSeconds = try read.value(
            "cache-seconds", flag: options.cacheSeconds, default: 5, check: Self.within(0...3_600))
        clickWindowMilliseconds = try read.value(
            "click-window-milliseconds", flag: options.clickWindowMilliseconds, default: 1_000,
            check: Self.within(10...60_000))
        requestsPerAddress = try read.value(
            "requests-per-address", flag: options.requestsPerAddress, default: 20, check: Self.within(0.1...100_000))
        requestsPerToken = try read.value(
            "requests-per-token", flag: options.requestsPerToken, default: 50, check: Self.within(0.1...100_000))
        claimDays = try read.value("claim-days", flag: options.claimDays, default: 7, check: Self.within(0...365))
        claimPurgeMinutes = try read.value(
            "claim-purge-minutes", flag: options.claimPurgeMinutes, default: 60, check: Self.within(0.1...10_080))
        let ranges = try read.list("trusted-proxy", flag: options.trustedProxies) { text in
            do throws(IPRange.BadRange) {
                _ = try IPRange(text)
                return nil
            } catch {
                return error.problem
            }
        }
        guard ranges.count <= 1_000 else { throw ValidationError("--trusted-proxy: at most 1000 ranges") }
        let header = try read.value("proxy-header", flag: options.proxyHeader, default: .xForwardedFor)
        proxies = TrustedProxies(ranges: ranges.compactMap { try? IPRange($0) }, header: header)
        metricsPort = try read.optional("metrics-port", flag: options.metricsPort, check: Self.within(0...65535))
        metricsHost = try read.value("metrics-host", flag: options.metricsHost, default: "127.0.0.1")
        if let metricsPort, metricsPort != 0, metricsPort == port, metricsHost == host {
            throw ValidationError("--metrics-port: \(metricsPort) is the site's port too; give the metrics their own")
        }
        logLevel = try read.value("log-level", flag: options.logLevel, default: .info)
        logFormat = try read.value("log-format", flag: options.logFormat, default: .text)
        table = read.table
    }

    /// The check of a value that must be in `range`, whose refusal writes the bounds as `--help` does: a whole
    /// number without `.0`.
    private static func within<Value: Comparable>(_ range: ClosedRange<Value>) -> (Value) -> String? {
        func shown(_ bound: Value) -> String {
            guard let number = bound as? Double, number.rounded() == number, abs(number) < 1e15 else {
                return "\(bound)"
            }
            return String(Int(number))
        }
        return {
            range.contains($0) ? nil : "is out of range: \(shown(range.lowerBound)) to \(shown(range.upperBound))"
        }
    }

    /// Why `text` cannot be a `--web-host`: `nil` for a host name or a bracketed IP literal alone, which an https
    /// target's host is compared with. A link, a port or a path would match no target, silently.
    static func webHostProblem(_ text: String) -> String? {
        let host = HostName.allowedForm(text)
        if !text.isEmpty, httpsHost(of: "https://\(host)/") == host { return nil }
        if let scheme = text.range(of: "://"), let inLink = httpsHost(of: "https" + text[scheme.lowerBound...]),
            !inLink.isEmpty
        {
            return "is a link, not a host; give its host alone: \(inLink)"
        }
        return "is not a host name (shop.example.com) or IP literal ([2001:db8::1]) alone"
    }

    /// Serves the site (and its metrics, when asked) until `SIGTERM` or `SIGINT`.
    ///
    /// What ends it once the log is set up is said in the log's format: with `json`, as the log's last entry
    /// (`critical`), so that every line a log shipper reads is an object; with `text`, as the tool's other commands
    /// say it. The exit status is the same either way: 2 for a route file or store that cannot be used, 1 for a
    /// server that cannot listen.
    func serve() async throws {
        let layout: LineLogHandler.Layout = logFormat == .json ? .json : .text
        LoggingSystem.bootstrap { LineLogHandler(label: $0, layout: layout) }
        var logger = Logger(label: "switchyard-link-site")
        logger.logLevel = logLevel
        do {
            try await serve(logger: logger)
        } catch let failure as Unusable {
            guard logFormat == .json else { throw Failure.badUsage(failure.message) }
            logger.critical("\(failure.message)")
            throw ExitCode(2)
        } catch  where logFormat == .json {
            logger.critical("\(error)")
            throw ExitCode.failure
        }
    }

    /// A route file or store that cannot be used: exit status 2.
    private struct Unusable: Error {
        let message: String
    }

    private func serve(logger: Logger) async throws {
        let routeFile: RouteFile
        do {
            routeFile = try RouteFile(contentsOf: self.routeFile)
        } catch {
            throw Unusable(message: "\(error)")
        }
        let registry = PrometheusCollectorRegistry()
        let metrics =
            metricsPort == nil
            ? SiteMetrics(factory: NOOPMetricsHandler.instance)
            : SiteMetrics(factory: MetricsEndpoint.factory(registry: registry))
        let links: LinkStore
        do {
            links = try await LinkStore.open(try StoreLocation(database), logger: logger)
        } catch {
            throw Unusable(message: "\(error)")
        }
        let service: LinkService
        let applications: [any Service]
        do {
            service = try await makeService(file: routeFile, store: links, metrics: metrics, logger: logger)
            applications = try makeApplications(service: service, registry: registry, logger: logger)
        } catch {
            await links.close()
            throw Unusable(message: "\(error)")
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

    /// The site of `file`'s links, clicks and claims over `store`, as the settings say.
    private func makeService(
        file: RouteFile, store: LinkStore, metrics: SiteMetrics, logger: Logger
    ) async throws -> LinkService {
        let claims =
            claimDays > 0
            ? ClaimSettings(
                tokens: ClaimTokens(key: try await ClaimTokens.key(in: store)), lifetime: claimDays * 86_400,
                purgeEvery: .milliseconds(Int64(claimPurgeMinutes * 60_000)), perAddress: requestsPerAddress)
            : nil
        return try LinkService(
            file: file, store: store, webHosts: webHosts,
            cache: (10_000, .seconds(cacheSeconds)), clickWindow: .milliseconds(clickWindowMilliseconds),
            claims: claims, logger: logger, metrics: metrics)
    }

    /// The site's server and, when asked, the metrics' server, each printing its address on standard output once
    /// it listens.
    private func makeApplications(
        service: LinkService, registry: PrometheusCollectorRegistry, logger: Logger
    ) throws -> [any Service] {
        let started = StartupLines(count: metricsPort == nil ? 1 : 2)
        let site = try LinkSiteServer.application(
            service: service, limits: APILimits(perToken: requestsPerToken, perAddress: requestsPerAddress),
            proxies: proxies, host: host, port: port, logger: logger
        ) { [host] port in
            // Standard output carries only the addresses, for a script that starts the server on port 0.
            await started.write("http://\(Self.shown(host)):\(port)/", line: 0)
        }
        var applications: [any Service] = [Listening(site, host: host, port: port, option: "--port")]
        if let metricsPort {
            let metrics = MetricsEndpoint.application(
                registry: registry, host: metricsHost, port: metricsPort, logger: logger
            ) { [metricsHost] port in
                await started.write("http://\(Self.shown(metricsHost)):\(port)/metrics", line: 1)
            }
            applications.append(Listening(metrics, host: metricsHost, port: metricsPort, option: "--metrics-port"))
        }
        return applications
    }

    /// `host` as a URL's authority writes it: an IPv6 address in brackets.
    private static func shown(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
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
    /// swift-log's layout: time, level, label, metadata, module, message (``LineLogHandler``).
    case text
    /// One JSON object a line (``LineLogHandler``).
    case json
}
