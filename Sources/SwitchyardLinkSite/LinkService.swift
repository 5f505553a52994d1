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
    /// The store's reads of links the cache does not hold, coalesced.
    let reads: LinkReads
    let clicks: ClickRecorder
    /// The claims' events, written in batches as clicks are.
    let claimEvents: ClaimEventRecorder
    /// `/` and the prefix's components, each followed by `/`: what a short link's path starts with.
    private let slugPathPrefix: [UInt8]
    /// The association files of the short-link host, which claim its short links only; `nil` when the route file
    /// declares no app.
    let shortLinkFiles: (apple: SiteResponse.AssociationFile?, android: SiteResponse.AssociationFile?)
    /// The time the cache reads: the continuous clock's, or a test's own so that freshness is decided by the test.
    private let cacheTime: @Sendable () -> ContinuousClock.Instant
    /// How the site makes claims that survive an install; `nil` when it makes none.
    package let claims: ClaimSettings?
    let logger: Logger
    /// What the site counts and times.
    package let metrics: SiteMetrics

    /// - Parameters:
    ///   - file: The route file: its routes, apps and short-link site (`shortLinks`).
    ///   - store: Where links and clicks are kept.
    ///   - webHosts: Hosts whose `https` links may be targets, beside the route file's own.
    ///   - host: The host of the site's universal links, when the route file's first is not it.
    ///   - cache: The links in memory.
    ///   - clickWindow: How long a click waits before it is written.
    ///   - metrics: Where the site's counts and times go (``SiteMetrics``).
    ///   - cacheTime: The time the cache reads to tell fresh from stale: the continuous clock's unless a test sets it.
    /// - Throws: ``LinkSiteError`` when the route file declares no short-link site, or its routes cannot be made.
    package init(
        file: RouteFile, store: LinkStore, webHosts: [String] = [], host: String? = nil,
        cache: (capacity: Int, freshFor: Duration) = (10_000, .seconds(5)), clickWindow: Duration = .seconds(1),
        claims: ClaimSettings? = nil, logger: Logger = Logger(label: "switchyard.link-site"),
        metrics: SiteMetrics = SiteMetrics(), cacheTime: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) throws(LinkSiteError) {
        guard let shortLinks = file.shortLinks else {
            throw LinkSiteError("the route file declares no short links: add \"shortLinks\": {\"host\": …}")
        }
        self.claims = claims
        self.cacheTime = cacheTime
        self.logger = logger
        self.metrics = metrics
        do {
            answers = try ShortLinkAnswers(
                file: file, host: host, shortLinks: shortLinks, makesClaims: claims != nil)
            let router = answers.router
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
        reads = LinkReads(store: store, metrics: metrics)
        clicks = ClickRecorder(store: store, window: clickWindow, logger: logger, metrics: metrics)
        claimEvents = ClaimEventRecorder(store: store, window: clickWindow, logger: logger, metrics: metrics)
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
        guard let host, HostName.allowedForm(String(HostName.droppingPort(host[...]))) == shortLinks.host else {
            return nil
        }
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
        let cached = cache.lookUp(slug, at: cacheTime())
        if case .fresh(let link) = cached {
            metrics.cacheLookup(hit: true)
            return link
        }
        switch try await read(slug, orStale: cached) {
        case .cached(let link): return link
        case .read(let link):
            cache.admit(link, for: slug, at: cacheTime())
            return link
        }
    }

    /// Where a link was found: in the cache (fresh, or stale while the store cannot answer), or read from the store,
    /// to be cached.
    private enum Found {
        case read(ShortLink?)
        case cached(ShortLink?)
    }

    /// The link named `slug` from the store, or from `cached` (what the cache holds) when it is stale and the store
    /// cannot answer. A link read is not cached here: the caller stores it, with the answer it makes of it.
    private func read(_ slug: Slug, orStale cached: LinkCache.Lookup) async throws(LinkStoreError) -> Found {
        metrics.cacheLookup(hit: false)
        do {
            return .read(try await reads.link(slug)?.link)
        } catch {
            if case .stale(let link) = cached, error.code == .unavailable { return .cached(link) }
            throw error
        }
    }

    /// The answer to a visitor of `slug`, counted as a click from `visitor` coming from `referrer`.
    ///
    /// The answer for a cached link is made once for each visitor class, with its response, and kept with the link;
    /// only a link that expired since is looked at again. A link read from the store is cached with its answer in
    /// one step, once the cache admits it (``LinkCache/admit(_:for:at:answer:)``): a campaign's links, each visited
    /// once, are read and not kept.
    package func visit(_ slug: Slug, visitor: Visitor, referrer: String?, now: Date) async -> PreparedResponse {
        let (cached, kept) = cache.lookUp(slug, visitor: visitor, at: cacheTime())
        let found: Found
        if case .fresh(let link) = cached {
            metrics.cacheLookup(hit: true)
            found = .cached(link)
        } else {
            do {
                found = try await read(slug, orStale: cached)
            } catch {
                return PreparedResponse(ShortLinkAnswers.unavailable())
            }
        }
        var answer: PreparedResponse
        let link: ShortLink?
        switch found {
        case .cached(let cachedLink):
            link = cachedLink
            if let kept, !(link?.isGone(at: now) ?? false) {
                answer = kept
            } else {
                answer = PreparedResponse(answers.response(for: link, visitor: visitor, now: now))
                cache.keep(answer, for: slug, visitor: visitor, madeFor: link)
            }
        case .read(let readLink):
            link = readLink
            answer = PreparedResponse(answers.response(for: link, visitor: visitor, now: now))
            cache.admit(link, for: slug, at: cacheTime(), answer: (visitor, answer))
        }
        if let claims, visitor == .ios || visitor == .android, answer.answer.status == 200 {
            // The page is kept with a slot for the token; each visit gets a token of its own.
            var page = answer.answer
            page.body = GetTheApp.filled(page.body) { claims.tokens.make(for: slug).text }
            answer = PreparedResponse(page)
        }
        if let link, answer.answer.status < 400 {
            clicks.record(Click(slug: link.slug, at: now, platform: visitor, referrerHost: Self.host(of: referrer)))
        }
        return answer
    }

    /// The answer to `GET /c/TOKEN/app-store?link=SLUG` (or `play-store`), from a landing page's "Get the app": the
    /// claim of the token is made (once; a second tap only counts the redirect), and the visitor sent to the store.
    /// The Play Store link carries the token in its `referrer`, which the app reads through the Install Referrer API.
    ///
    /// A token this site did not make for the link gets 404, a link that is gone 410. When the store cannot make the
    /// claim, the visitor still goes to the store: the app then opens on its home screen, as without a claim.
    package func storeRedirect(
        token text: Substring, store: Substring, slug slugText: String?, address: String, now: Date
    ) async -> SiteResponse {
        let apps = answers.apps
        guard let claims, let token = try? ClaimToken(String(text)), let slug = slugText.flatMap({ try? Slug($0) }),
            claims.tokens.made(token, for: slug)
        else { return ShortLinkAnswers.unknown() }
        let location: String
        switch (store, apps.appStoreID, apps.androidPackage) {
        case ("app-store", let id?, _): location = "https://apps.apple.com/app/id\(id)"
        case ("play-store", _, let package?):
            location = "https://play.google.com/store/apps/details?id=\(package)&referrer=\(token.text)"
        default: return ShortLinkAnswers.unknown()
        }
        let link: ShortLink?
        do {
            link = try await self.link(slug)
        } catch {
            // The token was made for this link, so it was there a moment ago.
            logger.warning("no claim of '\(slug)' made: \(error)")
            return SiteResponse.redirect(to: location)
        }
        guard let link, !link.isGone(at: now) else { return answers.response(for: link, visitor: .ios, now: now) }
        claimEvents.record(.storeRedirect, of: slug, at: now)
        if claims.perAddress.wait(for: address) != nil {
            metrics.rateLimited(.claims)
            logger.notice("no claim of '\(slug)' made: \(address) made too many")
            return SiteResponse.redirect(to: location)
        }
        do {
            let isNew = try await metrics.timed(.createClaim) {
                try await self.store.createClaim(
                    token, for: slug, at: now, expiresAt: now.addingTimeInterval(claims.lifetime))
            }
            if isNew {
                claimEvents.record(.claimCreated, of: slug, at: now)
                metrics.claimMade()
            }
        } catch {
            logger.warning("a claim of '\(slug)' was not made: \(error)")
        }
        return SiteResponse.redirect(to: location)
    }

    /// The answer to a `GET` of a path under `/c/`, when the site makes claims: the script of the landing pages, a
    /// claim link's page, or a store redirect; `nil` for any other path, and when the site makes no claims.
    package func claimAnswer(path: Substring, query: (String) -> String?, address: String, now: Date) async
        -> SiteResponse?
    {
        guard claims != nil, path.hasPrefix(ShortLinkSite.claimPathPrefix), path.utf8.count <= 256 else {
            return nil
        }
        if path == GetTheApp.scriptPath { return SiteResponse.claimScript() }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2)
        switch parts.count {
        case 1:
            guard let token = try? ClaimToken(String(parts[parts.startIndex])) else {
                return ShortLinkAnswers.unknown()
            }
            return answers.claimPage(token)
        case 2:
            return await storeRedirect(
                token: parts[parts.startIndex], store: parts[parts.startIndex + 1], slug: query("link"),
                address: address, now: now)
        default:
            return ShortLinkAnswers.unknown()
        }
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
        var authority = bytes[(colon + 3)...].prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
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
        cache.store(link, for: slug, at: cacheTime())
    }

    /// Redeems the claim of `token` at `now` (the link read through the cache) and counts what it was: a first open
    /// or a re-open.
    package func redeem(_ token: ClaimToken, at now: Date) async throws(LinkStoreError) -> Redemption {
        let redemption = try await metrics.timed(.redeemClaim) { () async throws(LinkStoreError) in
            try await store.redeemClaim(token, at: now) { slug throws(LinkStoreError) in try await self.link(slug) }
        }
        switch redemption {
        case .redeemed(let claim, _):
            claimEvents.record(.redeemed, of: claim.slug, at: now)
            metrics.claimRedeemed()
        case .alreadyRedeemed(let slug): claimEvents.record(.reopened, of: slug, at: now)
        case .unknown, .expired, .linkGone: break
        }
        return redemption
    }

    /// Writes clicks and claims' events in batches until cancelled.
    package func run() async {
        async let clicksWritten: Void = clicks.run()
        async let eventsWritten: Void = claimEvents.run()
        _ = await (clicksWritten, eventsWritten)
    }

    /// Deletes the claims that expired unredeemed, now and every ``ClaimSettings/purgeEvery``, until cancelled.
    package func purgeClaims() async {
        guard let claims else { return }
        while !Task.isCancelled {
            do {
                let purged = try await store.purgeExpiredClaims(at: Date())
                if purged > 0 { logger.info("purged \(purged) expired claims") }
            } catch {
                // A purge cut short because the site is stopping (this task is cancelled then) is no failure: the
                // next start purges again.
                if !Task.isCancelled { logger.warning("expired claims were not purged: \(error)") }
            }
            try? await Task.sleep(for: claims.purgeEvery)
        }
    }
}

/// How a link site makes claims that survive an install.
package struct ClaimSettings: Sendable {
    /// Makes and knows the site's tokens.
    package let tokens: ClaimTokens
    /// How long a claim may wait for its redemption: 7 days by default.
    package let lifetime: TimeInterval
    /// How often the claims that expired unredeemed are deleted: every hour by default.
    package let purgeEvery: Duration
    /// Claims one address may make: a client that makes more is still sent to the store, without a claim, so that
    /// no one fills the database.
    let perAddress: RateLimiter

    package init(
        tokens: ClaimTokens, lifetime: TimeInterval = 7 * 86_400, purgeEvery: Duration = .seconds(3_600),
        perAddress: Double = 20
    ) {
        self.tokens = tokens
        self.lifetime = lifetime
        self.purgeEvery = purgeEvery
        self.perAddress = RateLimiter(perSecond: perAddress, burst: max(1, Int(perAddress * 2)))
    }
}

/// Why a link site cannot start.
package struct LinkSiteError: Error, Sendable, CustomStringConvertible {
    package let message: String
    init(_ message: String) { self.message = message }
    package var description: String { message }
}
