import Foundation
import Logging
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardWebLinks

/// What a link site does with its short links, above its store: it finds a link through the cache, answers a
/// visitor as ``ShortLinkAnswers`` decides, counts the click, and keeps links to the route file's rules.
///
/// A link is read from the cache when it is fresh there, else from the store; when the store cannot answer, a
/// stale entry still serves, and a slug the cache never held gets 503.
package final class LinkService: Sendable {
    package let store: LinkStore
    package let rules: ShortLinkRules
    let answers: ShortLinkAnswers
    let cache: LinkCache
    let clicks: ClickRecorder
    /// The association files of the short-link host, which claim its short links only; `nil` when the route file
    /// declares no app.
    let shortLinkFiles: (apple: SiteResponse.AssociationFile?, android: SiteResponse.AssociationFile?)
    private let clock = ContinuousClock()

    /// - Parameters:
    ///   - file: The route file: its routes, apps and short-link site (`shortLinks`).
    ///   - store: Where links and clicks are kept.
    ///   - webHosts: Hosts whose `https` links may be targets, beside the route file's own.
    ///   - host: The host of the site's universal links, when the route file's first is not it.
    ///   - cache: The links in memory.
    ///   - clickWindow: How long a click waits before it is written.
    /// - Throws: ``LinkSiteError`` when the route file declares no short-link site, or its routes cannot be made.
    package init(
        file: RouteFile, store: LinkStore, webHosts: [String] = [], host: String? = nil,
        cache: (capacity: Int, freshFor: Duration) = (10_000, .seconds(5)), clickWindow: Duration = .seconds(1),
        logger: Logger = Logger(label: "switchyard.link-site")
    ) throws(LinkSiteError) {
        guard let shortLinks = file.shortLinks else {
            throw LinkSiteError("the route file declares no short links: add \"shortLinks\": {\"host\": …}")
        }
        do {
            answers = try ShortLinkAnswers(file: file, host: host, shortLinks: shortLinks)
            let router = try file.makeRouter()
            let fileHosts = ["https", "http"].flatMap { file.settings[.scheme($0)]?.allowedHosts ?? [] }
            rules = ShortLinkRules(router: router, webHosts: fileHosts + webHosts, site: shortLinks)
        } catch {
            throw LinkSiteError("the route file's routes cannot be made: \(error)")
        }
        let files = try? file.shortLinkAssociationFiles()
        shortLinkFiles = (
            files?.apple.map(SiteResponse.AssociationFile.init), files?.android.map(SiteResponse.AssociationFile.init)
        )
        self.store = store
        self.cache = LinkCache(capacity: cache.capacity, freshFor: cache.freshFor)
        clicks = ClickRecorder(store: store, window: clickWindow, logger: logger)
    }

    package var shortLinks: ShortLinkSite { answers.shortLinks }

    /// The slug a request's path names, or `nil` when the path is no short link of the site.
    package func slug(ofPath path: Substring) -> Slug? {
        guard path.hasPrefix("/"), path.utf8.count <= 512 else { return nil }
        return try? shortLinks.slug(of: "https://\(shortLinks.host)\(path)")
    }

    /// The association file at `path` for a request to `host` (its `Host`, port dropped), when `host` is the
    /// short-link host; `nil` for any other request, which the universal links' middleware answers.
    package func shortLinkAssociationFile(path: Substring, host: String?, ifNoneMatch: String?) -> SiteResponse? {
        guard let host, HostName.allowedForm(String(host.prefix { $0 != ":" })) == shortLinks.host else { return nil }
        switch path {
        case "/.well-known/apple-app-site-association":
            return shortLinkFiles.apple.map { .associationFile($0, ifNoneMatch: ifNoneMatch) }
        case "/.well-known/assetlinks.json":
            return shortLinkFiles.android.map { .associationFile($0, ifNoneMatch: ifNoneMatch) }
        default:
            return nil
        }
    }

    /// The link named `slug`: fresh from the cache, else from the store, else stale from the cache.
    /// - Throws: ``LinkStoreError`` with `unavailable` when the store cannot answer and the cache never held it.
    package func link(_ slug: Slug) async throws(LinkStoreError) -> ShortLink? {
        let now = clock.now
        let cached = cache.lookUp(slug, at: now)
        if case .fresh(let link) = cached { return link }
        do {
            let link = try await store.link(slug)?.link
            cache.store(link, for: slug, at: clock.now)
            return link
        } catch {
            if case .stale(let link) = cached, error.code == .unavailable { return link }
            throw error
        }
    }

    /// The answer to a visitor of `slug`, counted as a click from `visitor` coming from `referrer`.
    package func visit(_ slug: Slug, visitor: Visitor, referrer: String?, now: Date) async -> SiteResponse {
        let link: ShortLink?
        do {
            link = try await self.link(slug)
        } catch {
            return ShortLinkAnswers.unavailable()
        }
        let answer = answers.response(for: link, visitor: visitor, now: now)
        if let link, answer.status < 400 {
            clicks.record(Click(slug: link.slug, at: now, platform: visitor, referrerHost: Self.host(of: referrer)))
        }
        return answer
    }

    /// The lowercase host of a `Referer` header, at most 253 bytes of it; empty when there is none to read.
    static func host(of referrer: String?) -> String {
        guard let referrer, referrer.utf8.count <= 4_096, let host = URLComponents(string: referrer)?.host else {
            return ""
        }
        let lower = host.lowercased()
        guard lower.utf8.count <= 253, lower.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return "" }
        return lower
    }

    /// Takes a change to a link made through this process into the cache at once.
    func remember(_ link: ShortLink?, for slug: Slug) {
        cache.store(link, for: slug, at: clock.now)
    }

    /// Writes clicks in batches until cancelled.
    package func run() async {
        await clicks.run()
    }
}

/// Why a link site cannot start.
package struct LinkSiteError: Error, Sendable, CustomStringConvertible {
    package let message: String
    init(_ message: String) { self.message = message }
    package var description: String { message }
}
