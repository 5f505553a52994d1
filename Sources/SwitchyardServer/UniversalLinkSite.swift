import Switchyard
import SwitchyardWebLinks

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a website answers for its universal links, decided from a route file alone: the association files, a
/// landing page or a redirect to the route's web fallback, and the 404 page. ``UniversalLinkMiddleware`` only
/// carries requests here and the answers back, so every decision is tested without a server.
struct UniversalLinkSite: Sendable {
    static let appleAssociationPath = "/.well-known/apple-app-site-association"
    static let androidAssociationPath = "/.well-known/assetlinks.json"
    let file: RouteFile
    let router: Router
    let appleFile: SiteResponse.AssociationFile?
    let androidFile: SiteResponse.AssociationFile?
    /// The host of the links the pages show; `nil` takes each request's `Host`.
    let host: String?
    /// Custom schemes, sorted, that the "Open in the app" link may use.
    let appSchemes: [String]

    /// - Throws: ``RouteFileError`` when the file's routes or association files cannot be made.
    init(file: RouteFile, host: String?) throws(RouteFileError) {
        self.file = file
        router = try file.makeRouter()
        if file.apps.appleAppIDs.isEmpty && file.apps.androidPackage == nil {
            (appleFile, androidFile) = (nil, nil)
        } else {
            let files = try file.associationFiles()
            appleFile = files.apple.map(SiteResponse.AssociationFile.init)
            androidFile = files.android.map(SiteResponse.AssociationFile.init)
        }
        let universalHosts = ["https", "http"].lazy.compactMap { file.settings[.scheme($0)]?.allowedHosts?.first }
        self.host = host ?? universalHosts.first
        appSchemes = file.settings.keys.compactMap(\.scheme).filter { $0 != "https" && $0 != "http" }.sorted()
    }

    /// The answer to a `GET` or `HEAD` of `target` (the request's path and query, as sent), or `nil` for a request
    /// the site's own routes should answer.
    ///
    /// - Parameters:
    ///   - requestHost: the request's `Host`, used when the site was given no host.
    ///   - ifNoneMatch: the request's `If-None-Match`.
    func response(to method: String, target: String, requestHost: String?, ifNoneMatch: String?) -> SiteResponse? {
        guard method == "GET" || method == "HEAD", target.hasPrefix("/") else { return nil }
        let path = target.prefix { $0 != "?" && $0 != "#" }
        if path == Self.appleAssociationPath, let appleFile {
            return .associationFile(appleFile, ifNoneMatch: ifNoneMatch)
        }
        if path == Self.androidAssociationPath, let androidFile {
            return .associationFile(androidFile, ifNoneMatch: ifNoneMatch)
        }
        guard let host = host ?? requestHost.flatMap(Self.linkHost) else { return nil }
        let link = "https://\(host)\(target)"
        // A link the router refuses (a bad escape, a bad host, too long) is no universal link: the site's routes
        // answer it.
        guard let match = try? router.match(link), file.declaration(of: match.route)?.isUniversalLink == true else {
            return nil
        }
        // The page is the route's the redirects end at, each hop keeping the request's query.
        let query = target.firstIndex(of: "?").map { target[$0...] } ?? ""
        let end = RedirectChain.follow(from: target) { path in
            path == target ? match : try? router.match("https://\(host)\(path)")
        } target: { found in
            found.flatMap { file.redirectTarget(for: $0) }.map { $0 + query }
        }
        guard case .reached(let reached, let finalTarget) = end, let final = reached else {
            // A chain that loops, or leads to a link no route takes, opens no screen in the app: the landing page
            // offers no link into it.
            return .landingPage(Pages.landing(link: link, appLink: nil, apps: file.apps))
        }
        if let fallback = file.webFallback(for: final) {
            return .redirect(to: fallback)
        }
        return .landingPage(
            Pages.landing(link: link, appLink: appLink(for: final, target: finalTarget), apps: file.apps))
    }

    /// The link that opens the app: `target` (a path and query) in the first custom scheme whose routes take it
    /// to `match`'s route (the router checks it, so the link works as shown); `nil` when none does.
    private func appLink(for match: RouteMatch, target: String) -> String? {
        let pathAndQuery = target.prefix { $0 != "#" }
        for scheme in appSchemes {
            // `myapp:/` + `/product/7` is `myapp://product/7`, whose host the app's table reads as the first component.
            let candidate = "\(scheme):/\(pathAndQuery)"
            if let found = try? router.match(candidate), found.route.pattern == match.route.pattern {
                return candidate
            }
        }
        return nil
    }

    /// The host of a `Host` header for a link, its port dropped; `nil` when it is empty or holds a character that
    /// would end the link's authority and move the rest into its path. The router checks the host itself, by the
    /// host rules it applies to every link.
    static func linkHost(_ header: String) -> String? {
        let host = HostName.droppingPort(header[...])
        return host.isEmpty || host.contains(where: { "/?#@\\".contains($0) }) ? nil : String(host)
    }
}
