import Foundation
import Switchyard
import SwitchyardWebLinks
import Testing

@testable import SwitchyardServer

/// What the link site answers for a short link, without a server or a store: the decision alone.
@Suite("Short links: what a visitor gets")
struct ShortLinkAnswerTests {
    private static func answers() throws -> ShortLinkAnswers {
        ShortLinkAnswers(
            site: try UniversalLinkSite(file: ServerTests.shop(), host: nil),
            shortLinks: try ShortLinkSite(host: "go.example.com", prefix: "/s"))
    }

    private static func link(
        _ target: String, ios: String? = nil, android: String? = nil, desktop: String? = nil,
        utm: [String: String] = [:]
    ) throws -> ShortLink {
        var link = ShortLink(slug: try Slug("spring"), target: target)
        (link.ios, link.android, link.desktop, link.utm) = (ios, android, desktop, utm)
        return link
    }

    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private static func location(_ response: SiteResponse) -> String? {
        response.headers.first { $0.name == "Location" }?.value
    }

    private static func body(_ response: SiteResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    static let redirects: [(target: String, overrides: [String], utm: Bool, visitor: Visitor, location: String)] = [
        // A desktop goes to the target route's web fallback, UTM parameters added.
        (
            "myapp://product/1988", [], true, .desktop,
            "https://shop.example.com/products/1988?utm_campaign=spring&utm_source=mail"
        ),
        // A desktop override wins.
        (
            "myapp://product/1988", ["", "", "https://blog.example.com/spring"], false, .desktop,
            "https://blog.example.com/spring"
        ),
        // A phone with the app's universal link is answered as the site answers that link: here, its web fallback.
        ("https://shop.example.com/product/7", [], false, .ios, "https://shop.example.com/products/7"),
        // An Android override to the web, with UTM parameters after its own query and before its fragment.
        (
            "myapp://cart", ["", "https://blog.example.com/a?b=c#top"], true, .android,
            "https://blog.example.com/a?b=c&utm_campaign=spring&utm_source=mail#top"
        ),
    ]

    @Test("a visitor is sent where the link and its overrides say", arguments: redirects)
    func sendsTheVisitor(target: String, overrides: [String], utm: Bool, visitor: Visitor, location: String) throws {
        let pick = { (index: Int) in
            overrides.indices.contains(index) && !overrides[index].isEmpty ? overrides[index] : nil
        }
        let link = try Self.link(
            target, ios: pick(0), android: pick(1), desktop: pick(2),
            utm: utm ? ["source": "mail", "campaign": "spring"] : [:])
        let response = try Self.answers().response(for: link, visitor: visitor, now: Self.now)
        #expect(response.status == 302)
        #expect(Self.location(response) == location)
    }

    @Test func aPhoneWithALinkIntoTheAppGetsTheLandingPageThatOpensIt() throws {
        let link = try Self.link("myapp://cart", utm: ["source": "mail"])
        for visitor in [Visitor.ios, .android] {
            let response = try Self.answers().response(for: link, visitor: visitor, now: Self.now)
            #expect(response.status == 200)
            let page = Self.body(response)
            #expect(page.contains(#"href="myapp://cart""#), "no UTM parameters on a link into the app")
            #expect(page.contains("apps.apple.com/app/id1234567890"))
            #expect(response.headers.contains { $0.name == "Content-Security-Policy" })
        }
    }

    @Test func aDesktopWithNoWebLinkGetsTheLandingPageToo() throws {
        let response = try Self.answers().response(for: Self.link("myapp://cart"), visitor: .desktop, now: Self.now)
        #expect(response.status == 200)
        #expect(Self.body(response).contains(#"href="myapp://cart""#))
    }

    @Test func aCrawlerGetsThePreviewWithEveryTextEscaped() throws {
        var link = try Self.link("myapp://product/1988")
        link.preview = ShortLink.Preview(
            title: #"Spring <script>alert("x")</script> sale"#, description: "20 % off & more\u{202E}",
            imageURL: "https://cdn.example.net/a.png?x=\"><script>")
        let response = try Self.answers().response(for: link, visitor: .bot, now: Self.now)
        #expect(response.status == 200)
        let page = Self.body(response)
        #expect(!page.contains("<script>"))
        #expect(
            page.contains(
                #"<meta property="og:title" content="Spring &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; sale">"#))
        #expect(page.contains(#"<meta property="og:url" content="https://go.example.com/s/spring">"#))
        #expect(page.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        #expect(page.contains(#"<meta property="og:site_name" content="Shop">"#))
        #expect(!page.contains("\u{202E}"), "an invisible override is shown as its code point")
        #expect(response.headers.contains { $0.name == "Content-Security-Policy" })
    }

    @Test func aCrawlerOfALinkWithoutPreviewFieldsGetsTheAppsName() throws {
        let page = Self.body(try Self.answers().response(for: Self.link("myapp://cart"), visitor: .bot, now: Self.now))
        #expect(page.contains(#"<meta property="og:title" content="Shop">"#))
        #expect(page.contains(#"<meta name="twitter:card" content="summary">"#))
        #expect(!page.contains("og:image"))
    }

    @Test func anExpiredOrDisabledLinkIs410AndAnUnknownSlug404() throws {
        let answers = try Self.answers()
        var expired = try Self.link("myapp://cart")
        expired.expiresAt = Self.now
        var disabled = try Self.link("myapp://cart")
        disabled.isDisabled = true
        for link in [expired, disabled] {
            for visitor in Visitor.allCases {
                let response = answers.response(for: link, visitor: visitor, now: Self.now)
                #expect(response.status == 410)
                #expect(Self.body(response).contains("no longer available"))
            }
        }
        #expect(answers.response(for: nil, visitor: .ios, now: Self.now).status == 404)
        expired.expiresAt = Self.now.addingTimeInterval(1)
        #expect(answers.response(for: expired, visitor: .ios, now: Self.now).status == 200)
    }
}
