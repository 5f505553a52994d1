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
    /// `/` and the prefix's components, each followed by `/`: what a short link's path starts with.
    private let slugPathPrefix: [UInt8]
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
        slugPathPrefix = Array(("/" + shortLinks.prefixComponents.map { $0 + "/" }.joined()).utf8)
        self.store = store
        self.cache = LinkCache(capacity: cache.capacity, freshFor: cache.freshFor)
        clicks = ClickRecorder(store: store, window: clickWindow, logger: logger)
    }

    package var shortLinks: ShortLinkSite { answers.shortLinks }

    /// The slug a request's path names, or `nil` when the path is no short link of the site.
    ///
    /// The plain form (`/s/xmas`) is read here, byte by byte, as it comes with every visit; a path with a
    /// percent-escape goes through the site's router, as the app reads short links, so both agree on every path.
    package func slug(ofPath path: Substring) -> Slug? {
        let bytes = path.utf8
        guard bytes.count <= 512, bytes.starts(with: slugPathPrefix) else { return nil }
        let rest = bytes.dropFirst(slugPathPrefix.count)
        if !rest.contains(UInt8(ascii: "%")) {
            guard !rest.isEmpty, rest.count <= Slug.maxLength, rest.allSatisfy(Slug.isAllowed) else { return nil }
            return try? Slug(String(Substring(rest)))
        }
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
    ///
    /// The answer for a cached link is made once for each visitor class and kept with the link; only a link that
    /// expired since is looked at again.
    package func visit(_ slug: Slug, visitor: Visitor, referrer: String?, now: Date) async -> SiteResponse {
        let link: ShortLink?
        do {
            link = try await self.link(slug)
        } catch {
            return ShortLinkAnswers.unavailable()
        }
        let answer: SiteResponse
        if let kept = cache.answer(for: slug, visitor: visitor, at: clock.now), !(link?.isGone(at: now) ?? false) {
            answer = kept
        } else {
            answer = answers.response(for: link, visitor: visitor, now: now)
            cache.keep(answer, for: slug, visitor: visitor, madeFor: link)
        }
        if let link, answer.status < 400 {
            clicks.record(Click(slug: link.slug, at: now, platform: visitor, referrerHost: Self.host(of: referrer)))
        }
        return answer
    }

    /// The lowercase host of a `Referer` header (`https://News.Example.com:443/a` gives `news.example.com`), at
    /// most 253 bytes of letters, digits, `.`, `-` and `_`; empty when there is none to read. Read byte by byte, as it
    /// comes with every click.
    static func host(of referrer: String?) -> String {
        guard let referrer, referrer.utf8.count <= 4_096 else { return "" }
        let bytes = Array(referrer.utf8)
        // After the scheme's `://`, up to the path, query or fragment; then after any user information.
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: Array("://".utf8))
        else { return "" }
        var authority = bytes[(colon + 3)...].prefix { !"/?#".utf8.contains($0) }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        let host = authority.prefix { $0 != UInt8(ascii: ":") }
        let allowed = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        let lower = host.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        guard !lower.isEmpty, lower.count <= 253, lower.allSatisfy(allowed) else { return "" }
        return String(decoding: lower, as: UTF8.self)
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
