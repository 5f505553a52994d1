import Foundation
import HTTPTypes
import Hummingbird
import SwitchyardLinkAPI
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardWebLinks

/// An answer of the API that is not what was asked for: a status, a code a program may switch on, and a message for
/// people, sent as the document's `Error` (`{"error": {"code", "message", "problems"?}}`).
///
/// The API's handlers and middleware throw it, and Hummingbird's router turns it into the answer, so every route
/// says its errors the same way.
struct APIFailure: Error, HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    let detail: Components.Schemas.ErrorDetail
    /// Headers the answer adds: `Allow`, `Retry-After`, `WWW-Authenticate`.
    var headers: HTTPFields = [:]

    init(
        _ status: HTTPResponse.Status, _ code: String, _ message: String, problems: [Components.Schemas.Problem]? = nil
    ) {
        self.status = status
        detail = .init(code: code, message: message, problems: problems)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(answer, for: request)
    }

    /// The answer as the site sends it: JSON with the API's headers.
    var answer: SiteResponse {
        var answer = APIJSON.answer(Int(status.code), Components.Schemas._Error(error: detail))
        for field in headers { answer.headers.append((name: field.name.rawName, value: field.value)) }
        return answer
    }

    static func notFound(_ message: String = "no such link") -> APIFailure {
        APIFailure(.notFound, "notFound", message)
    }

    static let unavailable = APIFailure(
        .serviceUnavailable, "unavailable", "the store cannot answer; try again shortly")

    static func invalidValue(_ message: String) -> APIFailure { APIFailure(.badRequest, "invalidValue", message) }

    static func unauthorized(_ message: String) -> APIFailure {
        var failure = APIFailure(.unauthorized, "unauthorized", message)
        failure.headers[.wwwAuthenticate] = "Bearer realm=\"switchyard\""
        return failure
    }

    static func tooManyRequests(retryAfter seconds: Int) -> APIFailure {
        var failure = APIFailure(.tooManyRequests, "tooManyRequests", "too many requests; try again in \(seconds) s")
        failure.headers[.retryAfter] = String(seconds)
        return failure
    }

    static func methodNotAllowed(allow: String) -> APIFailure {
        var failure = APIFailure(.methodNotAllowed, "methodNotAllowed", "this address takes \(allow)")
        failure.headers[.allow] = allow
        return failure
    }

    /// What a link that breaks the site's rules gets: 422, every problem at its field.
    init(_ refused: ShortLinkProblems) {
        self.init(
            .unprocessableContent, "invalidLink", "the link breaks the site's rules",
            problems: refused.problems.map { .init(field: $0.field, code: $0.code.name, message: $0.message) })
    }

    /// What the API says when the store fails: 409 for a slug taken meanwhile, 500 for a row it cannot read, 503
    /// for the rest (it may answer again shortly).
    init(_ error: LinkStoreError) {
        switch error.code {
        case .slugTaken: self.init(.conflict, "slugTaken", error.message)
        case .unreadableRow: self.init(.internalServerError, "unreadableRow", error.message)
        default: self = .unavailable
        }
    }
}
