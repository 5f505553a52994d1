import Foundation
import SwitchyardLinkStore
import SwitchyardServer
import Testing

@testable import SwitchyardLinkSite

/// Signing in to the console: the session's cookie, what the store keeps of it, how it ends, and the checks that
/// keep another site from using it.
@Suite struct ConsoleSessionTests {
    static let origin = "Origin: http://go.shop.example.com"

    /// Signs in with `token` from the site's own page; the answer.
    static func signIn(_ site: LinkSiteFixture, token: String, headers: [String] = [origin]) async -> SiteResponse {
        let body = "token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return await site.request(
            "POST", "/admin/sign-in", body: body,
            headers: headers + ["Content-Type: application/x-www-form-urlencoded"])
    }

    static func cookie(of answer: SiteResponse) -> String? {
        answer.header("Set-Cookie")?.split(separator: ";").first.map(String.init)
    }

    static func formToken(in page: SiteResponse) -> String? {
        page.text.components(separatedBy: #"name="form_token" value=""#).dropFirst().first
            .map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func signingInSetsAStrictHTTPOnlyCookieThatOpensTheConsole() async throws {
        try await LinkSiteFixture.with { site in
            let form = await site.request("GET", "/admin/sign-in")
            #expect(form.status == 200)
            #expect(form.text.contains(#"<input type="password" id="token" name="token""#))
            let answer = await Self.signIn(site, token: site.token)
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/admin/links")
            let setCookie = try #require(answer.header("Set-Cookie"))
            #expect(setCookie.hasSuffix("; Path=/admin; Max-Age=43200; HttpOnly; SameSite=Strict"))
            let cookie = try #require(Self.cookie(of: answer))
            let list = await site.request("GET", "/admin/links", headers: ["Cookie: \(cookie)"])
            #expect(list.status == 200)
            #expect(list.text.contains(#"<form class="sign-out" method="post" action="/admin/sign-out">"#))
            // Without it, a browser sends the site's own forms with `Origin: null`.
            #expect(list.header("Referrer-Policy") == "same-origin")
            #expect(await site.request("GET", "/admin/sign-in", headers: ["Cookie: \(cookie)"]).status == 303)
            // The store keeps the identifier's SHA-256, not the identifier.
            let identifier = String(cookie.dropFirst("switchyard_session=".count))
            #expect(try await site.store.session(idHash: AdminTokens.hash(identifier)) != nil)
            #expect(try await site.store.session(idHash: identifier) == nil)
        }
    }

    @Test func aRefusedTokenIsSaidAtItsField() async throws {
        try await LinkSiteFixture.with { site in
            let answer = await Self.signIn(site, token: "sy_abcdefgh_" + String(repeating: "x", count: 32))
            #expect(answer.status == 401)
            #expect(answer.header("Set-Cookie") == nil)
            #expect(answer.text.contains(#"aria-describedby="token-help token-error" aria-invalid="true""#))
            #expect(answer.text.contains(#"<p id="token-error" class="error" role="alert">That token is not one"#))
            #expect(await Self.signIn(site, token: "").status == 400)
        }
    }

    /// A browser that another site makes send the form sends that site's `Origin` (or none, and no `Referer`).
    @Test(arguments: [
        ["Origin: https://evil.example"], ["Origin: null"], [], ["Referer: https://evil.example/page"],
        ["Origin: http://go.shop.example.com.evil.example"],
    ])
    func aSignInFromAnotherSiteIsRefused(headers: [String]) async throws {
        try await LinkSiteFixture.with { site in
            let answer = await Self.signIn(site, token: site.token, headers: headers)
            #expect(answer.status == 403)
            #expect(answer.header("Set-Cookie") == nil)
            #expect(answer.text.contains("This form was sent from another site; nothing was done."))
        }
        try await LinkSiteFixture.with { site in
            let fromReferer = await Self.signIn(
                site, token: site.token, headers: ["Referer: http://go.shop.example.com/admin/sign-in"])
            #expect(fromReferer.status == 303, "without an Origin, the site's own Referer will do")
        }
    }

    @Test func signingOutNeedsTheFormTokenAndTheSitesOriginAndEndsTheSession() async throws {
        try await LinkSiteFixture.with { site in
            let cookie = try #require(Self.cookie(of: await Self.signIn(site, token: site.token)))
            let page = await site.request("GET", "/admin/links", headers: ["Cookie: \(cookie)"])
            let formToken = try #require(Self.formToken(in: page))
            func signOut(_ token: String, _ origin: String) async -> SiteResponse {
                await site.request(
                    "POST", "/admin/sign-out", body: "form_token=\(token)",
                    headers: ["Cookie: \(cookie)", origin, "Content-Type: application/x-www-form-urlencoded"])
            }
            #expect(await signOut("wrong", Self.origin).status == 403)
            #expect(await signOut(formToken, "Origin: https://evil.example").status == 403)
            #expect(await site.request("GET", "/admin/links", headers: ["Cookie: \(cookie)"]).status == 200)
            let out = await signOut(formToken, Self.origin)
            #expect(out.status == 303)
            #expect(out.header("Location") == "/admin/sign-in")
            #expect(out.header("Set-Cookie")?.hasPrefix("switchyard_session=; Path=/admin; Max-Age=0") == true)
            let after = await site.request("GET", "/admin/links", headers: ["Cookie: \(cookie)"])
            #expect(after.status == 303, "the store ended it: the cookie no longer opens anything")
        }
    }

    @Test func aSessionEndsWhenItsTokenIsRevoked() async throws {
        try await LinkSiteFixture.with { site in
            let cookie = try #require(Self.cookie(of: await Self.signIn(site, token: site.token)))
            let id = try #require(try await site.store.tokens().first?.id)
            #expect(try await site.store.revokeToken(id, at: Date()))
            let after = await site.request("GET", "/admin/links", headers: ["Cookie: \(cookie)"])
            #expect(after.status == 303)
            #expect(after.header("Location") == "/admin/sign-in?ended")
            let signIn = await site.request("GET", "/admin/sign-in?ended", headers: ["Cookie: \(cookie)"])
            #expect(signIn.status == 200, "the ended session opens nothing: the form is shown")
            #expect(signIn.text.contains(#"<p class="notice" role="status">Your session has ended"#))
        }
    }

    /// Without a cookie, a person is sent to sign in, and the page says nothing of an ended session.
    @Test func aPersonWithoutASessionIsSentToSignInWithoutANotice() async throws {
        try await LinkSiteFixture.with { site in
            let answer = await site.request("GET", "/admin/links")
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/admin/sign-in")
            #expect(!(await site.request("GET", "/admin/sign-in")).text.contains("Your session has ended"))
        }
    }

    /// A session opened directly in the store, begun `age` ago and last used `idle` ago, as its cookie.
    static func session(_ site: LinkSiteFixture, age: TimeInterval, idle: TimeInterval) async throws -> String {
        let identifier = ConsoleSessions.randomIdentifier()
        let id = try #require(try await site.store.tokens().first?.id)
        let now = Date()
        try await site.store.createSession(
            idHash: AdminTokens.hash(identifier),
            StoredSession(
                tokenID: id, formToken: "f", createdAt: now.addingTimeInterval(-age),
                lastSeenAt: now.addingTimeInterval(-idle)))
        return "Cookie: switchyard_session=\(identifier)"
    }

    /// The default times, an hour unused and twelve hours at most, each just within and just past (times are set in
    /// the store, so that a loaded machine cannot make a test late).
    @Test(arguments: [
        (0.0, 3_500.0, 200), (0.0, 3_700.0, 303), (11.9 * 3_600, 0.0, 200), (12.1 * 3_600, 0.0, 303),
        (12.1 * 3_600, 10.0, 303),
    ])
    func aSessionEndsWhenUnusedForAnHourOrTwelveHoursAfterItBegan(age: Double, idle: Double, status: Int)
        async throws
    {
        try await LinkSiteFixture.with { site in
            let cookie = try await Self.session(site, age: age, idle: idle)
            let answer = await site.request("GET", "/admin/links", headers: [cookie])
            #expect(answer.status == status)
            if status == 303 { #expect(answer.header("Location") == "/admin/sign-in?ended") }
        }
    }

    /// Using a session keeps it: its last use is written (at most once a minute).
    @Test func usingASessionKeepsItAlive() async throws {
        try await LinkSiteFixture.with { site in
            let cookie = try await Self.session(site, age: 0, idle: 3_000)
            #expect(await site.request("GET", "/admin/links", headers: [cookie]).status == 200)
            let identifier = String(cookie.dropFirst("Cookie: switchyard_session=".count))
            let stored = try #require(try await site.store.session(idHash: AdminTokens.hash(identifier)))
            #expect(Date().timeIntervalSince(stored.lastSeenAt) < 600)
        }
    }

    /// Guesses of a token are bounded by the per-address limit: here one attempt every 20 seconds, in bursts of
    /// one, so that the second at once is refused, however slow the machine.
    @Test func signInAttemptsCountAgainstTheAddressLimit() async throws {
        try await LinkSiteFixture.with(limits: APILimits(perToken: 1_000, perAddress: 0.05)) { site in
            var statuses: [Int] = []
            for _ in 0..<2 { statuses.append(await Self.signIn(site, token: "sy_guess").status) }
            #expect(statuses == [401, 429])
        }
    }

    /// Behind a trusted proxy that says the client asked over https, the cookie is `Secure`.
    @Test func theCookieIsSecureWhenTheSiteIsServedOverHTTPS() async throws {
        let proxies = TrustedProxies(ranges: [try IPRange("127.0.0.1")], header: .xForwardedFor)
        try await LinkSiteFixture.with(proxies: proxies) { site in
            let answer = await Self.signIn(
                site, token: site.token,
                headers: [Self.origin, "X-Forwarded-For: 203.0.113.9", "X-Forwarded-Proto: https"])
            #expect(answer.header("Set-Cookie")?.hasSuffix("; SameSite=Strict; Secure") == true)
        }
    }
}
