import Foundation
import Switchyard
import SwitchyardLinkAPI
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkSite

/// The admin API over a real SQLite store: what it accepts, what it refuses and with which status.
@Suite struct AdminAPITests {
    @Test func aLinkIsCreatedShownChangedDisabledAndDeleted() async throws {
        try await LinkSiteFixture.with { site in
            let created = await site.call(
                "POST", "/api/admin/links",
                json: #"{"slug": "xmas", "target": "myapp://product/1988", "title": "Xmas", "tags": ["print"]}"#)
            #expect(created.status == 201, "\(created.text)")
            #expect(created.link?.link == "https://go.shop.example.com/s/xmas")
            #expect(
                (await site.call("GET", "/api/admin/links/xmas")).link?.target == "myapp://product/1988")
            let changed = await site.call("PATCH", "/api/admin/links/xmas", json: #"{"target": "myapp://cart"}"#)
            #expect(changed.status == 200)
            #expect(changed.link?.target == "myapp://cart")
            #expect(changed.link?.title == "Xmas", "fields left out stay")
            let disabled = await site.call("POST", "/api/admin/links/xmas/disable")
            #expect(disabled.link?.disabled == true)
            #expect((await site.call("GET", "/api/links/xmas")).status == 410)
            #expect((await site.call("DELETE", "/api/admin/links/xmas")).status == 204)
            #expect((await site.call("GET", "/api/admin/links/xmas")).status == 404)
            #expect((await site.call("GET", "/api/links/xmas")).status == 404, "the cache forgot it at once")
        }
    }

    @Test func aGeneratedSlugIsTwelveLettersAndDigits() async throws {
        try await LinkSiteFixture.with { site in
            let created = await site.call("POST", "/api/admin/links", json: #"{"target": "myapp://cart"}"#)
            let slug = try #require(created.link?.slug)
            #expect(slug.count == 12 && slug.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        }
    }

    /// Hostile requests, each with the status it must get; none may reach the store or a page unescaped.
    static let hostile: [(name: String, body: String, status: Int, code: String)] = [
        ("slash in slug", #"{"slug": "a/b", "target": "myapp://cart"}"#, 422, "invalidLink"),
        ("dot-dot slug", #"{"slug": "..", "target": "myapp://cart"}"#, 422, "invalidLink"),
        ("NUL in slug", #"{"slug": "a\u0000b", "target": "myapp://cart"}"#, 422, "invalidLink"),
        ("percent-NUL slug", #"{"slug": "a%00b", "target": "myapp://cart"}"#, 422, "invalidLink"),
        ("look-alike slug", #"{"slug": "xmаs", "target": "myapp://cart"}"#, 422, "invalidLink"),
        (
            "10 KB slug", #"{"slug": "\#(String(repeating: "a", count: 10_240))", "target": "myapp://cart"}"#, 422,
            "invalidLink"
        ),
        ("javascript target", #"{"target": "javascript:alert(1)"}"#, 422, "invalidLink"),
        ("data target", #"{"target": "data:text/html,<script>alert(1)</script>"}"#, 422, "invalidLink"),
        ("host not allowed", #"{"target": "https://evil.example.net/phish"}"#, 422, "invalidLink"),
        ("CR LF in target", #"{"target": "https://shop.example.com/\r\nSet-Cookie: a=b"}"#, 422, "invalidLink"),
        ("another app's scheme", #"{"target": "otherapp://product/1"}"#, 422, "invalidLink"),
        ("loop to the site", #"{"target": "https://go.shop.example.com/s/other"}"#, 422, "invalidLink"),
        ("ftp override", #"{"slug": "x", "target": "myapp://cart", "android": "ftp://a"}"#, 422, "invalidLink"),
        ("not JSON", "slug=x&target=y", 400, "invalidJSON"),
        ("a JSON array", "[1, 2, 3]", 400, "invalidJSON"),
        ("unknown field", #"{"target": "myapp://cart", "isAdmin": true}"#, 400, "unknownKey"),
        (
            "unknown key inside utm", #"{"target": "https://shop.example.com/", "utm": {"referrer": "x"}}"#, 400,
            "unknownKey"
        ),
        (
            "unknown key beside a known one in utm",
            #"{"target": "myapp://cart", "utm": {"source": "a", "Source": "b"}}"#, 400, "unknownKey"
        ),
        // A key given twice: the decoder would keep one value silently.
        ("a key twice", #"{"target": "myapp://cart", "target": "https://shop.example.com/"}"#, 400, "invalidJSON"),
        (
            "a key twice in utm", #"{"target": "myapp://cart", "utm": {"source": "a", "source": "b"}}"#, 400,
            "invalidJSON"
        ),
        ("wrong type", #"{"target": 42}"#, 400, "invalidValue"),
        ("bad date", #"{"target": "myapp://cart", "expiresAt": "tomorrow"}"#, 400, "invalidValue"),
        (
            "deep nesting", String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000), 400,
            "invalidJSON"
        ),
        ("many keys", "{" + (0..<3_000).map { #""k\#($0)": 1"# }.joined(separator: ",") + "}", 400, "unknownKey"),
        (
            "markup and SQL",
            #"{"slug": "sql_1", "target": "myapp://cart", "title": "<script>x</script>'; DROP TABLE short_links;--"}"#,
            201, ""
        ),
    ]

    @Test(arguments: hostile)
    func hostileRequestsGetTheirStatus(name: String, body: String, status: Int, code: String) async throws {
        try await LinkSiteFixture.with { site in
            let answer = await site.call("POST", "/api/admin/links", json: body)
            #expect(answer.status == status, "\(name): \(answer.text.prefix(300))")
            if !code.isEmpty { #expect(answer.errorCode == code, "\(name)") }
            // The store still answers, and holds only what was acknowledged.
            let listed = await site.call("GET", "/api/admin/links")
            #expect(listed.status == 200)
            #expect((listed.decoded(Components.Schemas.Page.self)?.links.count ?? -1) == (status == 201 ? 1 : 0))
        }
    }

    @Test func aTitleWithMarkupIsEscapedOnThePreviewPage() async throws {
        try await LinkSiteFixture.with { site in
            _ = await site.call(
                "POST", "/api/admin/links",
                json: #"{"slug": "m", "target": "myapp://cart", "title": "<img src=x onerror=alert(1)>\"'&"}"#)
            let slug = try Slug("m")
            let page = await site.service.answer(to: slug, visitor: .bot, now: Date())
            #expect(page.status == 200)
            #expect(!page.text.contains("<img"))
            #expect(page.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
        }
    }

    @Test(arguments: [
        (nil as String?, "unauthorized"), ("Bearer", "unauthorized"), ("Basic dXNlcjpwYXNz", "unauthorized"),
        ("Bearer sy_AAAAAAAA_" + String(repeating: "a", count: 32), "unauthorized"),
        ("Bearer sy_short_x", "unauthorized"), ("Bearer " + String(repeating: "a", count: 10_000), "unauthorized"),
    ])
    func aRequestWithoutAValidTokenIsRefused(authorization: String?, code: String) async throws {
        try await LinkSiteFixture.with { site in
            let answer = await site.request(
                "GET", "/api/admin/links", headers: authorization.map { ["Authorization: \($0)"] } ?? [])
            #expect(answer.status == 401)
            #expect(answer.errorCode == code)
            #expect(answer.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        }
    }

    @Test func theAPITakesAValidTokenAsBearerOnlyAndTheStatsPageAsBasicToo() async throws {
        try await LinkSiteFixture.with { site in
            let basic = "Basic " + Data("anyone:\(site.token)".utf8).base64EncodedString()
            let bearer = "Bearer " + site.token
            func status(_ path: String, _ authorization: String) async -> Int {
                await site.request("GET", path, headers: ["Authorization: \(authorization)"]).status
            }
            _ = await site.call("POST", "/api/admin/links", json: #"{"slug": "s", "target": "myapp://cart"}"#)
            #expect(await status("/api/admin/links", basic) == 401, "the API refuses Basic, even with a valid token")
            #expect(await status("/api/admin/links/s", basic) == 401)
            #expect(await status("/api/admin/links", bearer) == 200)
            #expect(await status("/admin/links/s", basic) == 200, "a script may send Basic")
            #expect(await status("/admin/links/s", bearer) == 200)
        }
    }

    @Test func aTokenWithTheRightIdButAnotherSecretIsRefused() async throws {
        try await LinkSiteFixture.with { site in
            let id = try #require(AdminTokens.parts(of: site.token)).id
            let forged = "sy_\(id)_" + String(repeating: "Z", count: 32)
            #expect((await site.call("GET", "/api/admin/links", token: forged)).status == 401)
            #expect((await site.call("GET", "/api/admin/links")).status == 200)
        }
    }

    @Test func aRevokedTokenStopsWorkingWithinItsFreshness() async throws {
        let limits = APILimits(perToken: 1_000, perAddress: 1_000, tokensFreshFor: .milliseconds(100))
        try await LinkSiteFixture.with(limits: limits) { site in
            #expect(await site.call("GET", "/api/admin/links").status == 200)
            let id = try #require(AdminTokens.parts(of: site.token)).id
            #expect(try await site.store.revokeToken(id, at: Date()))
            try await Task.sleep(for: .milliseconds(150))
            #expect(await site.call("GET", "/api/admin/links").status == 401)
        }
    }

    /// One request every 20 seconds from an address, in bursts of one: the second at once is refused, however slow
    /// the machine.
    @Test func tooManyRequestsGet429WithRetryAfter() async throws {
        try await LinkSiteFixture.with(limits: APILimits(perToken: 1_000, perAddress: 0.05)) { site in
            #expect((await site.call("GET", "/api/admin/links", address: "127.0.9.9")).status == 200)
            let refused = await site.call("GET", "/api/admin/links", address: "127.0.9.9")
            #expect(refused.status == 429)
            #expect(refused.errorCode == "tooManyRequests")
            #expect(Int(refused.header("Retry-After") ?? "") ?? 0 >= 1)
            #expect((await site.call("GET", "/api/admin/links", address: "127.0.9.8")).status == 200, "per address")
        }
    }

    @Test func pagesAndExportsHoldEveryLink() async throws {
        try await LinkSiteFixture.with { site in
            for index in 0..<7 {
                _ = await site.call(
                    "POST", "/api/admin/links", json: #"{"slug": "l\#(index)", "target": "myapp://cart"}"#)
            }
            let first = await site.call("GET", "/api/admin/links?limit=5")
            let firstPage = try #require(first.decoded(Components.Schemas.Page.self))
            #expect(firstPage.links.count == 5)
            let next = try #require(firstPage.next)
            let second = await site.call("GET", "/api/admin/links?limit=5&after=\(next)")
            let secondPage = try #require(second.decoded(Components.Schemas.Page.self))
            #expect(secondPage.links.count == 2)
            #expect(secondPage.next == nil)
            let csv = await site.call("GET", "/api/admin/export?format=csv")
            #expect(csv.header("Content-Type") == "text/csv; charset=utf-8")
            #expect(csv.text.split(separator: "\r\n").count == 8)
            let json = await site.call("GET", "/api/admin/export")
            #expect(json.decoded(Components.Schemas.Export.self)?.links.count == 7)
            #expect((await site.call("GET", "/api/admin/links?limit=0")).status == 400)
            #expect((await site.call("GET", "/api/admin/export?format=xml")).status == 400)
        }
    }

    @Test func theStatsPageSendsAPersonToSignInAndDrawsTheClicksInSVG() async throws {
        try await LinkSiteFixture.with { site in
            _ = await site.call(
                "POST", "/api/admin/links", json: #"{"slug": "s", "target": "myapp://cart", "title": "<b>x</b>"}"#)
            let now = Date()
            try await site.store.record([
                Click(slug: try Slug("s"), at: now, platform: .ios, referrerHost: ""),
                Click(slug: try Slug("s"), at: now, platform: .ios, referrerHost: ""),
                Click(slug: try Slug("s"), at: now.addingTimeInterval(-86_400), platform: .bot, referrerHost: ""),
            ])
            let asked = await site.request("GET", "/admin/links/s")
            #expect(asked.status == 303)
            #expect(asked.header("Location") == "/admin/sign-in")
            let basic = "Basic " + Data("anyone:\(site.token)".utf8).base64EncodedString()
            let page = await site.request("GET", "/admin/links/s", headers: ["Authorization: \(basic)"])
            #expect(page.status == 200)
            #expect(page.header("Cache-Control") == "no-store")
            #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true)
            #expect(page.text.contains("3 clicks in all"))
            #expect(
                page.text.components(separatedBy: "<rect x=").count - 1 == 2, "one bar a platform a day with clicks")
            #expect(page.text.contains("<title>\(StoredTime.day(now)) iOS: 2</title>"))
            #expect(!page.text.contains("<script"))
            let missing = await site.request("GET", "/admin/links/nope", headers: ["Authorization: \(basic)"])
            #expect(missing.status == 404)
        }
    }

    @Test func aLinksQRCodeIsDrawnForTheTokenAsSVGAndPNG() async throws {
        try await LinkSiteFixture.with { site in
            _ = await site.call("POST", "/api/admin/links", json: #"{"slug": "poster", "target": "myapp://cart"}"#)
            #expect(await site.request("GET", "/admin/links/poster/qr.svg").status == 303, "to the sign-in page")
            let svg = await site.call("GET", "/admin/links/poster/qr.svg")
            #expect(svg.status == 200)
            #expect(svg.header("Content-Type") == "image/svg+xml")
            #expect(svg.header("Content-Disposition") == #"inline; filename="poster-qr.svg""#)
            #expect(svg.header("Cache-Control") == "private, max-age=3600")
            #expect(svg.header("Content-Security-Policy") == "default-src 'none'; frame-ancestors 'none'")
            #expect(svg.text.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512""#))
            #expect(svg.text.contains("<title>https://go.shop.example.com/s/poster</title>"))
            let png = await site.call("GET", "/admin/links/poster/qr.png?size=300&margin=2&level=h")
            #expect(png.status == 200)
            #expect(png.header("Content-Type") == "image/png")
            #expect(png.header("Content-Disposition") == #"inline; filename="poster-qr.png""#)
            // The test's client reads bodies as text; Tests/QR/decode_test.py reads this picture with two decoders.
            #expect(png.text.contains("IHDR") && png.text.contains("IEND"))
            #expect(await site.call("GET", "/admin/links/nope/qr.png").status == 404)
            #expect(await site.call("POST", "/admin/links/poster/qr.png").status == 405)
            let page = await site.call("GET", "/admin/links/poster")
            #expect(page.text.contains(#"<section class="qr" aria-labelledby="qr-title">"#))
            #expect(page.text.contains("<title>QR code of https://go.shop.example.com/s/poster</title>"))
            #expect(page.text.contains(#"<a href="/admin/links/poster/qr.png?size=1024" download="poster-qr.png">"#))
        }
    }

    @Test(arguments: [
        ("qr.svg?size=0", "size is 1 to 4096 pixels"), ("qr.png?size=4097", "size is 1 to 4096 pixels"),
        ("qr.svg?size=ten", "size is 1 to 4096 pixels"), ("qr.svg?margin=17", "margin is 0 to 16 modules"),
        ("qr.svg?margin=-1", "margin is 0 to 16 modules"), ("qr.png?level=X", "level is L, M, Q or H"),
        ("qr.png?size=36", "a PNG of this link's code with a margin of 4 is 37 to 4096 pixels wide"),
        ("qr.png?size=28&margin=0", "a PNG of this link's code with a margin of 0 is 29 to 4096 pixels wide"),
    ])
    func aQRCodeWithOptionsOutOfRangeGets400(query: String, message: String) async throws {
        try await LinkSiteFixture.with { site in
            _ = await site.call("POST", "/api/admin/links", json: #"{"slug": "p", "target": "myapp://cart"}"#)
            let answer = await site.call("GET", "/admin/links/p/" + query)
            #expect(answer.status == 400)
            #expect(answer.text.contains("<p>\(message).</p>"))
        }
    }

    @Test(arguments: [
        ("qr.svg?size=1", 200), ("qr.svg?size=4096", 200), ("qr.png?size=4096&margin=16&level=l", 200),
        ("qr.png?size=29&margin=0", 200), ("qr.png?size=37&margin=4&level=M", 200), ("qr.svg?margin=0", 200),
    ])
    func aQRCodeTakesEachOptionAtItsEdges(query: String, status: Int) async throws {
        try await LinkSiteFixture.with { site in
            _ = await site.call("POST", "/api/admin/links", json: #"{"slug": "p", "target": "myapp://cart"}"#)
            #expect(await site.call("GET", "/admin/links/p/" + query).status == status)
        }
    }

    @Test func csvFieldsAreQuotedAndFormulasDisarmed() {
        #expect(
            CSV.line(["a", "b,c", "say \"hi\"", "=SUM(A1)", "line\nbreak"])
                == "a,\"b,c\",\"say \"\"hi\"\"\",'=SUM(A1),\"line\nbreak\"\r\n")
    }

    /// Each character that makes a spreadsheet read a cell as a formula, first in a cell: disarmed with a `'`, and
    /// the cell still quoted where it needs to be. The same character later in a cell changes nothing.
    @Test(arguments: ["=", "+", "-", "@", "\t", "\r"])
    func aCellThatStartsWithAFormulaCharacterIsDisarmed(character: String) {
        let cell = character + "HYPERLINK(\"https://evil.example\")"
        let line = CSV.line([cell, "a" + character])
        let disarmed = "'" + cell
        let needsQuotes = disarmed.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
        let written = needsQuotes ? "\"" + disarmed.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : disarmed
        let second = "a" + character
        let secondWritten =
            second.unicodeScalars.contains { "\r".unicodeScalars.contains($0) } ? "\"\(second)\"" : second
        #expect(line == written + "," + secondWritten + "\r\n")
    }

    @Test func tokensCompareInConstantTimeAndHashWithSHA256() {
        #expect(AdminTokens.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(AdminTokens.constantTimeEqual("abc", "abc"))
        #expect(!AdminTokens.constantTimeEqual("abc", "abd"))
        #expect(!AdminTokens.constantTimeEqual("abc", "abcd"))
        let (token, stored) = AdminTokens.make(name: "x", at: Date())
        let parts = AdminTokens.parts(of: token)
        #expect(parts?.id == stored.id)
        #expect(parts.map { AdminTokens.hash($0.secret) } == stored.hash)
        #expect(!stored.hash.contains(parts?.secret ?? "-"))
    }
}
