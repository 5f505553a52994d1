import Switchyard
import SwitchyardWebLinks

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a link site answers for one of its short links, decided from the link, who follows it and the route file
/// alone (the store that finds the link, and the server that carries the answer, only pass it along):
///
/// - a crawler gets a preview page with Open Graph and Twitter card tags;
/// - a phone gets the landing page of the link the app opens (the iOS or Android override, else the target), with
///   its "Open in the app" link and the stores, or a redirect to a web link;
/// - a desktop browser is redirected to the desktop override, else the target's web fallback, else a web target;
/// - an unknown slug gets 404, an expired or disabled link 410.
///
/// UTM parameters go on web links the visitor is sent to, never on links into the app.
package struct ShortLinkAnswers: Sendable {
    let site: UniversalLinkSite
    /// Where the site's short links live.
    package let shortLinks: ShortLinkSite
    /// Whether a phone's landing page offers "Get the app" through a claim that survives the install.
    package let makesClaims: Bool

    /// - Throws: ``RouteFileError`` when the file's routes or association files cannot be made.
    package init(file: RouteFile, host: String?, shortLinks: ShortLinkSite, makesClaims: Bool = false)
        throws(RouteFileError)
    {
        site = try UniversalLinkSite(file: file, host: host)
        self.shortLinks = shortLinks
        self.makesClaims = makesClaims
    }

    /// The router made from the route file, once for the whole site: the short links' rules and the universal links'
    /// middleware (``UniversalLinkMiddleware/init(sharing:notFoundPage:)``) use this one.
    package var router: Router { site.router }
    /// The route file the answers come from.
    package var file: RouteFile { site.file }

    init(site: UniversalLinkSite, shortLinks: ShortLinkSite, makesClaims: Bool = false) {
        self.site = site
        self.shortLinks = shortLinks
        self.makesClaims = makesClaims
    }

    /// The answer for `link`, found by its slug (`nil` when the site has none), for `visitor` at `now`. One address
    /// answers each kind of visitor its own way, so every answer says it varies by `User-Agent`: a browser's or a
    /// CDN's cache must not give a crawler's preview to a phone.
    package func response(for link: ShortLink?, visitor: Visitor, now: Date) -> SiteResponse {
        var answer = visitorResponse(for: link, visitor: visitor, now: now)
        answer.headers.append((name: "Vary", value: "User-Agent"))
        return answer
    }

    private func visitorResponse(for link: ShortLink?, visitor: Visitor, now: Date) -> SiteResponse {
        let apps = site.file.apps
        guard let link else { return .notFound(ShortLinkPages.unknown()) }
        if link.isGone(at: now) { return .gone(ShortLinkPages.gone(apps: apps)) }
        switch visitor {
        case .bot:
            return .preview(ShortLinkPages.preview(of: link, at: shortLinks.link(for: link.slug), apps: apps))
        case .ios, .android:
            let destination = (visitor == .ios ? link.ios : link.android) ?? link.target
            if let page = claimLandingPage(destination, link: link, visitor: visitor) { return page }
            return phoneResponse(destination, link: link)
        case .desktop:
            guard let destination = link.desktop ?? webFallback(of: link.target) ?? webLink(link.target) else {
                return phoneResponse(link.target, link: link)
            }
            return .redirect(to: withUTM(destination, link.utm))
        }
    }

    /// The apps the route file declares: their store identifiers and name.
    package var apps: AppAssociations { site.file.apps }

    /// The page of a claim link opened in a browser: what to do with it, and the link to copy. It reads nothing from
    /// the store, so it says nothing of the claim's state.
    package func claimPage(_ token: ClaimToken) -> SiteResponse {
        .privatePage(document: ShortLinkPages.claim(shortLinks.claimLink(for: token), apps: apps), status: 200)
    }

    /// The answer for a path that is not a slug, or a slug the site does not have.
    package static func unknown() -> SiteResponse { .notFound(ShortLinkPages.unknown()) }

    /// The answer when the store cannot say what a slug is.
    package static func unavailable() -> SiteResponse { .unavailable(ShortLinkPages.unavailable()) }

    /// The landing page with "Get the app", when the site makes claims, `destination` opens in the app, and the app is
    /// in the visitor's store. Its token slot is filled for each visit (``GetTheApp/filled(_:token:)``).
    private func claimLandingPage(_ destination: String, link: ShortLink, visitor: Visitor) -> SiteResponse? {
        let apps = site.file.apps
        guard makesClaims, opensInApp(destination),
            let store: GetTheApp.Store = visitor == .ios
                ? (apps.appStoreID == nil ? nil : .appStore) : (apps.androidPackage == nil ? nil : .playStore)
        else { return nil }
        let appLink = customSchemeLink(destination)
        let getTheApp = GetTheApp(slug: link.slug.text, claimLinkPrefix: shortLinks.claimLinkPrefix, store: store)
        let page = Pages.landing(
            link: shortLinks.link(for: link.slug), appLink: appLink, apps: apps, getTheApp: getTheApp)
        return .claimLandingPage(page, runsScript: getTheApp.runsScript)
    }

    /// Whether the app opens `destination`: a link of its custom scheme, or a universal link of the site's host that
    /// its routes take.
    private func opensInApp(_ destination: String) -> Bool {
        if customSchemeLink(destination) != nil { return true }
        return universalLinkPath(destination) != nil && site.router.canRoute(destination)
    }

    /// `destination` when a custom scheme's routes take it.
    private func customSchemeLink(_ destination: String) -> String? {
        guard let (_, table, match) = try? site.router.resolve(destination), match != nil, let scheme = table.scheme,
            scheme != "https", scheme != "http"
        else { return nil }
        return destination
    }

    /// A phone's answer for `destination`: the landing page of a link the app opens, or a redirect to a web link.
    private func phoneResponse(_ destination: String, link: ShortLink) -> SiteResponse {
        let shortLink = shortLinks.link(for: link.slug)
        if let appLink = customSchemeLink(destination) {
            return .landingPage(Pages.landing(link: shortLink, appLink: appLink, apps: site.file.apps))
        }
        if let path = universalLinkPath(destination),
            let answer = site.response(to: "GET", target: path, requestHost: site.host, ifNoneMatch: nil)
        {
            return answer
        }
        return .redirect(to: withUTM(destination, link.utm))
    }

    /// The path and query of `link` when it is a universal link of the site's host.
    private func universalLinkPath(_ link: String) -> String? {
        guard let host = site.host, let linkHost = httpsHost(of: link), linkHost == HostName.allowedForm(host),
            let start = link.range(of: "://").map({ link[$0.upperBound...] }),
            let slash = start.firstIndex(of: "/")
        else { return nil }
        return String(start[slash...])
    }

    /// The web fallback of the route `target` reaches, when the route declares one.
    private func webFallback(of target: String) -> String? {
        guard let match = try? site.router.match(target) else { return nil }
        return site.file.webFallback(for: match)
    }

    /// `link` when it is an `https` link (the rules admitted it: the app's host or a web host).
    private func webLink(_ link: String) -> String? {
        httpsHost(of: link) == nil ? nil : link
    }

    /// `link` with the UTM parameters added to its query, `utm_` before each name, in name order; each value
    /// percent-encoded, so the `Location` holds no byte a header cannot carry (the rules refused control characters).
    private func withUTM(_ link: String, _ utm: [String: String]) -> String {
        let items = utm.sorted { $0.key < $1.key }.map { QueryItem(name: "utm_" + $0.key, value: $0.value) }
        return (try? LinkEncoding.appending(items, to: link)) ?? link
    }
}
