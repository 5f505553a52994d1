import CoreMetrics
import Foundation
import Metrics
import Switchyard

/// What the site counts and times, through swift-metrics: every name, its labels and what it means are here, so
/// that a dashboard's author reads them in one place (the README's "Running it in production" lists them too).
///
/// Label values come from fixed sets (a route's class, a status code, an operation), never from a request's text,
/// so the number of series is bounded. Each name always has the same label names, as Prometheus needs.
///
/// ```swift
/// let registry = PrometheusCollectorRegistry()
/// let metrics = SiteMetrics(factory: PrometheusMetricsFactory(registry: registry))
/// metrics.cacheLookup(hit: true)
/// ```
package struct SiteMetrics: Sendable {
    /// The routes a request may take, as the `class` label says them.
    package enum RouteClass: String, Sendable, CaseIterable {
        case shortLink = "short_link"
        case claimLink = "claim_link"
        case associationFile = "association_file"
        case publicAPI = "public_api"
        case redemption
        case adminAPI = "admin_api"
        case statsPage = "stats_page"
        /// The route file's universal links, and every path the site does not know (404).
        case universalLink = "universal_link"
    }

    /// The store's calls that a visitor or a batch waits on, as the `operation` label says them.
    package enum StoreOperation: String, Sendable, CaseIterable {
        /// One statement reading the links of the slugs asked for meanwhile (``LinkReads``).
        case readLinks = "read_links"
        case writeClicks = "write_clicks"
        case writeClaimEvents = "write_claim_events"
        case createClaim = "create_claim"
        case redeemClaim = "redeem_claim"
    }

    /// The batches' records, as the `records` label says them.
    package enum Batch: String, Sendable, CaseIterable {
        case clicks
        case claimEvents = "claim_events"

        /// The store's call that writes a batch of them.
        var write: StoreOperation {
            switch self {
            case .clicks: .writeClicks
            case .claimEvents: .writeClaimEvents
            }
        }
    }

    let factory: any MetricsFactory
    /// Whether anything is recorded: `false` for swift-metrics' no-op factory (the site without `--metrics-port`),
    /// so that a request then makes no metric and reads no clock for one.
    let isRecording: Bool
    /// The request series, made once each: a request's are looked up, not made (see ``RequestSeries``).
    private let requests: RequestSeries

    /// Metrics made by `factory`: the one `MetricsSystem` was bootstrapped with by default (which records nothing
    /// until a program bootstraps one).
    package init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.factory = factory
        isRecording = !(factory is NOOPMetricsHandler)
        requests = RequestSeries(factory: factory)
    }

    /// Makes every counter whose labels come from a fixed set, at 0, so that a dashboard sees a series before its
    /// first event (a rate over a counter that does not exist yet is no rate at all).
    func registerCounters() {
        guard isRecording else { return }
        _ = Counter(label: "switchyard_claims_made_total", factory: factory)
        _ = Counter(label: "switchyard_claims_redeemed_total", factory: factory)
        for result in ["hit", "miss"] {
            _ = Counter(
                label: "switchyard_link_cache_lookups_total", dimensions: [("result", result)], factory: factory)
        }
        for limit in ["address", "token", "claims"] {
            _ = Counter(label: "switchyard_rate_limited_total", dimensions: [("limit", limit)], factory: factory)
        }
        for batch in Batch.allCases {
            _ = Counter(
                label: "switchyard_batch_dropped_total", dimensions: [("records", batch.rawValue)], factory: factory)
        }
        for operation in StoreOperation.allCases {
            _ = Counter(
                label: "switchyard_store_errors_total", dimensions: [("operation", operation.rawValue)],
                factory: factory)
        }
    }

    /// `switchyard_requests_total{class, status}` and `switchyard_request_duration_seconds{class}`: a request
    /// answered. The probes are not counted.
    func request(_ routeClass: RouteClass, status: Int, duration: Duration) {
        guard isRecording else { return }
        requests.counter(routeClass, status: status).increment()
        requests.timers[routeClass]?.record(duration: duration)
    }

    /// `switchyard_link_cache_lookups_total{result}`: a link looked up in memory, `hit` (fresh there) or `miss`
    /// (read from the store).
    func cacheLookup(hit: Bool) {
        guard isRecording else { return }
        Counter(
            label: "switchyard_link_cache_lookups_total", dimensions: [("result", hit ? "hit" : "miss")],
            factory: factory
        ).increment()
    }

    /// `switchyard_store_duration_seconds{operation}` and, when it failed, `switchyard_store_errors_total{operation}`.
    func storeCall(_ operation: StoreOperation, duration: Duration, failed: Bool) {
        guard isRecording else { return }
        Timer(
            label: "switchyard_store_duration_seconds", dimensions: [("operation", operation.rawValue)],
            factory: factory
        ).record(duration: duration)
        if failed {
            Counter(
                label: "switchyard_store_errors_total", dimensions: [("operation", operation.rawValue)],
                factory: factory
            ).increment()
        }
    }

    /// Times `body` as a call of the store's `operation`.
    func timed<Result, Failure: Error>(
        _ operation: StoreOperation, _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        guard isRecording else { return try await body() }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let result = try await body()
            storeCall(operation, duration: clock.now - start, failed: false)
            return result
        } catch {
            storeCall(operation, duration: clock.now - start, failed: true)
            throw error
        }
    }

    /// `switchyard_link_read_slugs`: the slugs one statement read (``LinkReads``): 1 on a quiet site, more when
    /// reads queue behind each other.
    func linksRead(_ slugs: Int) {
        guard isRecording else { return }
        Recorder(label: "switchyard_link_read_slugs", factory: factory).record(slugs)
    }

    /// `switchyard_batch_records{records}` (the records a batch wrote) and `switchyard_batch_lag_seconds{records}`
    /// (from its oldest record's arrival to its write's end: how far the stored counts trail the visits).
    func batchWritten(_ batch: Batch, records: Int, lag: Duration) {
        guard isRecording else { return }
        Recorder(label: "switchyard_batch_records", dimensions: [("records", batch.rawValue)], factory: factory)
            .record(records)
        Timer(label: "switchyard_batch_lag_seconds", dimensions: [("records", batch.rawValue)], factory: factory)
            .record(duration: lag)
    }

    /// `switchyard_batch_dropped_total{records}`: records dropped because too many waited for an unreachable store.
    func batchDropped(_ batch: Batch, records: Int) {
        guard isRecording else { return }
        Counter(label: "switchyard_batch_dropped_total", dimensions: [("records", batch.rawValue)], factory: factory)
            .increment(by: records)
    }

    /// `switchyard_claims_made_total` and `switchyard_claims_redeemed_total`: claims of deferred links.
    func claimMade() {
        guard isRecording else { return }
        Counter(label: "switchyard_claims_made_total", factory: factory).increment()
    }

    func claimRedeemed() {
        guard isRecording else { return }
        Counter(label: "switchyard_claims_redeemed_total", factory: factory).increment()
    }

    /// `switchyard_rate_limited_total{limit}`: a request refused with 429 by the `address` or the `token` limit,
    /// or a claim not made because its address made too many (`claims`).
    func rateLimited(_ limit: String) {
        guard isRecording else { return }
        Counter(label: "switchyard_rate_limited_total", dimensions: [("limit", limit)], factory: factory).increment()
    }
}

/// The series of `switchyard_requests_total` and `switchyard_request_duration_seconds`, made once each: a request's
/// counter is found in a table under a lock, and its timer in a table made at the start, rather than made anew
/// (an object and its labels) for every request.
private final class RequestSeries: Sendable {
    let factory: any MetricsFactory
    let timers: [SiteMetrics.RouteClass: Timer]
    private let counters = Locked<[Key: Counter]>([:])

    private struct Key: Hashable {
        let routeClass: SiteMetrics.RouteClass
        let status: Int
    }

    init(factory: any MetricsFactory) {
        self.factory = factory
        timers = Dictionary(
            uniqueKeysWithValues: SiteMetrics.RouteClass.allCases.map { routeClass in
                (
                    routeClass,
                    Timer(
                        label: "switchyard_request_duration_seconds", dimensions: [("class", routeClass.rawValue)],
                        factory: factory)
                )
            })
    }

    /// The counter of `routeClass` and `status`, made the first time it is asked for. Statuses are HTTP's, so the
    /// table stays small.
    func counter(_ routeClass: SiteMetrics.RouteClass, status: Int) -> Counter {
        let key = Key(routeClass: routeClass, status: status)
        if let counter = counters.withLock({ $0[key] }) { return counter }
        let counter = Counter(
            label: "switchyard_requests_total",
            dimensions: [("class", routeClass.rawValue), ("status", String(status))],
            factory: factory)
        counters.withLock { $0[key] = counter }
        return counter
    }
}
