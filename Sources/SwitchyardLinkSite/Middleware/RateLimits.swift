import Hummingbird
import HummingbirdAuth

/// Requests per client address (the socket's, or a trusted proxy's word for it), before any token is read: it
/// bounds guessing tokens and claims. An address over the limit gets 429 with `Retry-After`.
struct AddressRateLimit: RouterMiddleware {
    let limiter: RateLimiter
    let proxies: TrustedProxies
    let metrics: SiteMetrics

    func handle(
        _ request: Request, context: LinkSiteContext, next: (Request, LinkSiteContext) async throws -> Response
    ) async throws -> Response {
        if let wait = limiter.wait(for: context.client(of: request, trusting: proxies).address) {
            metrics.rateLimited(.address)
            throw APIFailure.tooManyRequests(retryAfter: wait)
        }
        return try await next(request, context)
    }
}

/// Requests per admin token, once ``AdminAuthenticator`` has checked it.
struct TokenRateLimit: RouterMiddleware {
    let limiter: RateLimiter
    let metrics: SiteMetrics

    func handle(
        _ request: Request, context: LinkSiteContext, next: (Request, LinkSiteContext) async throws -> Response
    ) async throws -> Response {
        if let token = context.identity, let wait = limiter.wait(for: token.id) {
            metrics.rateLimited(.token)
            throw APIFailure.tooManyRequests(retryAfter: wait)
        }
        return try await next(request, context)
    }
}
