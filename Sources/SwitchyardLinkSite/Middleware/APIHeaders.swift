import Foundation
import HTTPTypes
import Hummingbird
import SwitchyardServer

/// The headers of every API answer, its errors included: it is never cached, never sniffed as another type, and
/// JSON says `application/json` with no parameter (RFC 8259 defines none; the generated server adds a charset).
struct APIHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let failure as APIFailure {
            response = Response(failure.answer, for: request)
        }
        if response.headers[.contentType]?.hasPrefix("application/json") == true {
            response.headers[.contentType] = "application/json"
        }
        response.headers[.cacheControl] = "no-store"
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}

/// The API's JSON when the site writes it itself (errors, and the document): as the generated server writes it.
enum APIJSON {
    static let headers = [
        (name: "Content-Type", value: "application/json"), (name: "Cache-Control", value: "no-store"),
        (name: "X-Content-Type-Options", value: "nosniff"),
    ]

    /// `value` with its keys sorted and dates in ISO 8601.
    static func answer(_ status: Int, _ value: some Encodable) -> SiteResponse {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let body = (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
        return SiteResponse(status: status, headers: headers, body: body)
    }
}
