import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import SwitchyardLinkAPI
import SwitchyardServer

/// Every route of a link site on one Hummingbird router, behind ``RequestMetrics``, each group with its middleware
/// (the address limit takes the client's address from `proxies` when a request comes from one):
///
/// | Group | Routes | Middleware, in order |
/// | --- | --- | --- |
/// | public | `GET /api/links/{slug}`, `GET /api/openapi.json` | API headers and errors |
/// | redemption | `POST /api/claims/redeem` | API headers and errors, address limit, body limit |
/// | admin | `/api/admin/…` | API headers and errors, address limit, token, token limit, body limit |
/// | stats pages | `GET /admin/links` (``LinkListPage``), `GET /admin/links/{slug}`, its QR code `…/qr.svg` and `…/qr.png` | address limit, token (Basic too), token limit |
/// | probes | `GET /healthz`, `GET /readyz` (``Health``) | none |
/// | visitors' pages | short links, claim links, association files (``VisitorPages``) | none |
///
/// The API's operations come from the generated server, each filed under the group its path begins with
/// (``OperationGroups``). Every other method on a path the router knows gets 405 with `Allow`, from the path's own
/// group (so the admin API says 401 before 405, as a guessed path should not be confirmed), `HEAD` is answered
/// wherever `GET` is, and any other path under `/api` or `/admin` gets the API's 404. What the router does not
/// know goes to the router's middleware: the route file's universal links, whose paths are the route file's.
enum SiteRoutes {
    static func router(service: LinkService, limits: APILimits, proxies: TrustedProxies = .none) throws
        -> Router<LinkSiteContext>
    {
        let router = Router(context: LinkSiteContext.self, options: .autoGenerateHeadEndpoints)
        // First, so that every route and the universal links behind them are counted; not at all when nothing is
        // recorded (no `--metrics-port`), so that a request does not pass through it for nothing.
        if service.metrics.isRecording {
            router.add(
                middleware: RequestMetrics(
                    metrics: service.metrics, shortLinkPath: VisitorPages.shortLinkPath(of: service.shortLinks)))
        }
        let groups = Groups(router: router, service: service, limits: limits, proxies: proxies)
        let operations = OperationGroups(
            groups: [("/api/admin/", groups.admin), ("/api/claims/", groups.redemption), ("/api/", groups.api)])
        try LinkSiteAPI(service: service).registerHandlers(
            on: operations, configuration: Configuration(jsonEncodingOptions: [.sortedKeys]),
            middlewares: [ExportAttachment()])
        operations.add(path: "/api/openapi.json", method: .get, on: groups.api) { request, _ in
            Response(
                SiteResponse(status: 200, headers: APIJSON.headers, body: Array(OpenAPIDocument.json.utf8)),
                for: request)
        }
        addLinkPages(on: groups.pages, operations, service: service)
        SignInPages(sessions: groups.sessions, proxies: proxies).register(
            signIn: groups.signIn, pages: groups.pages, operations)
        LinkActions(service: service).register(on: groups.pages, operations)
        LinkEditor(service: service).register(on: groups.pages, operations)
        ImportPage(service: service).register(on: groups.pages, operations)
        Health.register(on: router.group(), operations, service: service)
        let universalLinks = UniversalLinkMiddleware<LinkSiteContext>(sharing: service.answers)
        VisitorPages(service: service, universalLinks: universalLinks, proxies: proxies).register(
            on: router.group(), operations)
        operations.answerOtherMethods()
        // `/admin` itself is the console's (it sends a person to the links).
        for path in ["/api", "/api/**", "/admin/**"] {
            for method in OperationGroups.methods {
                groups.api.on(RouterPath(path), method: method) { _, _ -> Response in
                    throw APIFailure.notFound("no such address")
                }
            }
        }
        // Added after the routes above, so that it runs only where none of them answers: the route file's
        // universal links, at the paths its routes take.
        router.add(middleware: universalLinks)
        return router
    }

    /// The route groups of the table above, each with its middleware in order, sharing one address limit, one token
    /// limit, and one cache of tokens and sessions.
    private struct Groups {
        let api: RouterGroup<LinkSiteContext>
        let redemption: RouterGroup<LinkSiteContext>
        let admin: RouterGroup<LinkSiteContext>
        /// The console's pages, signed in.
        let pages: RouterGroup<LinkSiteContext>
        /// Signing in, which counts against the address's limit before any token is read.
        let signIn: RouterGroup<LinkSiteContext>
        let sessions: ConsoleSessions

        init(router: Router<LinkSiteContext>, service: LinkService, limits: APILimits, proxies: TrustedProxies) {
            let tokens = AdminTokens(store: service.store, freshFor: limits.tokensFreshFor)
            let perAddress = RateLimiter(perSecond: limits.perAddress, burst: max(1, Int(limits.perAddress * 2)))
            let perToken = RateLimiter(perSecond: limits.perToken, burst: max(1, Int(limits.perToken * 2)))
            sessions = ConsoleSessions(
                store: service.store, tokens: tokens, idleTimeout: limits.sessionIdleTimeout,
                lifetime: limits.sessionLifetime)
            let metrics = service.metrics
            let addressLimit = AddressRateLimit(limiter: perAddress, proxies: proxies, metrics: metrics)
            let tokenLimit = TokenRateLimit(limiter: perToken, metrics: metrics)

            api = router.group().add(middleware: APIHeaders()).add(middleware: APIErrors())
            redemption = api.group().add(middleware: addressLimit).add(middleware: RequestBodyLimit())
            admin = api.group().add(middleware: addressLimit)
                .add(middleware: AdminAuthenticator(tokens: tokens, allowsBasic: false, refusal: .json))
                .add(middleware: RequireAdmin(refusal: .json)).add(middleware: tokenLimit)
                .add(middleware: RequestBodyLimit())
            pages = router.group().add(middleware: addressLimit)
                .add(
                    middleware: AdminAuthenticator(
                        tokens: tokens, allowsBasic: true, refusal: .page, sessions: sessions)
                )
                .add(middleware: RequireAdmin(refusal: .page)).add(middleware: tokenLimit)
            signIn = router.group().add(middleware: addressLimit)
        }
    }

    /// The console's pages that show links: the list, a link's statistics, and its QR code as SVG and PNG.
    private static func addLinkPages(
        on pages: RouterGroup<LinkSiteContext>, _ operations: OperationGroups, service: LinkService
    ) {
        operations.add(path: "/admin/links/{slug}", method: .get, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            let slug = context.parameters.get("slug") ?? ""
            let answer = await StatsPage.answer(
                slug: slug, service: service, session: context.identity?.session, now: Date())
            return Response(answer, for: request)
        }
        operations.add(path: "/admin/links", method: .get, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            let answer = await LinkListPage.answer(
                query: { request.uri.queryParameters[$0[...]].map(String.init) }, store: service.store,
                session: context.identity?.session, now: Date())
            return Response(answer, for: request)
        }
        for format in [QRCodePictures.Format.svg, .png] {
            operations.add(
                path: "/admin/links/{slug}/qr.\(format.rawValue)", method: .get, on: pages,
                refusal: PageFailure.methodNotAllowed
            ) { request, context in
                let answer = await QRCodePictures.answer(
                    slug: context.parameters.get("slug") ?? "", format: format,
                    query: { request.uri.queryParameters[$0[...]].map(String.init) }, service: service)
                return Response(answer, for: request)
            }
        }
    }
}

/// Files each operation of the generated server under the route group whose prefix its path begins with (the first
/// that matches), and remembers which methods each path takes, for ``answerOtherMethods()``.
///
/// Groups made with `group()` add no path of their own, so an operation keeps the document's path.
final class OperationGroups: ServerTransport {
    typealias Group = RouterGroup<LinkSiteContext>

    /// The methods a path may be asked with (QUERY is RFC 9110's safe method with a body, in draft); `HEAD` is
    /// answered wherever `GET` is, by the router.
    static let methods: [HTTPRequest.Method] = [
        .get, .post, .put, .patch, .delete, .options, .trace, HTTPRequest.Method("QUERY"),
    ].compactMap { $0 }

    private let groups: [(prefix: String, group: Group)]
    private var taken:
        [(path: String, group: Group, methods: [HTTPRequest.Method], refusal: @Sendable (String) -> any Error)] = []

    init(groups: [(prefix: String, group: Group)]) {
        self.groups = groups
    }

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ), method: HTTPRequest.Method, path: String
    ) throws {
        guard let group = groups.first(where: { path.hasPrefix($0.prefix) })?.group else {
            throw UnfiledOperation(path: path)
        }
        group.register(handler, method: method, path: path)
        remember(path: path, method: method, group: group, refusal: APIFailure.methodNotAllowed)
    }

    /// Registers a route that is not the generated server's, and remembers its method as ``register(_:method:path:)``
    /// does; `refusal` says the 405 of the methods the path does not take (the API's JSON by default).
    func add(
        path: String, method: HTTPRequest.Method, on group: Group,
        refusal: @escaping @Sendable (_ allow: String) -> any Error = APIFailure.methodNotAllowed,
        _ handler: @escaping @Sendable (Request, LinkSiteContext) async throws -> Response
    ) {
        group.on(RouterPath(path), method: method, use: handler)
        remember(path: path, method: method, group: group, refusal: refusal)
    }

    /// Gives every method a known path does not take a 405 that names those it does, from the path's own group.
    func answerOtherMethods() {
        for (path, group, methods, refusal) in taken {
            let allow = Self.methods.filter(methods.contains).map(\.rawValue).joined(separator: ", ")
            for method in Self.methods where !methods.contains(method) {
                group.on(RouterPath(path), method: method) { _, _ -> Response in throw refusal(allow) }
            }
        }
    }

    /// An operation of the document whose path no group takes: the document gained a path the site does not file.
    struct UnfiledOperation: Error, CustomStringConvertible {
        let path: String
        var description: String { "no route group of the link site takes \(path)" }
    }

    private func remember(
        path: String, method: HTTPRequest.Method, group: Group,
        refusal: @escaping @Sendable (String) -> any Error
    ) {
        if let index = taken.firstIndex(where: { $0.path == path }) {
            taken[index].methods.append(method)
        } else {
            taken.append((path, group, [method], refusal))
        }
    }
}
