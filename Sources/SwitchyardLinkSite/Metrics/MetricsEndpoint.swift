import Hummingbird
import Logging
import Prometheus

/// The site's metrics in Prometheus' text format at `GET /metrics`, on a port of their own (`--metrics-port`), so
/// that they are not served to the world with the links.
package enum MetricsEndpoint {
    /// A factory for ``SiteMetrics`` that records into `registry`, with buckets fitted to what the site measures:
    /// requests from half a millisecond, store calls likewise, batches of 1 to 100,000 records, lags up to minutes.
    package static func factory(registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        let fast: [Duration] = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2.5), .seconds(5),
        ]
        factory.defaultDurationHistogramBuckets = fast
        factory.durationHistogramBuckets["switchyard_batch_lag_seconds"] = [
            .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(2), .seconds(5), .seconds(10), .seconds(30),
            .seconds(60), .seconds(120), .seconds(300),
        ]
        factory.valueHistogramBuckets["switchyard_batch_records"] = [1, 10, 100, 1_000, 10_000, 100_000]
        factory.valueHistogramBuckets["switchyard_link_read_slugs"] = [1, 2, 4, 8, 16, 32, 64, 128, 256]
        return factory
    }

    /// The application serving `registry` at `/metrics` on `host`:`port` (`0`: any free port, reported to
    /// `onServerRunning`).
    package static func application(
        registry: PrometheusCollectorRegistry, host: String, port: Int, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.get("/metrics") { _, _ -> Response in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) }, logger: logger)
    }
}
