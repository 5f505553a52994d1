import HTTPTypes
public import Hummingbird
public import Switchyard

/// Serves a website's universal links from a route file, in a Hummingbird application.
///
/// Add it to the site's router; its own routes keep working:
///
/// ```swift
/// let file = try RouteFile(contentsOf: "routes.json")
/// let router = Hummingbird.Router()  // `Switchyard` has a `Router` too
/// router.add(middleware: try UniversalLinkMiddleware(routeFile: file))
/// router.get("/about") { _, _ in "About us" }
/// try await Application(router: router).runService()
/// ```
///
/// For `GET` and `HEAD` requests it answers:
/// - `/.well-known/apple-app-site-association` and `/.well-known/assetlinks.json` with the files
///   `switchyard associations` writes: `application/json`, cacheable for an hour, with an entity tag, never a
///   redirect;
/// - a path that a universal-link route handles (a route of the `https` or `http` table, or of the global table
///   they fall back to, not kept out with `"universalLink": false`) with a `302` to the route's `web` fallback,
///   the link's query carried over, or, for a route without one, a landing page: a link that opens the app in its
///   custom scheme, links to the stores the file names (`appStoreID`, the Android package), and Apple's smart app
///   banner with `app-argument` set to the link. A redirect route is followed to its target first;
/// - a `404` of the site's own routes, for a browser (`Accept: text/html`), with a 404 page.
///
/// Everything else, other methods included, goes to the site's routes. The pages are self-contained (no script,
/// no font or style from elsewhere) and every value from the request is escaped.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct UniversalLinkMiddleware<Context: RequestContext>: RouterMiddleware {
    let site: UniversalLinkSite
    let servesNotFoundPage: Bool

    /// Creates the middleware for a route file's universal links.
    ///
    /// - Parameters:
    ///   - routeFile: the routes, the `https` table's allowed hosts, and the apps.
    ///   - host: the host of the links the pages show and route. By default, the first host the `https` (or
    ///     `http`) table allows, or else each request's `Host`.
    ///   - notFoundPage: whether a browser's `404` from the site's routes becomes the 404 page.
    /// - Throws: ``RouteFileError`` when the file's routes or its association files cannot be made (see
    ///   `switchyard check`).
    public init(routeFile: RouteFile, host: String? = nil, notFoundPage: Bool = true) throws(RouteFileError) {
        site = try UniversalLinkSite(file: routeFile, host: host)
        servesNotFoundPage = notFoundPage
    }

    /// The middleware for the universal links of the site whose short links `answers` answers, sharing its router
    /// and its association files: a link site makes each once from its route file.
    package init(sharing answers: ShortLinkAnswers, notFoundPage: Bool = true) {
        site = answers.site
        servesNotFoundPage = notFoundPage
    }

    /// Answers the request when it is one of the site's universal links or association files; otherwise passes it
    /// to `next`, and turns a browser's `404` into the 404 page.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let answer = site.response(
            to: request.method.rawValue, target: request.uri.description,
            requestHost: request.head.authority,
            ifNoneMatch: request.headers[.ifNoneMatch])
        {
            return Response(answer, for: request)
        }
        guard servesNotFoundPage, request.method == .get || request.method == .head,
            request.headers[.accept]?.contains("text/html") == true
        else { return try await next(request, context) }
        // The router reports a path it has no route for by throwing; a handler may also return a 404.
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            return notFoundPage(for: request)
        }
        return response.status == .notFound ? notFoundPage(for: request) : response
    }

    private func notFoundPage(for request: Request) -> Response {
        Response(.notFound(Pages.notFound(path: request.uri.path, apps: site.file.apps)), for: request)
    }
}

@available(macOS 14, iOS 17, tvOS 17, *)
extension Response {
    /// A site answer as a Hummingbird response; a `HEAD` gets the headers without the body.
    package init(_ answer: SiteResponse, for request: Request) {
        self.init(answer, withBody: request.method != .head)
    }

    /// `answer` as a response, with its body or (for a `HEAD`) without.
    init(_ answer: SiteResponse, withBody: Bool) {
        var headers = HTTPFields()
        headers.reserveCapacity(answer.headers.count)
        for (name, value) in answer.headers {
            // Appended, not set: a name given twice (two cookies) is sent twice.
            if let field = HTTPField.Name.named(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        let body = withBody ? answer.body : []
        self.init(
            status: HTTPResponse.Status(code: answer.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension HTTPField.Name {
    /// The field name `name`: the names site answers carry, without parsing and lowercasing them again on every
    /// answer, and any other name parsed; `nil` for a name that is not a token.
    static func named(_ name: String) -> HTTPField.Name? {
        switch name {
        case "Content-Type": .contentType
        case "Cache-Control": .cacheControl
        case "Location": .location
        case "Vary": .vary
        case "Content-Security-Policy": .contentSecurityPolicy
        case "X-Content-Type-Options": .xContentTypeOptions
        case "Cross-Origin-Resource-Policy": .crossOriginResourcePolicy
        case "ETag": .eTag
        default: HTTPField.Name(name)
        }
    }
}
