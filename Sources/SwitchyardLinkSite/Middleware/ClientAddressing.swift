import Hummingbird

/// Puts the request's client in the context (``LinkSiteContext/client``), from its socket, or from what a trusted
/// proxy says (``TrustedProxies``). First of the router's middleware, so that every limit and page sees the same
/// client. The address is used for the rate limits and the claims' address-bound tokens only: it is never stored
/// or logged.
struct ClientAddressing: RouterMiddleware {
    let proxies: TrustedProxies

    func handle(
        _ request: Request, context: LinkSiteContext, next: (Request, LinkSiteContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.client = proxies.client(socket: context.socketAddress, headers: request.headers)
        return try await next(request, context)
    }
}

extension LinkSiteContext {
    /// The peer's address as the socket gives it; `nil` for a Unix socket.
    var socketAddress: IPAddress? {
        remoteAddress?.ipAddress.flatMap { IPAddress($0) }
    }
}
