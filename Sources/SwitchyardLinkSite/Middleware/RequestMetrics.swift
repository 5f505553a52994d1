import Hummingbird

/// Counts and times every request but the probes' (``SiteMetrics/request(_:status:duration:)``), by the class of
/// the route the router matched. On the router before any route, so that it sees the answers of every group's
/// middleware, refusals included, and the universal links behind the routes; only while metrics are recorded.
struct RequestMetrics: RouterMiddleware {
    let metrics: SiteMetrics
    /// The short links' route, as the router names it (`/s/{slug}`).
    let shortLinkPath: String

    func handle(
        _ request: Request, context: LinkSiteContext, next: (Request, LinkSiteContext) async throws -> Response
    ) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request, context)
            record(context, status: response.status.code, since: start, clock)
            return response
        } catch {
            record(context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start, clock)
            throw error
        }
    }

    private func record(
        _ context: LinkSiteContext, status: Int, since start: ContinuousClock.Instant, _ clock: ContinuousClock
    ) {
        // The router names the matched route's path in the context before the route's middleware runs.
        guard let routeClass = Self.routeClass(of: context.endpointPath, shortLinkPath: shortLinkPath) else { return }
        metrics.request(routeClass, status: status, duration: clock.now - start)
    }

    /// The class of the route at `path` (the router's pattern); `nil` for the probes, which are not counted.
    static func routeClass(of path: String?, shortLinkPath: String) -> SiteMetrics.RouteClass? {
        guard let path else { return .universalLink }
        if path == "/healthz" || path == "/readyz" { return nil }
        if path == shortLinkPath { return .shortLink }
        let prefixes: [(String, SiteMetrics.RouteClass)] = [
            ("/api/admin", .adminAPI), ("/api/claims/", .redemption), ("/api", .publicAPI), ("/admin", .statsPage),
            ("/c/", .claimLink), ("/.well-known/", .associationFile),
        ]
        return prefixes.first { path.hasPrefix($0.0) }?.1 ?? .universalLink
    }
}
