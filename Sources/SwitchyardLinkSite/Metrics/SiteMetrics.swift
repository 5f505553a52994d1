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

    /// The ways a request or a claim is refused for going too fast, as the `limit` label says them.
    package enum Limit: String, Sendable, CaseIterable {
        /// Requests from one client address (`--requests-per-address`).
        case address
        /// Requests with one admin token (`--requests-per-token`).
        case token
        /// Claims made from one client address: the visitor still goes to the store, with no claim.
        case claims
    }

    /// Whether anything is recorded: `false` for swift-metrics' no-op factory (the site without `--metrics-port`),
    /// so that a request then makes no metric and reads no clock for one.
    let isRecording: Bool
    /// Every series, made once when metrics are recorded: an event finds its series rather than making one (an
    /// object and its labels, looked up in the registry under its lock) each time.
    private let series: Series?

    /// Metrics made by `factory`: the one `MetricsSystem` was bootstrapped with by default (which records nothing
    /// until a program bootstraps one). Every counter whose labels come from a fixed set is made here, at 0, so that
    /// a dashboard sees a series before its first event (a rate over a counter that does not exist yet is no rate at
    /// all).
    package init(factory: any MetricsFactory = MetricsSystem.factory) {
        isRecording = !(factory is NOOPMetricsHandler)
        series = isRecording ? Series(factory: factory) : nil
    }

    /// `switchyard_requests_total{class, status}` and `switchyard_request_duration_seconds{class}`: a request
    /// answered. The probes are not counted.
    func request(_ routeClass: RouteClass, status: Int, duration: Duration) {
        guard let series else { return }
        series.requests.counter(routeClass, status: status).increment()
        series.requests.timers[routeClass]?.record(duration: duration)
    }

    /// `switchyard_link_cache_lookups_total{result}`: a link looked up in memory, `hit` (fresh there) or `miss`
    /// (read from the store).
    func cacheLookup(hit: Bool) {
        guard let series else { return }
        (hit ? series.cacheHits : series.cacheMisses).increment()
    }

    /// `switchyard_store_duration_seconds{operation}` and, when it failed, `switchyard_store_errors_total{operation}`.
    func storeCall(_ operation: StoreOperation, duration: Duration, failed: Bool) {
        guard let series else { return }
        series.storeDurations[operation]?.record(duration: duration)
        if failed { series.storeErrors[operation]?.increment() }
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

    /// Times `body` as a call of the store's `operation` when it made one: `nil` says the store could not make the
    /// call at once (an SQLite file busy with a writer, or PostgreSQL, whose reads are a round trip), and is not
    /// counted, so that the calls' count and their times are those of the calls made.
    func timed<Value>(_ operation: StoreOperation, ifMade body: () -> Value?) -> Value? {
        guard isRecording else { return body() }
        let clock = ContinuousClock()
        let start = clock.now
        let value = body()
        if value != nil { storeCall(operation, duration: clock.now - start, failed: false) }
        return value
    }

    /// `switchyard_link_read_slugs`: the slugs one statement read (``LinkReads``): 1 on a quiet site, more when
    /// reads queue behind each other.
    func linksRead(_ slugs: Int) {
        series?.readSlugs.record(slugs)
    }

    /// `switchyard_batch_records{records}` (the records a batch wrote) and `switchyard_batch_lag_seconds{records}`
    /// (from its oldest record's arrival to its write's end: how far the stored counts trail the visits).
    func batchWritten(_ batch: Batch, records: Int, lag: Duration) {
        guard let series else { return }
        series.batchRecords[batch]?.record(records)
        series.batchLags[batch]?.record(duration: lag)
    }

    /// `switchyard_batch_dropped_total{records}`: records dropped because too many waited for an unreachable store.
    func batchDropped(_ batch: Batch, records: Int) {
        series?.batchesDropped[batch]?.increment(by: records)
    }

    /// `switchyard_claims_made_total` and `switchyard_claims_redeemed_total`: claims of deferred links.
    func claimMade() {
        series?.claimsMade.increment()
    }

    func claimRedeemed() {
        series?.claimsRedeemed.increment()
    }

    /// `switchyard_rate_limited_total{limit}`: a request refused with 429 by the `address` or the `token` limit,
    /// or a claim not made because its address made too many (`claims`).
    func rateLimited(_ limit: Limit) {
        series?.rateLimited[limit]?.increment()
    }
}

/// Every series of ``SiteMetrics``, made once.
private final class Series: Sendable {
    let requests: RequestSeries
    let cacheHits: Counter
    let cacheMisses: Counter
    let storeDurations: [SiteMetrics.StoreOperation: Timer]
    let storeErrors: [SiteMetrics.StoreOperation: Counter]
    let readSlugs: Recorder
    let batchRecords: [SiteMetrics.Batch: Recorder]
    let batchLags: [SiteMetrics.Batch: Timer]
    let batchesDropped: [SiteMetrics.Batch: Counter]
    let claimsMade: Counter
    let claimsRedeemed: Counter
    let rateLimited: [SiteMetrics.Limit: Counter]

    init(factory: any MetricsFactory) {
        // A series for each case of `Key`, made by `make` with the label `name` saying the case's raw value.
        func each<Key: CaseIterable & RawRepresentable<String> & Hashable, Series>(
            _: Key.Type, _ name: String, _ make: ([(String, String)]) -> Series
        ) -> [Key: Series] {
            Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0, make([(name, $0.rawValue)])) })
        }
        requests = RequestSeries(factory: factory)
        let lookups = "switchyard_link_cache_lookups_total"
        cacheHits = Counter(label: lookups, dimensions: [("result", "hit")], factory: factory)
        cacheMisses = Counter(label: lookups, dimensions: [("result", "miss")], factory: factory)
        storeDurations = each(SiteMetrics.StoreOperation.self, "operation") {
            Timer(label: "switchyard_store_duration_seconds", dimensions: $0, factory: factory)
        }
        storeErrors = each(SiteMetrics.StoreOperation.self, "operation") {
            Counter(label: "switchyard_store_errors_total", dimensions: $0, factory: factory)
        }
        readSlugs = Recorder(label: "switchyard_link_read_slugs", factory: factory)
        batchRecords = each(SiteMetrics.Batch.self, "records") {
            Recorder(label: "switchyard_batch_records", dimensions: $0, factory: factory)
        }
        batchLags = each(SiteMetrics.Batch.self, "records") {
            Timer(label: "switchyard_batch_lag_seconds", dimensions: $0, factory: factory)
        }
        batchesDropped = each(SiteMetrics.Batch.self, "records") {
            Counter(label: "switchyard_batch_dropped_total", dimensions: $0, factory: factory)
        }
        claimsMade = Counter(label: "switchyard_claims_made_total", factory: factory)
        claimsRedeemed = Counter(label: "switchyard_claims_redeemed_total", factory: factory)
        rateLimited = each(SiteMetrics.Limit.self, "limit") {
            Counter(label: "switchyard_rate_limited_total", dimensions: $0, factory: factory)
        }
    }
}

/// The series of `switchyard_requests_total` and `switchyard_request_duration_seconds`: a request's timer is in a
/// table made at the start, and its counter in one filled under a lock as statuses are first answered.
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
