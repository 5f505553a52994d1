#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns a tapped short link (`https://go.example.com/s/spring`) into its target, through the site's public address
/// (``ShortLinkSite/lookupAddress(for:)``), and keeps the answer for a while.
///
/// The target is followed only when it is safe: a link the app's router routes, or a web link on a host the app
/// names. A site that answers anything else (another app's scheme, `javascript:`, a host nobody named) gets
/// `untrustedTarget`, so a short-link site can never make the app an open redirect.
///
/// ```swift
/// let resolver = ShortLinkResolver(site: try ShortLinkSite(host: "go.example.com", prefix: "/s"), router: router)
/// let target = try await resolver.resolve(url.absoluteString)
/// if target.opensInApp { await router.route(target.link, origin: .universalLink) } else { openURL(target.link) }
/// ```
///
/// Answers are cached for ``timeToLive`` (5 minutes by default), at most ``capacity`` of them (the oldest goes
/// first). Offline, or while the site answers 5xx, a cached answer is used however old, marked stale; with none,
/// the error is `offline`. A `410` forgets the cached answer. Safe from any task: it is an actor.
public actor ShortLinkResolver {
    /// A short link's target.
    public struct Target: Sendable, Hashable {
        /// The short link's slug.
        public let slug: Slug
        /// The target, as the site gave it.
        public let link: String
        /// Whether the app's router routes the target; otherwise it is a web link on one of the resolver's
        /// ``webHosts``, for the browser.
        public let opensInApp: Bool
        /// Whether it came from the cache after its time to live, because the site could not answer.
        public let isStale: Bool
    }

    /// The site whose short links this resolves.
    public let site: ShortLinkSite
    /// The most answers kept.
    public let capacity: Int
    /// How long an answer is used without asking again.
    public let timeToLive: Duration
    /// Hosts whose web links a target may be without being routed (compared as a table's allowed hosts are).
    public let webHosts: Set<String>
    /// The most bytes of an answer read as JSON.
    public static let maxAnswerSize = SiteAnswers.maxSize

    private let router: Router
    private let transport: any ShortLinkTransport
    private let now: @Sendable () -> ContinuousClock.Instant
    private var cache: [Slug: (target: Target, fetched: ContinuousClock.Instant)] = [:]

    /// A resolver for `site`'s short links, whose targets `router` must route.
    ///
    /// - Parameters:
    ///   - site: the site whose short links are resolved.
    ///   - router: the app's router: a target it routes opens in the app.
    ///   - webHosts: hosts whose `https` links a target may be when the router does not route it.
    ///   - transport: how the site is asked (`URLSessionTransport` on Apple platforms).
    ///   - capacity: the most answers kept (256 by default).
    ///   - timeToLive: how long an answer is used without asking again (5 minutes by default).
    ///   - now: the clock the cache is kept by; tests give their own.
    public init(
        site: ShortLinkSite, router: Router, webHosts: Set<String> = [], transport: any ShortLinkTransport,
        capacity: Int = 256, timeToLive: Duration = .seconds(300),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.site = site
        self.router = router
        self.webHosts = Set(webHosts.map(HostName.allowedForm))
        self.transport = transport
        self.capacity = max(capacity, 0)
        self.timeToLive = timeToLive
        self.now = now
    }

    /// The target of `url`, one of the site's short links: from the cache while fresh, else from the site.
    /// - Throws: ``ShortLinkError``: `notShortLink` or `invalidSlug` for the link itself; `unknownSlug`, `gone`,
    ///   `invalidResponse` or `untrustedTarget` for the site's answer; `offline` when the site cannot answer and
    ///   nothing is cached.
    public func resolve(_ url: String) async throws(ShortLinkError) -> Target {
        let slug = try site.slug(of: url)
        let cached = cache[slug]
        if let cached, cached.fetched.duration(to: now()) < timeToLive { return cached.target }
        let answer: (status: Int, body: [UInt8])
        do {
            answer = try await transport.get(site.lookupAddress(for: slug))
        } catch {
            return try stale(cached?.target, slug: slug, "the site could not be reached: \(error)")
        }
        switch answer.status {
        case 200:
            let target = try target(of: answer.body, slug: slug)
            keep(target)
            return target
        case 404:
            throw ShortLinkError(.unknownSlug, "\(site.host) has no short link '\(slug)'")
        case 410:
            cache[slug] = nil
            throw ShortLinkError(.gone, "the short link '\(slug)' has expired or was disabled")
        case 500...599:
            return try stale(cached?.target, slug: slug, "the site answered \(answer.status)")
        default:
            throw ShortLinkError(.invalidResponse, "the site answered \(answer.status) for '\(slug)'")
        }
    }

    /// Forgets every cached answer.
    public func removeAll() {
        cache.removeAll()
    }

    /// The cached target marked stale, or `offline` when there is none.
    private func stale(_ cached: Target?, slug: Slug, _ reason: String) throws(ShortLinkError) -> Target {
        guard let cached else { throw ShortLinkError(.offline, "\(reason), and '\(slug)' is not cached") }
        return Target(slug: cached.slug, link: cached.link, opensInApp: cached.opensInApp, isStale: true)
    }

    /// The target a `200` answer gives, if it is one the app may follow.
    private func target(of body: [UInt8], slug: Slug) throws(ShortLinkError) -> Target {
        guard let answer = SiteAnswers.decode(SiteAnswers.Target.self, from: body) else {
            throw ShortLinkError(.invalidResponse, "the site's answer for '\(slug)' is not a short link's JSON")
        }
        if let opensInApp = Self.follows(answer.target, router: router, webHosts: webHosts) {
            return Target(slug: slug, link: answer.target, opensInApp: opensInApp, isStale: false)
        }
        throw ShortLinkError(
            .untrustedTarget,
            "the target \(Excerpt.short(answer.target)) of '\(slug)' is neither a link the app routes nor on a web host it names"
        )
    }

    /// Whether the app follows `target`, a site's answer: `true` in the app when `router` routes it, `false` in the
    /// browser when it is an `https` link on one of `webHosts` (read by the router's rules), `nil` never. Short links
    /// and deferred links' claims follow this one rule.
    static func follows(_ target: String, router: Router, webHosts: Set<String>) -> Bool? {
        if router.canRoute(target) { return true }
        if let host = httpsHost(of: target), webHosts.contains(host) { return false }
        return nil
    }

    /// Caches `target`, making room by forgetting the oldest answer.
    private func keep(_ target: Target) {
        guard capacity > 0 else { return }
        if cache[target.slug] == nil, cache.count >= capacity,
            let oldest = cache.min(by: { $0.value.fetched < $1.value.fetched })?.key
        {
            cache[oldest] = nil
        }
        cache[target.slug] = (target, now())
    }
}
