import Foundation
import HTTPTypes
import Hummingbird
import SwitchyardServer

/// Signing in to the console and out of it.
///
/// - `GET /admin/sign-in`: a form that asks for an admin token (a session already open goes on to the links);
///   `?ended` (where a page sends a person whose session ended) says so first.
/// - `POST /admin/sign-in`: opens a session for a valid token and sets its cookie; a refused token gets the form
///   again with why, at its field. Each attempt counts against the per-address limit (the route's group).
/// - `POST /admin/sign-out`: ends the session, with its form token, from a page of the site itself.
/// - `GET /admin`: the links.
///
/// A form that changes something is taken only with the session's form token and an `Origin` (or, without one, a
/// `Referer`) of the site's own host: a request another site makes a browser send changes nothing, and says why.
struct SignInPages {
    let sessions: ConsoleSessions
    let proxies: TrustedProxies

    func register(signIn: RouterGroup<LinkSiteContext>, pages: RouterGroup<LinkSiteContext>, _ routes: OperationGroups)
    {
        routes.add(path: "/admin", method: .get, on: signIn, refusal: PageFailure.methodNotAllowed) { request, _ in
            Response(Self.redirect(to: "/admin/links"), for: request)
        }
        routes.add(path: "/admin/sign-in", method: .get, on: signIn, refusal: PageFailure.methodNotAllowed) {
            request, _ in
            if case .valid = await sessions.session(cookieHeader: request.headers[.cookie], now: Date()) {
                return Response(Self.redirect(to: "/admin/links"), for: request)
            }
            let ended = request.uri.queryParameters["ended"] != nil
            return Response(SiteResponse.consolePage(Self.signInPage(error: nil, ended: ended)), for: request)
        }
        routes.add(path: "/admin/sign-in", method: .post, on: signIn, refusal: PageFailure.methodNotAllowed) {
            request, context in
            try await signInAnswer(request, context)
        }
        routes.add(path: "/admin/sign-out", method: .post, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            try await signOutAnswer(request, context)
        }
    }

    private func signInAnswer(_ request: Request, _ context: LinkSiteContext) async throws -> Response {
        var request = request
        guard Self.isFromTheSite(request) else {
            return Response(Self.refusal("This form was sent from another site; nothing was done."), for: request)
        }
        let form = try await Self.form(of: &request)
        let token = form["token"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !token.isEmpty else {
            return Response(
                SiteResponse.consolePage(Self.signInPage(error: "Give a token of the site."), status: 400), for: request
            )
        }
        switch await sessions.signIn(token: token, now: Date()) {
        case .opened(let identifier):
            var answer = Self.redirect(to: "/admin/links")
            let secure = context.client(of: request, trusting: proxies).isHTTPS
            answer.headers.append((name: "Set-Cookie", value: sessions.setCookie(identifier, secure: secure)))
            return Response(answer, for: request)
        case .refused:
            return Response(
                SiteResponse.consolePage(
                    Self.signInPage(error: "That token is not one of this site's, or it was revoked."), status: 401),
                for: request)
        case .unavailable:
            return Response(
                SiteResponse.consolePage(
                    Self.signInPage(error: "The store cannot answer; try again shortly."), status: 503), for: request)
        }
    }

    private func signOutAnswer(_ request: Request, _ context: LinkSiteContext) async throws -> Response {
        var request = request
        guard let session = context.identity?.session else {
            // Signed in with a token in `Authorization`: there is no session to end.
            return Response(Self.redirect(to: "/admin/sign-in"), for: request)
        }
        if case .failure(let refusal) = await Self.checkedForm(&request, context) {
            return Response(refusal.page, for: request)
        }
        do {
            try await sessions.signOut(session)
        } catch {
            return Response(
                SiteResponse.consolePage(
                    Self.document("<p>The store cannot answer; try again shortly.</p>"), status: 503),
                for: request)
        }
        var answer = Self.redirect(to: "/admin/sign-in")
        let secure = context.client(of: request, trusting: proxies).isHTTPS
        answer.headers.append((name: "Set-Cookie", value: ConsoleSessions.clearCookie(secure: secure)))
        return Response(answer, for: request)
    }

    /// The fields of a form a signed-in person sent from the site's own page, with the session's form token; or
    /// the page that says why it changes nothing (403).
    static func checkedForm(_ request: inout Request, _ context: LinkSiteContext, limit: Int = 4_096) async
        -> Result<[String: String], PageFailure>
    {
        guard let session = context.identity?.session else {
            return .failure(
                PageFailure(page: refusal("Sign in to change links here; a script changes them through the API.")))
        }
        guard isFromTheSite(request) else {
            return .failure(PageFailure(page: refusal("This form was sent from another site; nothing was done.")))
        }
        let fields: [String: String]
        do {
            fields = try await form(of: &request, limit: limit)
        } catch {
            return .failure(PageFailure(page: refusal("The form is larger than \(limit) bytes; nothing was done.")))
        }
        guard AdminTokens.constantTimeEqual(fields["form_token"] ?? "", session.formToken) else {
            return .failure(
                PageFailure(
                    page: refusal(
                        "This form is not one this session showed (it may be from an older page); nothing was done.")))
        }
        return .success(fields)
    }

    /// The hidden field that carries the session's form token.
    static func formTokenField(_ session: ConsoleSessions.Session) -> String {
        "<input type=\"hidden\" name=\"form_token\" value=\"\(HTML.fieldValue(session.formToken))\">"
    }

    /// Whether the request's `Origin` (or, without one, its `Referer`) is the site itself: the host it was sent to.
    static func isFromTheSite(_ request: Request) -> Bool {
        guard let host = request.head.authority?.lowercased(),
            let source = request.headers[.origin] ?? request.headers[.referer], source != "null",
            let url = URL(string: source), let sourceHost = url.host?.lowercased()
        else { return false }
        return sourceHost + (url.port.map { ":\($0)" } ?? "") == host
    }

    /// The fields of a form, at most `limit` bytes: `application/x-www-form-urlencoded`, or `multipart/form-data`
    /// (``FormBody``), whose file fields are read as UTF-8 text.
    static func form(of request: inout Request, limit: Int = 4_096) async throws -> [String: String] {
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw PageFailure(page: SiteResponse.privatePage("<p>A form has at most \(limit) bytes.</p>", status: 413))
        }
        let bytes = Array(buffer: body)
        if let boundary = FormBody.boundary(of: request.headers[.contentType]) {
            return FormBody.multipart(bytes, boundary: boundary)
        }
        return FormBody.urlEncoded(bytes)
    }

    static func redirect(to location: String) -> SiteResponse {
        var answer = SiteResponse.privatePage("<p><a href=\"\(location)\">Go on</a>.</p>", status: 303)
        answer.headers.append((name: "Location", value: location))
        return answer
    }

    static func refusal(_ message: String) -> SiteResponse {
        SiteResponse.consolePage(
            document("<h1>Refused</h1>\n<p role=\"alert\">\(HTML.text(message))</p>\n"), status: 403)
    }

    /// Where a person whose session ended is sent: the sign-in page, which says so.
    static let sessionEndedPath = "/admin/sign-in?ended"

    /// The sign-in form; `error` is said at the token's field, and announced; `ended` says first that the session
    /// the browser had has ended.
    static func signInPage(error: String?, ended: Bool = false) -> String {
        var body = "<h1>Sign in to the link site</h1>\n"
        if ended {
            body += "<p class=\"notice\" role=\"status\">Your session has ended: it was signed out, unused for too "
            body += "long or open for too long, or its token was revoked. Sign in again to go on.</p>\n"
        }
        body += "<form method=\"post\" action=\"/admin/sign-in\">\n<div>\n"
        body += "<label for=\"token\">Admin token</label>\n"
        body += "<p id=\"token-help\" class=\"help\">Made with <code>switchyard-link-site token create NAME</code>; "
        body += "it starts with <code>sy_</code>.</p>\n"
        let described = error == nil ? "token-help" : "token-help token-error"
        body += "<input type=\"password\" id=\"token\" name=\"token\" autocomplete=\"current-password\" required "
        body += "maxlength=\"100\" aria-describedby=\"\(described)\"\(error == nil ? "" : " aria-invalid=\"true\"")>\n"
        if let error {
            body += "<p id=\"token-error\" class=\"error\" role=\"alert\">\(HTML.text(error))</p>\n"
        }
        body += "</div>\n<button type=\"submit\">Sign in</button>\n</form>\n"
        return document(body)
    }

    /// The sign-out form of a session, for the top of the console's pages.
    static func signOutForm(_ session: ConsoleSessions.Session) -> String {
        "<form class=\"sign-out\" method=\"post\" action=\"/admin/sign-out\">"
            + formTokenField(session) + "<button type=\"submit\">Sign out</button></form>\n"
    }

    /// A page of the console; `script`, the path of the site's own script the page runs, if any.
    static func document(_ body: String, script: String? = nil) -> String {
        var head = "<style>\(LinkListPage.style)</style>\n"
        if let script { head += "<script src=\"\(script)\" defer></script>\n" }
        return HTML.document(title: "Link site", head: head, body: "<main>\n\(body)</main>\n")
    }
}
