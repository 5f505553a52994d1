import Foundation
import Hummingbird
import HummingbirdAuth
import SwitchyardServer

/// An admin token the site knows, by its id (never its secret).
package struct AdminIdentity: Sendable, Equatable {
    package let id: String
    /// The console's session the request came with; `nil` for a token sent in `Authorization`.
    var session: ConsoleSessions.Session? = nil
}

/// Reads the admin token of a request (`Authorization: Bearer sy_…`; on the console's pages also `Basic` with the token
/// as the password, or the cookie of a session, ``ConsoleSessions``) and, when the site knows it, makes it the
/// context's identity.
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
    /// The console's sessions, whose cookie is taken where no `Authorization` is sent (the console's pages only).
    var sessions: ConsoleSessions? = nil

    func authenticate(request: Request, context: LinkSiteContext) async throws -> AdminIdentity? {
        switch await tokens.verify(authorization: request.headers[.authorization], allowsBasic: allowsBasic) {
        case .valid(let id): return AdminIdentity(id: id)
        case .missing: break
        case .invalid: throw refusal.failure(invalid: true)
        case .unavailable: throw refusal.unavailable
        }
        guard let sessions else { return nil }
        switch await sessions.session(cookieHeader: request.headers[.cookie], now: Date()) {
        case .valid(let session): return AdminIdentity(id: session.tokenID, session: session)
        case .missing: return nil
        case .ended: throw refusal.sessionEnded
        case .unavailable: throw refusal.unavailable
        }
    }
}

/// Refuses a request that ``AdminAuthenticator`` gave no identity: 401 with the challenge of the route's scheme.
struct RequireAdmin: RouterMiddleware {
    /// How the routes behind it say no: the API in JSON with a `Bearer` challenge; the console's pages by sending a
    /// person without a session to the sign-in page (and a token sent but not valid with 401).
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
                guard !invalid else {
                    return PageFailure(
                        page: SiteResponse.privatePage("<p>The token is not one of this site's.</p>", status: 401))
                }
                // A person without a session signs in first.
                return PageFailure(page: Self.signIn(at: "/admin/sign-in"))
            }
        }

        /// The refusal of a session's cookie that names a session that ended (signed out, unused too long, too
        /// old, its token revoked): a person is sent to sign in again, and the sign-in page says why.
        var sessionEnded: any Error {
            switch self {
            case .json: return failure(invalid: false)
            case .page: return PageFailure(page: Self.signIn(at: SignInPages.sessionEndedPath))
            }
        }

        private static func signIn(at location: String) -> SiteResponse {
            var page = SiteResponse.privatePage(
                "<p><a href=\"\(location)\">Sign in</a> with a token of the site.</p>", status: 303)
            page.headers.append((name: "Location", value: location))
            return page
        }

        var unavailable: any Error {
            switch self {
            case .json: return APIFailure.unavailable
            case .page:
                return PageFailure(page: SiteResponse.storeUnavailable)
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
