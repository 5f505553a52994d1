import Foundation
import PropertyBased
import Switchyard
import Testing

@testable import SwitchyardServer

/// The site's decisions, without a server: which requests it answers, and with what.
@Suite("Universal-link site")
struct SiteTests {
    private static func site(_ json: String, host: String? = nil) throws -> UniversalLinkSite {
        try UniversalLinkSite(file: RouteFile(data: Data(json.utf8), path: "routes.json"), host: host)
    }

    private static func page(_ site: UniversalLinkSite, _ target: String, host: String? = "example.com") -> String? {
        site.response(to: "GET", target: target, requestHost: host, ifNoneMatch: nil).map {
            String(decoding: $0.body, as: UTF8.self)
        }
    }

    static let plain =
        #"{"routes": [{"pattern": "/", "destination": "Home"}, {"pattern": "/a/:id", "destination": "A"}]}"#

    @Test func withoutAllowedHostsTheRequestsHostMakesTheLink() throws {
        let site = try Self.site(Self.plain)
        let page = try #require(Self.page(site, "/a/1", host: "links.example.com:8443"))
        #expect(page.contains("<code>https://links.example.com/a/1</code>"))
    }

    @Test("a Host that is not a plain host name is not used", arguments: ["", "a b", "evil.com/x?", "a@b", "é.com"])
    func oddHostsAreNotUsed(host: String) throws {
        #expect(Self.page(try Self.site(Self.plain), "/a/1", host: host) == nil)
    }

    @Test func aGivenHostWinsOverTheRequests() throws {
        let page = try #require(
            Self.page(try Self.site(Self.plain, host: "shop.example.com"), "/a/1", host: "x.example"))
        #expect(page.contains("<code>https://shop.example.com/a/1</code>"))
    }

    @Test func withoutAppsThereAreNoAssociationFilesStoresOrBanner() throws {
        let site = try Self.site(Self.plain)
        for path in [UniversalLinkSite.appleAssociationPath, UniversalLinkSite.androidAssociationPath] {
            #expect(site.response(to: "GET", target: path, requestHost: "example.com", ifNoneMatch: nil) == nil)
        }
        let page = try #require(Self.page(site, "/a/1"))
        #expect(!page.contains("apple-itunes-app"))
        #expect(!page.contains("<h2>"))
        // No custom scheme takes the link: no "Open in" link that would not work.
        #expect(!page.contains("class=\"primary\""))
        #expect(page.contains("<h1>Open this link in the app</h1>"))
    }

    @Test(
        "the app link uses a custom scheme whose routes take the path",
        arguments: [("/", "myapp://"), ("/a/1?x=%20", "myapp://a/1?x=%20"), ("/b/2", nil)])
    func appLinks(target: String, appLink: String?) throws {
        let site = try Self.site(
            #"""
            {"routes": [{"pattern": "/", "destination": "Home"}, {"pattern": "/a/:id", "destination": "A"}],
             "schemes": {"myapp": {"fallsBackToGlobal": true, "routes": []},
                         "https": {"fallsBackToGlobal": true, "routes": [{"pattern": "/b/:id", "destination": "B"}]}}}
            """#)
        let page = try #require(Self.page(site, target))
        #expect(page.contains("class=\"primary\" href=\"\(appLink ?? "")\"") == (appLink != nil))
        #expect(page.contains("class=\"primary\"") == (appLink != nil))
    }

    @Test func aRedirectCycleEndsOnALandingPage() throws {
        let site = try Self.site(
            #"{"routes": [{"pattern": "/a/:id", "redirect": "/b/:id"}, {"pattern": "/b/:id", "redirect": "/a/:id"}]}"#)
        let answer = try #require(
            site.response(to: "GET", target: "/a/1", requestHost: "example.com", ifNoneMatch: nil))
        #expect(answer.status == 200)
    }

    /// A file whose universal links redirect `/r/N` to `/r/N+1` up to `/r/hops`, which is `/end/:id`'s, with the
    /// custom scheme `myapp` taking every route.
    private static func chain(hops: Int, loops: Bool = false) -> String {
        let redirects = (0..<hops).map { #"{"pattern": "/r\#($0)/:id", "redirect": "/r\#($0 + 1)/:id"}"# }
        let last =
            loops
            ? #"{"pattern": "/r\#(hops)/:id", "redirect": "/r0/:id"}"#
            : #"{"pattern": "/r\#(hops)/:id", "destination": "End"}"#
        return #"{"routes": ["# + (redirects + [last]).joined(separator: ", ")
            + #"], "schemes": {"myapp": {"fallsBackToGlobal": true, "routes": []}}}"#
    }

    @Test(
        "a page is the route the redirects end at, as far as the router's limit",
        arguments: [(1, "myapp://r1/7?x=1"), (9, "myapp://r9/7?x=1"), (Router.maxRedirects, "myapp://r10/7?x=1")])
    func redirectChainsEndAtTheirLastRoute(hops: Int, appLink: String) throws {
        let page = try #require(Self.page(try Self.site(Self.chain(hops: hops)), "/r0/7?x=1"))
        #expect(page.contains("class=\"primary\" href=\"\(appLink)\""))
    }

    @Test("a chain past the limit, or that loops, offers no link into the app", arguments: [(11, false), (3, true)])
    func redirectChainsThatOpenNothingOfferNoAppLink(hops: Int, loops: Bool) throws {
        let answer = try #require(
            try Self.site(Self.chain(hops: hops, loops: loops)).response(
                to: "GET", target: "/r0/7", requestHost: "example.com", ifNoneMatch: nil))
        #expect(answer.status == 200)
        let page = String(decoding: answer.body, as: UTF8.self)
        #expect(page.contains("<code>https://example.com/r0/7</code>"))
        #expect(!page.contains("class=\"primary\""))
    }

    @Test("only GET and HEAD are answered", arguments: ["POST", "PUT", "DELETE", "OPTIONS"])
    func otherMethodsPassThrough(method: String) throws {
        #expect(
            try Self.site(Self.plain).response(to: method, target: "/a/1", requestHost: "x.com", ifNoneMatch: nil)
                == nil)
    }

    @Test func anEntityTagListOrAStarRevalidates() throws {
        let file = SiteResponse.AssociationFile(Data("{}".utf8))
        #expect(SiteResponse.associationFile(file, ifNoneMatch: "\"0\", \(file.entityTag)").status == 304)
        #expect(SiteResponse.associationFile(file, ifNoneMatch: "*").status == 304)
        #expect(SiteResponse.associationFile(file, ifNoneMatch: "\"0\"").status == 200)
        #expect(SiteResponse.associationFile(file, ifNoneMatch: nil).body == Array("{}".utf8))
        #expect(file.entityTag.count == 18)
        #expect(file.entityTag != SiteResponse.AssociationFile(Data("[]".utf8)).entityTag)
    }

    static let escapes: [(text: String, html: String)] = [
        ("<a href=\"x\">'&'</a>", "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"),
        ("exe\u{202E}txt.exe", "exe\\u{202E}txt.exe"),
        ("a\u{200B}b\u{FEFF}c", "a\\u{200B}b\\u{FEFF}c"),
        ("tab\tnew\nline\u{0}", "tab\\u{9}new\\u{A}line\\u{0}"),
        ("no\u{00A0}break", "no\\u{A0}break"),
        ("café ü 日本", "café ü 日本"),
    ]

    @Test("HTML text escapes markup and shows invisible characters as code points", arguments: escapes)
    func htmlEscaping(text: String, html: String) {
        #expect(HTML.text(text) == html)
    }
}

/// Generated request targets, hostile bytes among them: the site never traps, and what it answers is a page with
/// the request's text escaped, a redirect to the fallback's host, a file, or nothing (the site's routes answer).
@Suite("Universal-link site on generated requests")
struct SitePropertyTests {
    static let piece = Gen.oneOf(
        Gen.always("/"), Gen.always("?"), Gen.always("&"), Gen.always("="), Gen.always("#"), Gen.always("%"),
        Gen.always("%2F"), Gen.always("%FF"), Gen.always("%0D%0A"), Gen.always(".."), Gen.always("<script>"),
        Gen.always("\""), Gen.always("'"), Gen.always("\u{202E}"), Gen.always("product"), Gen.always("reviews"),
        Gen.always("help"), Gen.always("p"), Gen.always("7"), Gen.always("é"), Gen.always(" "),
        Gen.character(in: " "..."~").map(String.init)
    )

    @Test func anyTargetGetsACleanAnswer() async throws {
        let file = try RouteFile(contentsOf: ServerTests.shopPath)
        let site = try UniversalLinkSite(file: file, host: nil)
        await propertyCheck(count: 3_000, input: Self.piece.array(of: 0...12)) { pieces in
            let target = "/" + pieces.joined()
            guard let answer = site.response(to: "GET", target: target, requestHost: "x", ifNoneMatch: nil) else {
                return
            }
            let body = String(decoding: answer.body, as: UTF8.self)
            #expect([200, 302].contains(answer.status), "\(target)")
            #expect(!body.contains("<script>"), "\(target)")
            #expect(!body.contains("\u{202E}"), "\(target)")
            if answer.status == 302 {
                let location = answer.headers.first { $0.name == "Location" }?.value ?? ""
                #expect(location.hasPrefix("https://shop.example.com/products/"), "\(target)")
                #expect(location.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }, "\(target)")
            }
        }
    }
}
