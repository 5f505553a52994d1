import Foundation
import HTTPTypes
import Hummingbird
import Switchyard
import SwitchyardServer
import SwitchyardWebLinks

/// The pages a visitor opens, as routes of the site's router: the short links under the site's prefix, the claim
/// links under `/c/`, and the association files (the short-link host's, or the route file's for its other hosts).
///
/// A request on one of these routes that is not the link site's (a path under the prefix that is no slug, a claim
/// link on a site that makes no claims, an association file asked of another host) goes on to the route file's
/// universal links, as a path the router does not know does: ``otherwise(_:_:)`` runs the same middleware with
/// the router's 404 behind it.
struct VisitorPages {
    let service: LinkService
    let universalLinks: UniversalLinkMiddleware<LinkSiteContext>
    /// The proxies whose word gives a claim's client address.
    let proxies: TrustedProxies

    /// The short links' route: `/s/{slug}` for the prefix `s`, `/{slug}` for a site without one.
    var shortLinkPath: String { Self.shortLinkPath(of: service.shortLinks) }

    static func shortLinkPath(of site: ShortLinkSite) -> String {
        "/" + (site.prefixComponents + ["{slug}"]).joined(separator: "/")
    }

    func register(on group: RouterGroup<LinkSiteContext>, _ routes: OperationGroups) {
        routes.add(path: shortLinkPath, method: .get, on: group, refusal: PageFailure.methodNotAllowed) {
            request, context in
            guard let slug = service.slug(ofPath: Substring(request.uri.path)) else {
                return try await otherwise(request, context)
            }
            let visitor = Visitor(userAgent: request.headers.first(.userAgent))
            let answer = await service.visit(
                slug, visitor: visitor, referrer: request.headers.first(.referer), now: Date())
            return answer.response(for: request)
        }
        routes.add(
            path: ShortLinkSite.claimPathPrefix + "**", method: .get, on: group, refusal: PageFailure.methodNotAllowed
        ) {
            request, context in
            let answer = await service.claimAnswer(
                path: Substring(request.uri.path), query: { request.uri.queryParameters[$0[...]].map(String.init) },
                address: context.client(of: request, trusting: proxies).address, now: Date())
            guard let answer else { return try await otherwise(request, context) }
            return Response(answer, for: request)
        }
        for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"] {
            routes.add(path: path, method: .get, on: group, refusal: PageFailure.methodNotAllowed) { request, context in
                let file = service.shortLinkAssociationFile(
                    path: Substring(request.uri.path), host: request.head.authority,
                    ifNoneMatch: request.headers[.ifNoneMatch])
                guard let file else { return try await otherwise(request, context) }
                return Response(file, for: request)
            }
        }
    }

    /// What the site answers where the link site has nothing: the route file's universal link or association file,
    /// or the router's 404 (a page for a browser).
    func otherwise(_ request: Request, _ context: LinkSiteContext) async throws -> Response {
        try await universalLinks.handle(request, context: context) { _, _ in throw HTTPError(.notFound) }
    }
}

extension HTTPFields {
    /// The first value of the field `name`. A visit reads its one `User-Agent` and `Referer` this way, rather than
    /// through the subscript, which joins every value of a name into a new string on each request.
    func first(_ name: HTTPField.Name) -> String? {
        for field in self where field.name == name { return field.value }
        return nil
    }
}
