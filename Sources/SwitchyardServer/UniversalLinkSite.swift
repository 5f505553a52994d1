import Switchyard

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
    /// Redirect routes followed before a route's fallback is looked up; a file's redirects may chain.
    static let maxRedirects = 8

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
        guard let host = host ?? requestHost.flatMap(Self.plainHost) else { return nil }
        let link = "https://\(host)\(target)"
        // A link the router refuses (a bad escape, too long) is no universal link: the site's routes answer it.
        guard let match = try? router.match(link), file.declaration(of: match.route)?.isUniversalLink == true else {
            return nil
        }
        let final = followingRedirects(match, host: host)
        if let fallback = file.webFallback(for: final) {
            return .redirect(to: fallback)
        }
        return .landingPage(Pages.landing(link: link, appLink: appLink(for: final), apps: file.apps))
    }

    /// The match that `match`'s redirect routes lead to, with `match`'s query.
    private func followingRedirects(_ match: RouteMatch, host: String) -> RouteMatch {
        var current = match
        let query = match.link.input.firstIndex(of: "?").map { match.link.input[$0...] } ?? ""
        for _ in 0..<Self.maxRedirects {
            guard let target = file.redirectTarget(for: current),
                let next = try? router.match("https://\(host)\(target)\(query)")
            else { break }
            current = next
        }
        return current
    }

    /// The link that opens the app: the first custom scheme whose routes take the match's path (the router
    /// checks it, so the link works as shown); `nil` when none does.
    private func appLink(for match: RouteMatch) -> String? {
        let input = match.link.input
        guard let pathStart = input.range(of: "://").flatMap({ input[$0.upperBound...].firstIndex(of: "/") }) else {
            return nil
        }
        let pathAndQuery = input[pathStart...].prefix { $0 != "#" }
        for scheme in appSchemes {
            // `myapp:/` + `/product/7` is `myapp://product/7`, whose host the app's table reads as the first component.
            let candidate = "\(scheme):/\(pathAndQuery)"
            if let found = try? router.match(candidate), found.route.pattern == match.route.pattern {
                return candidate
            }
        }
        return nil
    }

    /// The host of a `Host` header, without its port, when it is only a host name's characters; `nil` otherwise.
    static func plainHost(_ header: String) -> String? {
        let host = header.prefix { $0 != ":" }
        let isPlain = host.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
        }
        return isPlain && !host.isEmpty ? String(host) : nil
    }
}
