import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import Testing

@testable import SwitchyardLinkSite

/// The console's form to make and change a link: the API's rules and messages at the form's fields, the preview of
/// every answer, and saving.
@Suite struct LinkEditorTests {
    /// A signed-in session's cookie header and form token.
    static func signedIn(_ site: LinkSiteFixture) async throws -> (cookie: String, formToken: String) {
        let answer = await ConsoleSessionTests.signIn(site, token: site.token)
        let cookie = "Cookie: " + (try #require(ConsoleSessionTests.cookie(of: answer)))
        let page = await site.request("GET", "/admin/create", headers: [cookie])
        return (cookie, try #require(ConsoleSessionTests.formToken(in: page)))
    }

    static func send(
        _ site: LinkSiteFixture, _ path: String, _ session: (cookie: String, formToken: String),
        _ fields: [(String, String)]
    ) async -> SiteResponse {
        let body = ([("form_token", session.formToken)] + fields).map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }.joined(separator: "&")
        return await site.request(
            "POST", path, body: body,
            headers: [session.cookie, ConsoleSessionTests.origin, "Content-Type: application/x-www-form-urlencoded"])
    }

    @Test func thePreviewSaysTheRouteTheScreenAndEveryVisitorsAnswer() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let answer = await Self.send(
                site, "/admin/create", session,
                [
                    ("target", "myapp://product/1988"), ("slug", "spring"), ("title", "Spring <sale>"),
                    ("description", "Coats & boots"), ("intent", "preview"),
                ])
            #expect(answer.status == 200)
            let text = answer.text
            #expect(text.contains("<code>https://go.shop.example.com/s/spring</code>"))
            #expect(
                text.contains(
                    "The target opens the route <code>/product/:id</code>, screen <strong>ProductScreen</strong> (id = 1988)."
                ))
            #expect(
                text.contains(
                    "<tr><th scope=\"row\">Desktop browser</th><td>sent on (302) to <code>https://shop.example.com/products/1988</code>"
                ))
            #expect(text.contains("<tr><th scope=\"row\">Link-preview crawler</th><td>the preview page (200)"))
            #expect(text.contains("<p class=\"card-title\">Spring &lt;sale&gt;</p>"))
            #expect(text.contains("<p>Coats &amp; boots</p>"))
            // The values stay in the form, and nothing is written.
            #expect(
                text.contains(#"id="title" name="title" aria-describedby="title-help" value="Spring &lt;sale&gt;""#))
            #expect(try await site.store.link(try Slug("spring")) == nil)
        }
    }

    /// The API's rules and messages, each at the form's field that holds it.
    @Test func problemsAreSaidAtTheirFieldsWithTheAPIsMessages() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let answer = await Self.send(
                site, "/admin/create", session,
                [
                    ("target", "https://evil.example.com/"), ("slug", "bad slug"), ("utm_source", "a\u{1}b"),
                    ("expiresAt", "tomorrow"), ("intent", "save"),
                ])
            #expect(answer.status == 422)
            let text = answer.text
            #expect(text.contains(#"<div class="problems" role="alert">"#))
            for field in ["target", "slug", "utm_source", "expiresAt"] {
                #expect(text.contains(#"id="\#(field)" name="\#(field)""#), "\(field)")
                #expect(text.contains(#"<p id="\#(field)-error" class="error">"#), "\(field)")
            }
            #expect(text.contains("the host &#39;evil.example.com&#39; is not one of the site&#39;s web hosts"))
            #expect(try await site.store.list(after: nil, limit: 1).isEmpty)
        }
    }

    @Test func aLinkIsMadeThenChangedFromTheForm() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let made = await Self.send(
                site, "/admin/create", session,
                [
                    ("target", "myapp://product/1988"), ("slug", "poster"), ("title", "Poster"),
                    ("utm_source", "print"), ("tags", "print, 2026"), ("expiresAt", "2030-01-01T12:00"),
                    ("intent", "save"),
                ])
            #expect(made.status == 303)
            #expect(made.header("Location") == "/admin/links/poster")
            let link = try #require(try await site.store.link(try Slug("poster"))).link
            #expect(link.preview.title == "Poster")
            #expect(link.utm == ["source": "print"])
            #expect(link.tags == ["print", "2026"])
            #expect(link.expiresAt == ISO8601DateFormatter().date(from: "2030-01-01T12:00:00Z"))
            let edit = await site.request("GET", "/admin/links/poster/edit", headers: [session.cookie])
            #expect(
                edit.text.contains(
                    #"id="expiresAt" name="expiresAt" aria-describedby="expiresAt-help" value="2030-01-01T12:00""#))
            let changed = await Self.send(
                site, "/admin/links/poster/edit", session,
                [("target", "myapp://cart"), ("title", ""), ("tags", "print"), ("intent", "save")])
            #expect(changed.status == 303)
            let after = try #require(try await site.store.link(try Slug("poster"))).link
            #expect(after.target == "myapp://cart")
            #expect(after.preview.title == nil, "an emptied field is cleared")
            #expect(after.expiresAt == nil)
            #expect(after.tags == ["print"])
            let taken = await Self.send(
                site, "/admin/create", session, [("target", "myapp://cart"), ("slug", "poster"), ("intent", "save")])
            #expect(taken.status == 409)
            #expect(taken.text.contains(#"<p id="slug-error" class="error">"#))
        }
    }

    @Test func aFormFromAnotherSiteMakesNothing() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let answer = await site.request(
                "POST", "/admin/create", body: "form_token=\(session.formToken)&target=myapp%3A%2F%2Fcart&intent=save",
                headers: [
                    session.cookie, "Origin: https://evil.example", "Content-Type: application/x-www-form-urlencoded",
                ])
            #expect(answer.status == 403)
            #expect(try await site.store.list(after: nil, limit: 1).isEmpty)
        }
    }

    // MARK: The preview as a person types

    /// The live preview's answer, decoded: its sentence, its HTML and its problems by field.
    struct LiveAnswer: Decodable {
        struct Problem: Decodable, Equatable {
            let field: String
            let message: String
        }
        let status: String
        let preview: String
        let problems: [Problem]
    }

    static func live(_ answer: SiteResponse) throws -> LiveAnswer {
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/json")
        #expect(answer.header("Cache-Control") == "no-store")
        return try JSONDecoder().decode(LiveAnswer.self, from: Data(answer.body))
    }

    @Test func theLivePreviewIsThePreviewsOwnAnswerAndWritesNothing() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let fields = [("target", "myapp://product/1988"), ("slug", "spring"), ("title", "Spring <sale>")]
            let live = try Self.live(await Self.send(site, "/admin/create/preview", session, fields))
            #expect(live.status == "The target opens the screen ProductScreen (/product/:id).")
            #expect(live.problems.isEmpty)
            // The same HTML as "Preview" puts in the page.
            let page = await Self.send(site, "/admin/create", session, fields + [("intent", "preview")])
            #expect(page.text.contains("<div id=\"preview-region\">\(live.preview)</div>"))
            #expect(live.preview.contains("<p class=\"card-title\">Spring &lt;sale&gt;</p>"))
            #expect(try await site.store.link(try Slug("spring")) == nil)
            let web = try Self.live(
                await Self.send(
                    site, "/admin/create/preview", session, [("target", "https://shop.example.com/nowhere/at/all")]))
            #expect(web.status == "The target is a web page.")
        }
    }

    @Test func theLivePreviewSaysEachProblemAtItsFormsField() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let live = try Self.live(
                await Self.send(
                    site, "/admin/create/preview", session,
                    [("target", "https://evil.example.com/"), ("utm_source", "a\u{1}b"), ("expiresAt", "soon")]))
            #expect(live.problems.map(\.field).sorted() == ["expiresAt", "target", "utm_source"])
            #expect(live.preview == "", "a link with problems has no preview")
            #expect(live.status.hasPrefix("3 problems: "))
            #expect(
                live.problems.contains {
                    $0.field == "target" && $0.message.contains("'evil.example.com' is not one of the site's web hosts")
                })
        }
    }

    @Test func theLivePreviewOfAChangeIsOfTheLinksOwnSlug() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let made = await Self.send(
                site, "/admin/create", session, [("target", "myapp://cart"), ("slug", "poster"), ("intent", "save")])
            #expect(made.status == 303)
            let live = try Self.live(
                await Self.send(
                    site, "/admin/links/poster/edit/preview", session,
                    [("target", "myapp://product/7"), ("slug", "ignored")]))
            #expect(live.preview.contains("<code>https://go.shop.example.com/s/poster</code>"))
            #expect(try await site.store.link(try Slug("poster"))?.link.target == "myapp://cart", "nothing is written")
            let missing = await Self.send(
                site, "/admin/links/nothing/edit/preview", session, [("target", "myapp://cart")])
            #expect(missing.status == 404)
        }
    }

    @Test func theLivePreviewAsksForTheSessionsFormFromTheSiteItself() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let foreign = await site.request(
                "POST", "/admin/create/preview", body: "form_token=\(session.formToken)&target=myapp%3A%2F%2Fcart",
                headers: [
                    session.cookie, "Origin: https://evil.example", "Content-Type: application/x-www-form-urlencoded",
                ])
            #expect(foreign.status == 403)
            let older = await Self.send(
                site, "/admin/create/preview", (session.cookie, "not-the-form-token"), [("target", "myapp://cart")])
            #expect(older.status == 403)
            let signedOut = await site.request(
                "POST", "/admin/create/preview", body: "target=myapp%3A%2F%2Fcart",
                headers: [ConsoleSessionTests.origin, "Content-Type: application/x-www-form-urlencoded"])
            #expect(signedOut.status == 303)
        }
    }

    /// The editor runs the site's own script and no other: the policy allows `'self'` only, with no inline code.
    @Test func theEditorRunsOnlyTheSitesOwnScript() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await Self.signedIn(site)
            let page = await site.request("GET", "/admin/create", headers: [session.cookie])
            #expect(page.text.contains("<script src=\"/admin/console.js\" defer></script>"))
            #expect(page.text.contains("data-preview=\"/admin/create/preview\""))
            #expect(page.text.components(separatedBy: "<script").count == 2, "one script element")
            let policy = try #require(page.header("Content-Security-Policy"))
            #expect(policy.contains("script-src 'self';"))
            #expect(policy.contains("connect-src 'self';"))
            #expect(!policy.contains("unsafe-eval"))
            let script = await site.request("GET", "/admin/console.js", headers: [session.cookie])
            #expect(script.status == 200)
            #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(script.header("X-Content-Type-Options") == "nosniff")
            #expect(script.text.contains("form[data-preview]"))
            // The console's other pages run none.
            for path in ["/admin/links", "/admin/import", "/admin/sign-in"] {
                let other = await site.request("GET", path, headers: [session.cookie])
                #expect(other.header("Content-Security-Policy")?.contains("script-src") == false, "\(path)")
                #expect(!other.text.contains("<script"), "\(path)")
            }
        }
    }
}
