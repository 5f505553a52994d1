import Hummingbird
import NIOCore

/// Reads a request's body before the API does, at most ``maxSize`` bytes (413 beyond), and refuses one sent without
/// a `Content-Type` (415): the generated server would read it as JSON, and the document says a body is sent as
/// `application/json`. A body with another type is refused by the generated server, and said as 415 by
/// ``APIErrors``.
struct RequestBodyLimit<Context: RequestContext>: RouterMiddleware {
    static var maxSize: Int { 64 * 1_024 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.maxSize)
        } catch {
            throw APIFailure(.contentTooLarge, "tooLarge", "a body has at most \(Self.maxSize) bytes")
        }
        if body.readableBytes > 0, request.headers[.contentType] == nil {
            throw APIFailure(
                .unsupportedMediaType, "unsupportedMediaType", "send the body as Content-Type: application/json")
        }
        return try await next(request, context)
    }
}
