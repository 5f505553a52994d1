import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import Testing

@testable import SwitchyardLinkSite

/// Disabling, enabling and deleting a link from its page: each a form of the session's, from the site's own page.
@Suite struct ConsoleActionsTests {
    /// A signed-in session's cookie header and form token, on a site with the link `poster`.
    static func signedIn(_ site: LinkSiteFixture) async throws -> (cookie: String, formToken: String) {
        let made = await site.call("POST", "/api/admin/links", json: #"{"slug": "poster", "target": "myapp://cart"}"#)
        #expect(made.status == 201)
        let answer = await ConsoleSessionTests.signIn(site, token: site.token)
        let cookie = "Cookie: " + (try #require(ConsoleSessionTests.cookie(of: answer)))
        let page = await site.request("GET", "/admin/links/poster", headers: [cookie])
        return (cookie, try #require(ConsoleSessionTests.formToken(in: page)))
    }

    static func post(
        _ site: LinkSiteFixture, _ path: String, cookie: String, formToken: String,
        origin: String = ConsoleSessionTests.origin
    ) async -> SiteResponse {
        await site.request(
            "POST", path, body: "form_token=\(formToken)",
            headers: [cookie, origin, "Content-Type: application/x-www-form-urlencoded"])
    }

    @Test func aLinkIsDisabledAndEnabledFromItsPage() async throws {
        try await LinkSiteFixture.with { site in
            let (cookie, formToken) = try await Self.signedIn(site)
            let page = await site.request("GET", "/admin/links/poster", headers: [cookie])
            #expect(page.text.contains(#"<form method="post" action="/admin/links/poster/disable">"#))
            let disabled = await Self.post(site, "/admin/links/poster/disable", cookie: cookie, formToken: formToken)
            #expect(disabled.status == 303)
            #expect(disabled.header("Location") == "/admin/links/poster")
            #expect(try await site.store.link(try Slug("poster"))?.link.isDisabled == true)
            #expect(await site.request("GET", "/s/poster").status == 410, "at once, through this process's cache")
            let after = await site.request("GET", "/admin/links/poster", headers: [cookie])
            #expect(after.text.contains("<button type=\"submit\">Enable the link</button>"))
            let enabled = await Self.post(site, "/admin/links/poster/enable", cookie: cookie, formToken: formToken)
            #expect(enabled.status == 303)
            #expect(try await site.store.link(try Slug("poster"))?.link.isDisabled == false)
        }
    }

    /// Without a session, its form token, or the site's own origin, nothing changes, and the answer says why.
    @Test(arguments: [
        ("no session", "Sign in to change links here"),
        ("a wrong form token", "This form is not one this session showed"),
        ("another site's origin", "This form was sent from another site"),
    ])
    func aFormThatFailsAChecksChangesNothing(failure: String, message: String) async throws {
        try await LinkSiteFixture.with { site in
            let (cookie, formToken) = try await Self.signedIn(site)
            let answer: SiteResponse
            switch failure {
            case "no session":
                answer = await site.request(
                    "POST", "/admin/links/poster/disable", body: "form_token=\(formToken)",
                    headers: [
                        "Authorization: Bearer \(site.token)", ConsoleSessionTests.origin,
                        "Content-Type: application/x-www-form-urlencoded",
                    ])
            case "a wrong form token":
                answer = await Self.post(site, "/admin/links/poster/delete", cookie: cookie, formToken: "forged")
            default:
                answer = await Self.post(
                    site, "/admin/links/poster/delete", cookie: cookie, formToken: formToken,
                    origin: "Origin: https://evil.example")
            }
            #expect(answer.status == 403)
            #expect(answer.text.contains(message))
            let stored = try await site.store.link(try Slug("poster"))
            #expect(stored?.link.isDisabled == false)
        }
    }

    @Test func aLinkIsDeletedAfterAConfirmationThatNamesIt() async throws {
        try await LinkSiteFixture.with { site in
            let (cookie, formToken) = try await Self.signedIn(site)
            let confirm = await site.request("GET", "/admin/links/poster/delete", headers: [cookie])
            #expect(confirm.status == 200)
            #expect(confirm.text.contains("<h1>Delete <code>poster</code>?</h1>"))
            #expect(confirm.text.contains("<code>https://go.shop.example.com/s/poster</code>"))
            #expect(confirm.text.contains("Its 0 clicks go with it"))
            #expect(confirm.text.contains(#"<button type="submit">Delete poster</button>"#))
            let deleted = await Self.post(site, "/admin/links/poster/delete", cookie: cookie, formToken: formToken)
            #expect(deleted.status == 303)
            #expect(deleted.header("Location") == "/admin/links?deleted=poster")
            #expect(try await site.store.link(try Slug("poster")) == nil)
            let list = await site.request("GET", "/admin/links?deleted=poster", headers: [cookie])
            #expect(list.text.contains(#"<p class="status" role="status">Deleted <code>poster</code>.</p>"#))
            let again = await Self.post(site, "/admin/links/poster/delete", cookie: cookie, formToken: formToken)
            #expect(again.status == 404)
        }
    }
}
