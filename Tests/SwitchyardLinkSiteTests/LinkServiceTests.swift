import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkSite
@testable import SwitchyardServer

/// The service between visitors and the store: the cache, its freshness across processes, the store going away,
/// and clicks written in batches.
@Suite struct LinkServiceTests {
    static let now = Date()

    /// A browser's or CDN's cache keyed by address alone once gave a phone the crawler's preview (the browser test
    /// saw it): every answer of a short link varies by `User-Agent`.
    @Test(arguments: [Visitor.ios, .android, .desktop, .bot])
    func everyVisitorsAnswerVariesByUserAgent(_ visitor: Visitor) async throws {
        try await LinkSiteFixture.with { site in
            try await site.store.create(
                ShortLink(slug: try Slug("spring"), target: "myapp://product/1988"), at: Self.now)
            for _ in 0..<2 {
                let answer = await site.service.answer(to: try Slug("spring"), visitor: visitor, now: Self.now)
                #expect(answer.headers.filter { $0.name == "Vary" }.map(\.value) == ["User-Agent"], "\(visitor)")
            }
        }
    }

    @Test func visitorsGetTheirAnswerAndUnknownOrGoneLinksTheirStatus() async throws {
        try await LinkSiteFixture.with { site in
            var link = ShortLink(slug: try Slug("spring"), target: "myapp://product/1988")
            try await site.store.create(link, at: Self.now)
            #expect(await site.service.answer(to: link.slug, visitor: .ios, now: Self.now).status == 200)
            #expect(await site.service.answer(to: link.slug, visitor: .desktop, now: Self.now).status == 302)
            #expect(await site.service.answer(to: try Slug("nope"), visitor: .ios, now: Self.now).status == 404)
            link.expiresAt = Self.now.addingTimeInterval(-1)
            _ = try await site.store.update(link, at: Self.now)
            site.service.remember(link, for: link.slug)
            #expect(await site.service.answer(to: link.slug, visitor: .ios, now: Self.now).status == 410)
        }
    }

    @Test(
        arguments: [
            ("/s/spring", "spring"), ("/s/a-b_C9", "a-b_C9"), ("/s/", nil), ("/s/a/b", nil), ("/s/..", nil),
            ("/s/a%00b", nil), ("/s/%61bc", "abc"), ("/s/a%2Fb", nil), ("/s/xm\u{0430}s", nil), ("/t/spring", nil),
            ("/s/" + String(repeating: "a", count: 10_240), nil),
        ] as [(String, String?)])
    func onlyAPathOfTheSiteNamesASlug(path: String, slug: String?) async throws {
        try await LinkSiteFixture.with { site in
            #expect(site.service.slug(ofPath: Substring(path))?.text == slug)
        }
    }

    @Test func aChangeThroughAnotherProcessShowsWithinTheFreshness() async throws {
        try await LinkSiteFixture.with { site in
            // A second service on the same store stands for a second server process. Its time moves only when the
            // test moves it, so a slow machine cannot age its cache between two steps.
            let time = Locked(ContinuousClock.now)
            let other = try LinkService(
                file: site.file, store: site.store, cache: (100, .seconds(3)), cacheTime: { time.snapshot })
            var link = ShortLink(slug: try Slug("moving"), target: "https://shop.example.com/a")
            try await site.store.create(link, at: Self.now)
            #expect(try await other.link(link.slug)?.target == "https://shop.example.com/a")
            link.target = "https://shop.example.com/b"
            _ = try await site.store.update(link, at: Self.now)
            site.service.remember(link, for: link.slug)
            #expect(try await site.service.link(link.slug)?.target == "https://shop.example.com/b", "at once here")
            #expect(try await other.link(link.slug)?.target == "https://shop.example.com/a", "cached there")
            time.withLock { $0 += .seconds(3) }
            #expect(try await other.link(link.slug)?.target == "https://shop.example.com/a", "still fresh there")
            time.withLock { $0 += .milliseconds(1) }
            #expect(try await other.link(link.slug)?.target == "https://shop.example.com/b", "within the freshness")
        }
    }

    @Test func withoutTheStoreCachedLinksStillServeAndOthersGet503() async throws {
        try await LinkSiteFixture.with { site in
            let cached = ShortLink(slug: try Slug("cached"), target: "myapp://cart")
            try await site.store.create(cached, at: Self.now)
            try await site.store.create(ShortLink(slug: try Slug("never-read"), target: "myapp://cart"), at: Self.now)
            #expect(await site.service.answer(to: cached.slug, visitor: .ios, now: Self.now).status == 200)
            await site.store.close()
            site.passCacheTime(.seconds(6))
            #expect(await site.service.answer(to: cached.slug, visitor: .ios, now: Self.now).status == 200)
            let missing = await site.service.answer(to: try Slug("never-read"), visitor: .ios, now: Self.now)
            #expect(missing.status == 503)
            #expect(missing.header("Retry-After") == "5")
        }
    }

    @Test func clicksWaitInMemoryAndAreWrittenInOneBatch() async throws {
        try await LinkSiteFixture.with { site in
            let link = ShortLink(slug: try Slug("counted"), target: "myapp://cart")
            try await site.store.create(link, at: Self.now)
            for visitor in [Visitor.ios, .ios, .android, .desktop, .bot] {
                _ = await site.service.answer(
                    to: link.slug, visitor: visitor, referrer: "https://News.Example.com/a?b", now: Self.now)
            }
            _ = await site.service.answer(to: try Slug("unknown"), visitor: .ios, now: Self.now)
            #expect(try await site.store.clickCounts(of: link.slug).isEmpty, "nothing written on the response path")
            #expect(site.service.clicks.counts.waiting == 5, "an unknown slug is no click")
            await site.service.clicks.flush()
            let counts = try await site.store.clickCounts(of: link.slug)
            #expect(
                Dictionary(counts.map { ($0.platform, $0.clicks) }, uniquingKeysWith: +) == [
                    .ios: 2, .android: 1, .desktop: 1, .bot: 1,
                ])
            #expect(site.service.clicks.counts.written == 5)
        }
    }

    @Test(
        arguments: [
            ("https://News.Example.com/a?b", "news.example.com"), (nil, ""), ("not a url", ""),
            ("android-app://com.x", "com.x"), ("https://user:pw@Shop.Example.com:8080/x", "shop.example.com"),
            ("https://exämple.com/", ""), ("//no-scheme.example/", ""), ("https://", ""),
            (String(repeating: "a", count: 5_000), ""), ("https://a\u{0}b.com/", ""),
        ] as [(String?, String)])
    func onlyTheReferrersHostIsKept(referrer: String?, host: String) {
        #expect(LinkService.host(of: referrer) == host)
    }

    @Test func theCacheKeepsItsCapacityOldestOut() throws {
        let cache = LinkCache(capacity: 3, freshFor: .seconds(5))
        let now = ContinuousClock.now
        let slugs = try (0..<5).map { try Slug("s\($0)") }
        for slug in slugs { cache.store(ShortLink(slug: slug, target: "myapp://cart"), for: slug, at: now) }
        #expect(cache.count == 3)
        #expect(cache.lookUp(slugs[0], at: now) == .missing)
        #expect(cache.lookUp(slugs[4], at: now) != .missing)
        // Storing one slug again and again keeps the count and the queue bounded.
        for _ in 0..<100 { cache.store(nil, for: slugs[4], at: now) }
        #expect(cache.count == 3)
        #expect(cache.lookUp(slugs[4], at: now) == .fresh(nil))
        #expect(cache.lookUp(slugs[3], at: now.advanced(by: .seconds(6))) != .missing)
    }

    /// Once the cache is full, a link read is kept on its second read only; a stale entry is always replaced by its
    /// read, and a change made through this process always stored.
    @Test func aFullCacheKeepsALinkOnItsSecondRead() throws {
        let cache = LinkCache(capacity: 3, freshFor: .seconds(5))
        let now = ContinuousClock.now
        let slugs = try (0..<6).map { try Slug("s\($0)") }
        let link = { (slug: Slug) in ShortLink(slug: slug, target: "myapp://cart") }
        for slug in slugs.prefix(3) { #expect(cache.admit(link(slug), for: slug, at: now), "room: kept at once") }
        #expect(cache.admit(link(slugs[3]), for: slugs[3], at: now) == false)
        #expect(cache.lookUp(slugs[3], at: now) == .missing)
        #expect(cache.count == 3)
        #expect(cache.admit(link(slugs[3]), for: slugs[3], at: now), "read again: kept")
        #expect(cache.lookUp(slugs[3], at: now) == .fresh(link(slugs[3])))
        #expect(cache.lookUp(slugs[0], at: now) == .missing, "the oldest made room")
        #expect(cache.count == 3)
        // An entry the cache holds, stale, is replaced by its read at once.
        let later = now.advanced(by: .seconds(6))
        let changed = ShortLink(slug: slugs[1], target: "myapp://product/1")
        #expect(cache.admit(changed, for: slugs[1], at: later))
        #expect(cache.lookUp(slugs[1], at: later) == .fresh(changed))
        // A change is stored whatever the cache saw.
        cache.store(link(slugs[5]), for: slugs[5], at: later)
        #expect(cache.lookUp(slugs[5], at: later) == .fresh(link(slugs[5])))
    }

    /// Slugs read once each, many more than the cache holds (a campaign's, or a scan of made-up ones, cached as
    /// unknown), leave the links read again where they are.
    @Test func slugsReadOnceDoNotPushOutTheLinksReadAgain() throws {
        let cache = LinkCache(capacity: 100, freshFor: .seconds(5))
        let now = ContinuousClock.now
        let kept = try (0..<100).map { try Slug("kept-\($0)") }
        for slug in kept { cache.admit(ShortLink(slug: slug, target: "myapp://cart"), for: slug, at: now) }
        var admitted = 0
        for n in 0..<10_000 {
            let slug = try Slug("once-\(n)")
            // Odd slugs are links, even ones unknown (cached as `nil`).
            let link = n.isMultiple(of: 2) ? nil : ShortLink(slug: slug, target: "myapp://cart")
            if cache.admit(link, for: slug, at: now) { admitted += 1 }
        }
        #expect(admitted == 0)
        #expect(kept.allSatisfy { cache.lookUp($0, at: now) != .missing })
        #expect(cache.count == 100)
    }

    /// A visit of a link the cache does not hold caches the link with the answer made for that visitor class, in one
    /// step; the next visit of that class takes the answer from the cache, another class gets its own made.
    @Test func aLinkReadForAVisitIsCachedWithItsAnswer() async throws {
        try await LinkSiteFixture.with { site in
            let link = ShortLink(slug: try Slug("mailing-7"), target: "https://shop.example.com/product/7")
            try await site.store.create(link, at: Self.now)
            // The fixture's cache time stands still, so the entry stays fresh for every look below.
            let now = site.cacheTime.snapshot
            #expect(site.service.cache.lookUp(link.slug, visitor: .desktop, at: now).0 == .missing)
            let first = await site.service.answer(to: link.slug, visitor: .desktop, now: Self.now)
            #expect(first.status == 302)
            let (cached, kept) = site.service.cache.lookUp(link.slug, visitor: .desktop, at: now)
            #expect(cached == .fresh(link))
            #expect(kept?.answer.header("Location") == first.header("Location"))
            #expect(site.service.cache.lookUp(link.slug, visitor: .ios, at: now).answer == nil)
            // The store gone, the cached link still answers, each class as it would.
            await site.store.close()
            #expect(await site.service.answer(to: link.slug, visitor: .desktop, now: Self.now).status == 302)
            #expect(await site.service.answer(to: link.slug, visitor: .ios, now: Self.now).status == 200)
            #expect(site.service.cache.lookUp(link.slug, visitor: .ios, at: now).answer?.answer.status == 200)
        }
    }

    /// A campaign's links, each visited once after the cache filled, are answered from the store and not kept: the
    /// link visited before them is still in the cache, and still answers when the store is gone; they do not.
    @Test func aCampaignsVisitsLeaveTheCachedLinksInTheCache() async throws {
        try await LinkSiteFixture.with { site in
            let hot = ShortLink(slug: try Slug("spring-sale"), target: "https://shop.example.com/product/7")
            try await site.store.create(hot, at: Self.now)
            let campaign = try (0..<150).map {
                ShortLink(slug: try Slug("mailing-\($0)"), target: "https://shop.example.com/product/\($0)")
            }
            for link in campaign { try await site.store.create(link, at: Self.now) }
            #expect(await site.service.answer(to: hot.slug, visitor: .desktop, now: Self.now).status == 302)
            for (n, link) in campaign.enumerated() {
                let answer = await site.service.answer(to: link.slug, visitor: .desktop, now: Self.now)
                #expect(answer.header("Location") == "https://shop.example.com/products/\(n)", "its web fallback")
            }
            #expect(site.service.cache.count == site.service.cache.capacity)
            await site.store.close()
            #expect(await site.service.answer(to: hot.slug, visitor: .desktop, now: Self.now).status == 302)
            #expect(await site.service.answer(to: campaign[149].slug, visitor: .desktop, now: Self.now).status == 503)
        }
    }

    /// An entry's answers go with it: a link read again starts with none but the one stored with it, and a stale entry
    /// offers none.
    @Test func aStoredAnswerLastsAsLongAsItsEntry() throws {
        let cache = LinkCache(capacity: 3, freshFor: .seconds(5))
        let clock = ContinuousClock()
        let slug = try Slug("s")
        let link = ShortLink(slug: slug, target: "myapp://cart")
        let now = clock.now
        cache.store(link, for: slug, at: now, answer: (.ios, PreparedResponse(.redirect(to: "myapp://cart"))))
        #expect(cache.lookUp(slug, visitor: .ios, at: now).answer?.answer.header("Location") == "myapp://cart")
        #expect(cache.lookUp(slug, visitor: .android, at: now).answer == nil)
        let later = now.advanced(by: .seconds(6))
        let (stale, none) = cache.lookUp(slug, visitor: .ios, at: later)
        #expect(stale == .stale(link))
        #expect(none == nil)
        cache.store(link, for: slug, at: later)
        #expect(cache.lookUp(slug, visitor: .ios, at: later).answer == nil)
    }

    /// A bucket of two refilled at one a second: the third request at once waits a second; after it, one goes.
    @Test func aRateLimiterRefillsOverTime() {
        let limiter = RateLimiter(perSecond: 1, burst: 2)
        let start = ContinuousClock.now
        #expect(limiter.wait(for: "a", at: start) == nil)
        #expect(limiter.wait(for: "a", at: start) == nil)
        #expect(limiter.wait(for: "a", at: start) == 1)
        #expect(limiter.wait(for: "b", at: start) == nil, "each key has its own bucket")
        #expect(limiter.wait(for: "a", at: start + .milliseconds(999)) == 1, "not yet a whole request")
        #expect(limiter.wait(for: "a", at: start + .seconds(1)) == nil)
        #expect(limiter.wait(for: "a", at: start + .seconds(1)) == 1, "the refill was spent")
    }
}

/// A link site makes its router and its universal-link site once from the route file: the short links' rules, their
/// answers and the universal links' middleware share them.
@Suite struct OneSitePerProcessTests {
    @Test func theRulesTheAnswersAndTheMiddlewareShareOneRouter() async throws {
        try await LinkSiteFixture.with { site in
            let answers = site.service.answers
            #expect(site.service.rules.router === answers.router)
            let middleware = UniversalLinkMiddleware<LinkSiteContext>(sharing: answers)
            #expect(middleware.site.router === answers.router)
        }
    }
}
