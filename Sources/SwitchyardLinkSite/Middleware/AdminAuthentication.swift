import Hummingbird
import HummingbirdAuth
import SwitchyardServer

/// An admin token the site knows, by its id (never its secret).
package struct AdminIdentity: Sendable, Equatable {
    package let id: String
}

/// Reads the admin token of a request (`Authorization: Bearer sy_…`; on the stats pages also `Basic` with the token
/// as the password, which a browser's prompt sends) and, when the site knows it, makes it the context's identity.
///
/// A request without `Authorization` goes on without an identity, for ``RequireAdmin`` to refuse; one with a
/// token the site does not know is refused here, so that the answer can say which of the two it was.
struct AdminAuthenticator: AuthenticatorMiddleware {
    typealias Context = LinkSiteContext
    let tokens: AdminTokens
    /// Whether `Basic` is taken beside `Bearer`.
    let allowsBasic: Bool
    /// How a refusal is said: the API's JSON, or a page.
    let refusal: RequireAdmin.Refusal

    func authenticate(request: Request, context: LinkSiteContext) async throws -> AdminIdentity? {
        switch await tokens.verify(authorization: request.headers[.authorization], allowsBasic: allowsBasic) {
        case .valid(let id): return AdminIdentity(id: id)
        case .missing: return nil
        case .invalid: throw refusal.failure(invalid: true)
        case .unavailable: throw refusal.unavailable
        }
    }
}

/// Refuses a request that ``AdminAuthenticator`` gave no identity: 401 with the challenge of the route's scheme.
struct RequireAdmin: RouterMiddleware {
    /// How the routes behind it say no: the API in JSON with a `Bearer` challenge; the stats pages with a page and a
    /// `Basic` challenge, so that a browser asks for the token.
    enum Refusal: Sendable {
        case json
        case page

        func failure(invalid: Bool) -> any Error {
            switch self {
            case .json:
                return invalid
                    ? APIFailure.unauthorized("the token is not valid (the API takes Authorization: Bearer sy_…)")
                    : APIFailure.unauthorized("send a token: Authorization: Bearer sy_…")
            case .page:
                var page = SiteResponse.privatePage(
                    "<p>The stats need a token of the site: give it as the password.</p>", status: 401)
                page.headers.append(
                    (name: "WWW-Authenticate", value: "Basic realm=\"switchyard link site\", charset=\"UTF-8\""))
                return PageFailure(page: page)
            }
        }

        var unavailable: any Error {
            switch self {
            case .json: return APIFailure.unavailable
            case .page:
                return PageFailure(
                    page: SiteResponse.privatePage("<p>The store cannot answer; try again shortly.</p>", status: 503))
            }
        }
    }

    let refusal: Refusal

    func handle(
        _ request: Request, context: LinkSiteContext, next: (Request, LinkSiteContext) async throws -> Response
    ) async throws -> Response {
        guard context.identity != nil else { throw refusal.failure(invalid: false) }
        return try await next(request, context)
    }
}
