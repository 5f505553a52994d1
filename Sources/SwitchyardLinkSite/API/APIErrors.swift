import Foundation
import Hummingbird
import OpenAPIRuntime
import Switchyard
import SwitchyardLinkAPI
import SwitchyardLinkStore
import SwitchyardWebLinks

/// Says what went wrong in the generated server, or in a handler behind it, as the document's `Error`.
///
/// The generated server wraps whatever is thrown while it reads a request or runs a handler in a `ServerError`.
/// A handler throws ``APIFailure`` (its answer is kept) or `LinkStoreError` (409, 500 or 503, as ``APIFailure``
/// says). What the server throws while reading a request (it has no input then) is said as 400 with the code the
/// document gives: `invalidJSON`, `unknownKey`, `invalidToken` (a redemption's token) or `invalidValue`; its own
/// refusals keep their status (415, 406). Anything else is a 500, logged.
struct APIErrors: RouterMiddleware {
    typealias Context = LinkSiteContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as ServerError {
            let failure = Self.failure(error)
            if failure.status == .internalServerError {
                context.logger.error(
                    "\(error.operationID) failed: \(String(reflecting: error.underlyingError))")
            }
            throw failure
        }
    }

    /// The operations whose input has a body: a decoding error there is the body's, elsewhere a query parameter's.
    static let operationsWithBody: Set<String> = [
        Operations.CreateLink.id, Operations.UpdateLink.id, Operations.RedeemClaim.id, Operations.ImportLinks.id,
    ]

    static func failure(_ error: ServerError) -> APIFailure {
        switch error.underlyingError {
        case let failure as APIFailure: return failure
        case let failure as LinkStoreError: return APIFailure(failure)
        default: break
        }
        // The generated server's own refusals carry their status: a body of a media type the operation does not
        // take, an Accept header it cannot meet.
        switch error.httpStatus {
        case .unsupportedMediaType:
            let type = error.operationID == Operations.ImportLinks.id ? "text/csv" : "application/json"
            return APIFailure(.unsupportedMediaType, "unsupportedMediaType", "send the body as Content-Type: \(type)")
        case .notAcceptable:
            return APIFailure(
                .notAcceptable, "notAcceptable", "this address answers in the media types the document gives")
        default: break
        }
        // No input: the generated server could not read the request into the operation's input.
        guard error.operationInput == nil else {
            return APIFailure(.internalServerError, "internal", "the site failed to answer; it logged why")
        }
        guard operationsWithBody.contains(error.operationID) else {
            return .invalidValue("a query parameter is not of the form the document gives (see /api/openapi.json)")
        }
        guard let decoding = error.underlyingError as? DecodingError else {
            // A value the JSON decoder read but its type refused, such as a date that is not ISO 8601.
            return .invalidValue("a field has the wrong form (see /api/openapi.json)")
        }
        return bodyFailure(decoding, redeeming: error.operationID == Operations.RedeemClaim.id)
    }

    /// What is wrong with a body, by where the decoder stopped; the body itself is never echoed.
    static func bodyFailure(_ error: DecodingError, redeeming: Bool) -> APIFailure {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found): context = found
        case .keyNotFound(let key, let found):
            context = .init(codingPath: found.codingPath + [key], debugDescription: found.debugDescription)
        @unknown default: return .invalidValue("the body is not what the document describes")
        }
        let path = context.codingPath.map(\.stringValue)
        guard !path.isEmpty else { return APIFailure(.badRequest, "invalidJSON", "the body is a JSON object") }
        let field = Excerpt.short(path.joined(separator: "."))
        if redeeming, path == ["token"] {
            return APIFailure(
                .badRequest, "invalidToken", "token is the \(ClaimToken.length) characters of a claim link")
        }
        // The generated decoder refuses a key its schema does not name (`additionalProperties: false`) with
        // `dataCorrupted` at that key, after the keys it names were read.
        if case .dataCorrupted = error, context.debugDescription.hasPrefix("Additional properties are disabled") {
            return APIFailure(
                .badRequest, "unknownKey", "\(field) is not a field of \(redeeming ? "a redemption" : "a link")")
        }
        return .invalidValue("a field has the wrong type: \(field)")
    }
}
