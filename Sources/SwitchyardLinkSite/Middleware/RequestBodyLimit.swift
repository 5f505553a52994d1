import Hummingbird
import NIOCore
import Switchyard

/// Reads a request's body before the API does, at most ``maxSize`` bytes (413 beyond; an import's file
/// ``LinkImport/maxBytes``), and refuses one sent without a `Content-Type` (415): the generated server would read it
/// as JSON, and the document says a body is sent as `application/json` (an import's as `text/csv`). A body with
/// another type is refused by the generated server, and said as 415 by ``APIErrors``. A JSON body that gives a key
/// twice is refused (400, `invalidJSON`).
struct RequestBodyLimit<Context: RequestContext>: RouterMiddleware {
    static var maxSize: Int { 64 * 1_024 }
    static var importPath: String { "/api/admin/import" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var request = request
        let isImport = request.uri.path == Self.importPath
        let limit = isImport ? LinkImport.maxBytes : Self.maxSize
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw APIFailure(.contentTooLarge, "tooLarge", "a body has at most \(limit) bytes")
        }
        if body.readableBytes > 0, request.headers[.contentType] == nil {
            throw APIFailure(
                .unsupportedMediaType, "unsupportedMediaType",
                "send the body as Content-Type: \(isImport ? "text/csv" : "application/json")")
        }
        // The generated server's JSON decoder keeps one value of a key given twice and drops the other silently.
        if !isImport, let (_, key) = JSONDuplicateKeys.first(in: Array(body.readableBytesView)) {
            throw APIFailure(.badRequest, "invalidJSON", "the key \(Excerpt.short(key)) is given twice")
        }
        return try await next(request, context)
    }
}
