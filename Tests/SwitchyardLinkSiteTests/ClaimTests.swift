import Foundation
import Logging
import SQLiteKit
import Switchyard
import SwitchyardLinkAPI
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkSite

/// Deferred deep links at the site: the landing page's "Get the app", the store redirect that makes the claim, the
/// app's redemption, and the admin's view of claims. On a real SQLite file; the store's own tests run both engines.
@Suite struct ClaimTests {
    static let now = Date()

    /// A site with the link `xmas` (to `myapp://product/1988`, `myapp://product/1988?from=android` on Android).
    static func withXmas(_ body: (LinkSiteFixture) async throws -> Void) async throws {
        try await LinkSiteFixture.with { site in
            var link = ShortLink(slug: try Slug("xmas"), target: "myapp://product/1988")
            link.android = "myapp://product/1988?from=android"
            try await site.store.create(link, at: Self.now)
            try await body(site)
        }
    }

    /// The token and store redirect of a landing page's "Get the app".
    static func getTheApp(_ page: SiteResponse) throws -> (token: String, redirect: String) {
        let text = page.text
        let href = try #require(text.firstMatch(of: #/id="get-the-app" href="([^"]+)"/#)?.output.1)
        let token = try #require(href.firstMatch(of: #/^/c/([A-Za-z0-9_-]{32})/#)?.output.1)
        return (String(token), String(href).replacingOccurrences(of: "&amp;", with: "&"))
    }

    /// The answer to `GET path` under `/c/`.
    static func get(_ site: LinkSiteFixture, _ path: String, address: String = "10.0.0.5") async -> SiteResponse? {
        let parts = path.split(separator: "?", maxSplits: 1)
        let query = parts.count > 1 ? String(parts[1]) : ""
        return await site.service.claimAnswer(
            path: parts[0],
            query: { name in
                query.split(separator: "&").first { $0.hasPrefix(name + "=") }.map {
                    String($0.dropFirst(name.count + 1))
                }
            }, address: address, now: Self.now)
    }

    static func redeem(_ site: LinkSiteFixture, _ body: String, contentType: String? = "application/json") async
        -> SiteResponse
    {
        await site.request(
            "POST", "/api/claims/redeem", body: body, headers: contentType.map { ["Content-Type: \($0)"] } ?? [],
            address: "127.0.0.9")
    }

    static let slot = GetTheApp.tokenSlot
    static let fills: [(body: String, filled: String)] = [
        ("", ""), ("no slot here", "no slot here"), (slot, "T"), ("a\(slot)b", "aTb"), ("\(slot)\(slot)", "TT"),
        ("<a href=\"/c/\(slot)\">\(slot)</a>", "<a href=\"/c/T\">T</a>"), ("\u{1}half", "\u{1}half"),
        ("\u{1}\(slot)\u{1}", "\u{1}T\u{1}"),
    ]

    @Test(arguments: fills)
    func aPagesTokenSlotsAreFilledAndNothingElseChanges(_ row: (body: String, filled: String)) {
        var made = 0
        let filled = GetTheApp.filled(Array(row.body.utf8)) {
            made += 1
            return "T"
        }
        #expect(made == (row.body.contains(Self.slot) ? 1 : 0), "a token is made once, and only for a page with a slot")
        #expect(String(decoding: filled, as: UTF8.self) == row.filled)
    }

    @Test func anIPhonesLandingPageCopiesAClaimLinkOfItsOwnOnTheTapThatOpensTheStore() async throws {
        try await Self.withXmas { site in
            let first = await site.service.answer(to: try Slug("xmas"), visitor: .ios, now: Self.now)
            let second = await site.service.answer(to: try Slug("xmas"), visitor: .ios, now: Self.now)
            let (token, redirect) = try Self.getTheApp(first)
            #expect(redirect == "/c/\(token)/app-store?link=xmas")
            #expect(first.text.contains(#"data-claim-link="https://go.shop.example.com/c/\#(token)""#))
            #expect(first.text.contains("<code id=\"claim-link\">https://go.shop.example.com/c/\(token)</code>"))
            #expect(first.text.contains("copies this link, then opens the App Store"))
            #expect(first.text.contains(#"<script src="/c/copy-claim.js" defer></script>"#))
            #expect(try Self.getTheApp(second).token != token, "each visit gets a token of its own")
            #expect(!first.body.contains(1), "no token slot is left")
            #expect(first.header("Cache-Control") == "private, no-store")
            #expect(
                first.header("Content-Security-Policy")
                    == "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; "
                    + "form-action 'none'; frame-ancestors 'none'")
            #expect(first.text.contains(#"<a class="primary" href="myapp://product/1988">Open in Shop</a>"#))
        }
    }

    @Test func anAndroidPhonesButtonGoesToThePlayStoreWithTheTokenAsItsReferrer() async throws {
        try await Self.withXmas { site in
            let page = await site.service.answer(to: try Slug("xmas"), visitor: .android, now: Self.now)
            let (token, redirect) = try Self.getTheApp(page)
            #expect(redirect == "/c/\(token)/play-store?link=xmas")
            #expect(!page.text.contains("data-claim-link"), "nothing is copied on Android")
            let answer = try #require(await Self.get(site, redirect))
            #expect(answer.status == 302)
            #expect(
                answer.header("Location")
                    == "https://play.google.com/store/apps/details?id=com.example.shop&referrer=\(token)")
        }
    }

    @Test func withoutClaimsTheLandingPageRunsNoScriptAndIsCached() async throws {
        try await LinkSiteFixture.with(makesClaims: false) { site in
            try await site.store.create(ShortLink(slug: try Slug("xmas"), target: "myapp://product/1988"), at: Self.now)
            let page = await site.service.answer(to: try Slug("xmas"), visitor: .ios, now: Self.now)
            #expect(!page.text.contains("get-the-app") && !page.text.contains("<script"))
            #expect(page.header("Content-Security-Policy")?.contains("script-src") == false)
            #expect(await Self.get(site, "/c/copy-claim.js") == nil)
        }
    }

    @Test func theStoreRedirectMakesTheClaimOnceAndCountsEveryTap() async throws {
        try await Self.withXmas { site in
            let page = await site.service.answer(to: try Slug("xmas"), visitor: .ios, now: Self.now)
            let (token, redirect) = try Self.getTheApp(page)
            for _ in 0..<2 {
                let answer = try #require(await Self.get(site, redirect))
                #expect(answer.status == 302)
                #expect(answer.header("Location") == "https://apps.apple.com/app/id1234567890")
            }
            let claims = try await site.store.claims(of: try Slug("xmas"), before: nil, limit: 10)
            #expect(claims.map(\.token.text) == [token])
            let expiry = try #require(claims.first?.expiresAt)
            #expect(abs(expiry.timeIntervalSince(Self.now) - 7 * 86_400) < 0.001, "stored to the millisecond")
            await site.service.claimEvents.flush()
            let stats = await site.call("GET", "/api/admin/links/xmas/stats")
            let events = try #require(stats.decoded(Components.Schemas.Stats.self)?.claims)
            let counted = Dictionary(events.map { ($0.event.rawValue, $0.count) }, uniquingKeysWith: +)
            #expect(counted == ["storeRedirect": 2, "claimCreated": 1])
            let statsPage = await site.call("GET", "/admin/links/xmas")
            let day = StoredTime.day(Self.now)
            #expect(
                statsPage.text.contains(
                    "<tr><th scope=\"row\">\(day)</th><td>2</td><td>1</td><td>0</td><td>0</td></tr>"))
        }
    }

    @Test func anAddressThatMakesTooManyClaimsGoesToTheStoreWithoutOne() async throws {
        // One claim an address, refilled once in 1,000 s: the second tap of one address makes none.
        try await LinkSiteFixture.with(claimsPerAddress: 0.001) { site in
            try await site.store.create(ShortLink(slug: try Slug("xmas"), target: "myapp://product/1988"), at: Self.now)
            var tokens: [String] = []
            for address in ["10.0.0.66", "10.0.0.66", "10.0.0.67"] {
                let page = await site.service.answer(to: try Slug("xmas"), visitor: .ios, now: Self.now)
                let (token, redirect) = try Self.getTheApp(page)
                tokens.append(token)
                let answer = try #require(await Self.get(site, redirect, address: address))
                #expect(answer.status == 302 && answer.header("Location") == "https://apps.apple.com/app/id1234567890")
            }
            let made = try await site.store.claims(of: try Slug("xmas"), before: nil, limit: 10).map(\.token.text)
            #expect(Set(made) == [tokens[0], tokens[2]])
        }
    }

    @Test func aTokenTheSiteDidNotMakeForTheLinkMakesNoClaim() async throws {
        try await Self.withXmas { site in
            try await site.store.create(ShortLink(slug: try Slug("other"), target: "myapp://cart"), at: Self.now)
            let page = await site.service.answer(to: try Slug("xmas"), visitor: .ios, now: Self.now)
            let (token, _) = try Self.getTheApp(page)
            let forged = [
                "/c/\(token)/app-store?link=other",  // moved to another link
                "/c/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/app-store?link=xmas",  // made up
                "/c/\(token)/app-store",  // no link named
                "/c/\(token)/elsewhere?link=xmas",  // no such store
                "/c/\(token)x/app-store?link=xmas",  // not a token
                "/c/%27%20OR%201=1--/app-store?link=xmas",
            ]
            for path in forged {
                #expect(await Self.get(site, path)?.status == 404, "\(path)")
            }
            #expect(try await site.store.claims(of: try Slug("xmas"), before: nil, limit: 10).isEmpty)
            #expect(try await site.store.claims(of: try Slug("other"), before: nil, limit: 10).isEmpty)
        }
    }

    /// With the database away, "Get the app" still reaches the store, without a claim: from a process that has the
    /// link in memory, and from one that never read it.
    @Test func withTheDatabaseAwayTheButtonStillOpensTheStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-claims-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await LinkStore.open(.sqlite(path: folder.appendingPathComponent("links.sqlite").path))
        let file = try RouteFile(contentsOf: LinkSiteFixture.example)
        let claims = ClaimSettings(tokens: ClaimTokens(key: try await ClaimTokens.key(in: store)))
        let (seen, unseen) = (
            try LinkService(file: file, store: store, claims: claims),
            try LinkService(file: file, store: store, claims: claims)
        )
        try await store.create(ShortLink(slug: try Slug("xmas"), target: "myapp://product/1988"), at: Self.now)
        let page = await seen.answer(to: try Slug("xmas"), visitor: .ios, now: Self.now)
        let (_, redirect) = try Self.getTheApp(page)
        await store.close()
        for service in [seen, unseen] {
            let parts = redirect.split(separator: "?")
            let answer = await service.claimAnswer(
                path: parts[0], query: { $0 == "link" ? "xmas" : nil }, address: "10.0.0.8", now: Self.now)
            #expect(answer?.status == 302)
            #expect(answer?.header("Location") == "https://apps.apple.com/app/id1234567890")
        }
    }

    @Test func aClaimLinkOpenedInABrowserSaysToPasteItInTheApp() async throws {
        try await Self.withXmas { site in
            let token = "q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8RfG"
            let page = try #require(await Self.get(site, "/c/\(token)"))
            #expect(page.status == 200)
            #expect(page.text.contains("Paste this link in Shop"))
            #expect(page.text.contains("https://go.shop.example.com/c/\(token)"))
            #expect(page.header("Cache-Control") == "no-store")
            let script = try #require(await Self.get(site, "/c/copy-claim.js"))
            #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(script.text.contains("navigator.clipboard.writeText"))
        }
    }

    /// Makes a claim of `xmas` through its landing page and store redirect; returns the token.
    static func claim(_ site: LinkSiteFixture, visitor: Visitor = .ios) async throws -> String {
        let page = await site.service.answer(to: try Slug("xmas"), visitor: visitor, now: Self.now)
        let (token, redirect) = try Self.getTheApp(page)
        #expect(await Self.get(site, redirect)?.status == 302)
        return token
    }

    @Test func theAppRedeemsAClaimOnceForItsPlatformsTarget() async throws {
        try await Self.withXmas { site in
            let token = try await Self.claim(site)
            let answer = await Self.redeem(site, #"{"token": "\#(token)", "platform": "android"}"#)
            #expect(answer.status == 200)
            let redeemed = try #require(answer.decoded(Components.Schemas.RedeemedClaim.self))
            #expect(redeemed.target == "myapp://product/1988?from=android")
            #expect(redeemed.slug == "xmas")
            #expect(redeemed.link == "https://go.shop.example.com/s/xmas")
            let replay = await Self.redeem(site, #"{"token": "\#(token)"}"#)
            #expect(replay.status == 409 && replay.errorCode == "alreadyRedeemed")
            let other = try await Self.claim(site)
            let ios = await Self.redeem(site, #"{"token": "\#(other)"}"#)
            #expect(ios.decoded(Components.Schemas.RedeemedClaim.self)?.target == "myapp://product/1988")
            await site.service.claimEvents.flush()
            let counts = try await site.store.claimEventCounts(of: try Slug("xmas"))
            #expect(
                Dictionary(counts.map { ($0.event, $0.count) }, uniquingKeysWith: +) == [
                    .storeRedirect: 2, .claimCreated: 2, .redeemed: 2, .reopened: 1,
                ])
        }
    }

    @Test func anExpiredClaimAndAClaimOfADeletedLinkAreGone() async throws {
        try await Self.withXmas { site in
            let old = ClaimToken(bytes: Array(repeating: 7, count: 24))
            _ = try await site.store.createClaim(
                old, for: try Slug("xmas"), at: Self.now.addingTimeInterval(-8 * 86_400),
                expiresAt: Self.now.addingTimeInterval(-86_400))
            let expired = await Self.redeem(site, #"{"token": "\#(old.text)"}"#)
            #expect(expired.status == 410 && expired.errorCode == "expired")
            let token = try await Self.claim(site)
            #expect(await site.call("DELETE", "/api/admin/links/xmas").status == 204)
            let gone = await Self.redeem(site, #"{"token": "\#(token)"}"#)
            #expect(gone.status == 410 && gone.errorCode == "linkGone")
        }
    }

    static let hostile: [(name: String, body: String, contentType: String?, status: Int, code: String)] = [
        ("a short token", #"{"token": "abc"}"#, "application/json", 400, "invalidToken"),
        (
            "a token too long", #"{"token": "\#(String(repeating: "A", count: 33))"}"#, "application/json", 400,
            "invalidToken"
        ),
        (
            "a non-ASCII token", #"{"token": "q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8Rfé"}"#, "application/json", 400,
            "invalidToken"
        ),
        (
            "a 60 KB token", #"{"token": "\#(String(repeating: "A", count: 60_000))"}"#, "application/json", 400,
            "invalidToken"
        ),
        (
            "a megabyte token", #"{"token": "\#(String(repeating: "A", count: 1_000_000))"}"#, "application/json", 413,
            "tooLarge"
        ),
        (
            "SQL in the token", #"{"token": "' OR 1=1; DROP TABLE claims; --a"}"#, "application/json", 400,
            "invalidToken"
        ),
        (
            "a NUL in the token", #"{"token": "q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8R\u0000G"}"#, "application/json", 400,
            "invalidToken"
        ),
        ("a number", #"{"token": 12345}"#, "application/json", 400, "invalidToken"),
        ("no token", #"{}"#, "application/json", 400, "invalidToken"),
        ("an unknown key", #"{"token": "x", "device": "iPhone15,2"}"#, "application/json", 400, "unknownKey"),
        (
            "another platform", #"{"token": "q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8RfG", "platform": "tv"}"#, "application/json",
            400, "invalidValue"
        ),
        ("not JSON", "token=abc", "application/json", 400, "invalidJSON"),
        ("a form", "token=abc", "application/x-www-form-urlencoded", 415, "unsupportedMediaType"),
        (
            "a well-formed token nobody made", #"{"token": "q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8RfG"}"#, "application/json",
            404, "unknownClaim"
        ),
    ]

    @Test(arguments: hostile)
    func aHostileRedemptionGetsItsStatusAndRedeemsNothing(
        _ row: (name: String, body: String, contentType: String?, status: Int, code: String)
    ) async throws {
        try await Self.withXmas { site in
            let token = try await Self.claim(site)
            let answer = await Self.redeem(site, row.body, contentType: row.contentType)
            #expect(answer.status == row.status, "\(row.name)")
            #expect(answer.errorCode == row.code, "\(row.name)")
            let claim = try #require(try await site.store.claims(of: try Slug("xmas"), before: nil, limit: 1).first)
            #expect(claim.token.text == token && claim.redeemedAt == nil, "\(row.name)")
        }
    }

    @Test func theAdminListsClaimsByStateWithoutTheirTokens() async throws {
        try await Self.withXmas { site in
            let redeemed = try await Self.claim(site)
            let open = try await Self.claim(site)
            _ = await Self.redeem(site, #"{"token": "\#(redeemed)"}"#)
            let all = await site.call("GET", "/api/admin/links/xmas/claims")
            #expect(all.status == 200)
            #expect(!all.text.contains(redeemed) && !all.text.contains(open), "a whole token is never listed")
            let listed = try #require(all.decoded(Components.Schemas.ClaimPage.self)?.claims)
            #expect(Set(listed.map(\.id)) == [String(redeemed.prefix(8)), String(open.prefix(8))])
            let openOnly = await site.call("GET", "/api/admin/links/xmas/claims?state=open")
            let openIDs = openOnly.decoded(Components.Schemas.ClaimPage.self)?.claims.map(\.id)
            #expect(openIDs == [String(open.prefix(8))])
            #expect(await site.call("GET", "/api/admin/links/xmas/claims?state=lost").status == 400)
            #expect(await site.call("GET", "/api/admin/links/nope/claims").status == 404)
            #expect(await site.call("GET", "/api/admin/links/xmas/claims", token: "sy_bad").status == 401)
        }
    }

    @Test func expiredClaimsArePurgedOnTheSchedule() async throws {
        try await LinkSiteFixture.with { site in
            try await site.store.create(ShortLink(slug: try Slug("xmas"), target: "myapp://cart"), at: Self.now)
            let expired = ClaimToken(bytes: Array(repeating: 9, count: 24))
            _ = try await site.store.createClaim(
                expired, for: try Slug("xmas"), at: Self.now.addingTimeInterval(-60), expiresAt: Self.now)
            let service = try LinkService(
                file: site.file, store: site.store,
                claims: ClaimSettings(
                    tokens: ClaimTokens(key: Array(repeating: 1, count: 32)), purgeEvery: .seconds(60)))
            let purging = Task { await service.purgeClaims() }
            defer { purging.cancel() }
            // The first purge runs at once; wait for it, however slow the machine.
            for _ in 0..<600 {
                if try await site.store.claims(of: try Slug("xmas"), before: nil, limit: 1).isEmpty { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try await site.store.claims(of: try Slug("xmas"), before: nil, limit: 1).isEmpty)
        }
    }

    /// A purge that fails while the site runs is warned about; one cut short because the site is stopping (its task
    /// cancelled) is not, since the next start purges again. The purge is held up by another connection's write lock
    /// on the file.
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func aPurgeThatFailsIsWarnedAboutUnlessTheSiteIsStopping(stopping: Bool) async throws {
        try await LinkSiteFixture.with { site in
            let path = site.folder.appendingPathComponent("links.sqlite").path
            // The purge's own store gives up after 1 s; a stop comes well before that.
            let store = try await LinkStore.open(.sqlite(path: path), deadline: .seconds(1))
            let lines = Locked<[String]>([])
            let logger = Logger(label: "purge") { label in
                LineLogHandler(label: label, layout: .text) { line in lines.withLock { $0.append(line) } }
            }
            let service = try LinkService(
                file: site.file, store: store,
                claims: ClaimSettings(
                    tokens: ClaimTokens(key: Array(repeating: 1, count: 32)), purgeEvery: .seconds(60)),
                logger: logger)
            let holder = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await holder.query("BEGIN EXCLUSIVE")
            let purging = Task { await service.purgeClaims() }
            if stopping {
                try await Task.sleep(for: .milliseconds(300))
            } else {
                // The deadline passes after 1 s; wait for its warning, however slow the machine.
                for _ in 0..<100 where !lines.snapshot.contains(where: { $0.contains("not purged") }) {
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            purging.cancel()
            await purging.value
            _ = try await holder.query("ROLLBACK")
            try await holder.close()
            await store.close()
            let warned = lines.snapshot.contains { $0.contains("expired claims were not purged") }
            #expect(warned == !stopping, "\(lines.snapshot)")
        }
    }
}
