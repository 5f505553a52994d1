import Foundation
import Hummingbird
import Logging
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardTestSupport
import Testing

@testable import SwitchyardLinkSite

/// Which pages a visitor of the link site sees run a script, as the ShortLinks article lists them: one only, a phone's
/// landing page with "Get the app" while claims are on, and only the site's own script. Every other page allows none.
/// (The console's editor, the other page that runs one, is checked in ``LinkEditorTests``.)
@Suite struct PageScriptTests {
    static let iPhone = "User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15"
    static let android = "User-Agent: Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36"
    static let desktop = "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36"
    static let crawler = "User-Agent: Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"

    /// A page, how it is asked for, and whether it may run the site's script.
    static let pages: [(name: String, path: String, headers: [String], runsScript: Bool)] = [
        ("an iPhone's landing page of a short link", "/s/xmas", [iPhone], true),
        ("an Android phone's landing page of a short link", "/s/xmas", [android], false),
        ("a crawler's preview", "/s/xmas", [crawler], false),
        ("a desktop's redirect", "/s/xmas", [desktop], false),
        ("an unknown slug's 404", "/s/nothing", [iPhone, "Accept: text/html"], false),
        ("a disabled link's 410", "/s/off", [iPhone, "Accept: text/html"], false),
        ("a claim link opened in a browser", "/c/" + String(repeating: "A", count: 32), [iPhone], false),
        ("the route file's landing page", "/product/1988", [iPhone, "Accept: text/html"], false),
        ("the route file's 404 page", "/nowhere/at/all", [desktop, "Accept: text/html"], false),
    ]

    @Test(arguments: pages)
    func onlyAPhonesGetTheAppPageRunsAScriptAndOnlyTheSitesOwn(
        _ page: (name: String, path: String, headers: [String], runsScript: Bool)
    ) async throws {
        try await LinkSiteHTTPTests.withServer { site, port in
            for json in [
                #"{"slug": "xmas", "target": "myapp://product/1988"}"#,
                #"{"slug": "off", "target": "myapp://cart", "disabled": true}"#,
            ] {
                let created = try await LinkSiteHTTPTests.post(
                    "/api/admin/links", body: Array(json.utf8), token: site.token, port: port)
                #expect(created?.status == 201)
            }
            let reply = try #require(try await RawHTTP.get(page.path, headers: page.headers, port: port))
            let policy = try #require(reply.headers["content-security-policy"], "\(page.name): \(reply.status)")
            #expect(policy.hasPrefix("default-src 'none'"), "\(page.name)")
            if page.runsScript {
                #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline'; script"))
                #expect(reply.body.contains(#"<script src="/c/copy-claim.js" defer></script>"#))
            } else {
                #expect(!policy.contains("script-src"), "\(page.name): \(policy)")
                #expect(!reply.body.contains("<script"), "\(page.name)")
            }
        }
    }

    @Test func theStatsPageRunsNoScript() async throws {
        try await LinkSiteHTTPTests.withServer { site, port in
            let json = #"{"slug": "xmas", "target": "myapp://product/1988"}"#
            _ = try await LinkSiteHTTPTests.post(
                "/api/admin/links", body: Array(json.utf8), token: site.token, port: port)
            let basic = "Authorization: Basic " + Data("me:\(site.token)".utf8).base64EncodedString()
            let reply = try #require(try await RawHTTP.get("/admin/links/xmas", headers: [basic], port: port))
            #expect(reply.status == 200)
            #expect(reply.headers["content-security-policy"]?.contains("script-src") == false)
            #expect(!reply.body.contains("<script"))
        }
    }
}
