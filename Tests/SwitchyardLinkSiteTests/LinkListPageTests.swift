import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkSite

/// The console's list of links: pages in slug order, the search, the state filter, and their bounds.
@Suite struct LinkListPageTests {
    static func links(_ count: Int, prefix: String = "l") throws -> [ShortLink] {
        try (0..<count).map { index in
            var link = ShortLink(slug: try Slug(String(format: "\(prefix)%04d", index)), target: "myapp://cart")
            link.preview.title = index % 10 == 0 ? "Winter <sale> \(index)" : nil
            link.tags = index % 7 == 0 ? ["Print"] : []
            link.isDisabled = index % 5 == 1
            link.expiresAt = index % 5 == 2 ? Date(timeIntervalSince1970: 1_000) : nil
            return link
        }
    }

    static func rows(_ page: SiteResponse) -> [String] {
        page.text.components(separatedBy: "<tr><th scope=\"row\"><a href=\"/admin/links/").dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func linksComeFiftyAPageInSlugOrderWithANextPage() async throws {
        try await LinkSiteFixture.with { site in
            try await site.store.createAll(try Self.links(120), at: Date())
            let anonymous = await site.request("GET", "/admin/links")
            #expect(anonymous.status == 303 && anonymous.header("Location") == "/admin/sign-in")
            let first = await site.call("GET", "/admin/links")
            #expect(first.status == 200)
            #expect(first.header("Content-Security-Policy")?.contains("form-action 'self'") == true)
            #expect(first.header("Cache-Control") == "no-store")
            #expect(Self.rows(first) == (0..<50).map { String(format: "l%04d", $0) })
            #expect(first.text.contains(#"<a href="/admin/links?after=l0049">Next page</a>"#))
            let third = await site.call("GET", "/admin/links?after=l0099")
            #expect(Self.rows(third) == (100..<120).map { String(format: "l%04d", $0) })
            #expect(!third.text.contains("Next page"))
        }
    }

    /// "Next page" only when a link after the page matches: not when the page fills with the last one.
    @Test(arguments: [(50, false), (51, true), (100, true)])
    func aNextPageIsOfferedOnlyWhenThereIsOne(count: Int, offered: Bool) async throws {
        try await LinkSiteFixture.with { site in
            try await site.store.createAll(try Self.links(count), at: Date())
            let first = await site.call("GET", "/admin/links")
            #expect(Self.rows(first).count == 50)
            #expect(first.text.contains("Next page") == offered)
            if offered {
                let second = await site.call("GET", "/admin/links?after=l0049")
                #expect(Self.rows(second) == (50..<count).map { String(format: "l%04d", $0) })
                #expect(!second.text.contains("Next page"))
            }
        }
    }

    /// The indexes below 120 with the remainder `remainder` divided by `divisor`.
    static func every(_ divisor: Int, _ remainder: Int = 0) -> [Int] {
        (0..<120).filter { $0 % divisor == remainder }
    }

    static let searches: [(String, [Int])] = [
        ("q=WINTER", every(10)), ("q=print", every(7)), ("q=l011", Array(110..<120)),
        ("q=cart&state=disabled", every(5, 1)), ("state=expired", every(5, 2)), ("state=active&q=sale", every(10)),
        ("q=nothing-like-it", []),
    ]

    @Test(arguments: searches)
    func theSearchAndTheFilterKeepTheLinksThatMatch(query: String, expected: [Int]) async throws {
        try await LinkSiteFixture.with { site in
            try await site.store.createAll(try Self.links(120), at: Date())
            var shown: [String] = []
            var next: String? = "/admin/links?" + query
            while let address = next {
                let page = await site.call("GET", address)
                #expect(page.status == 200)
                shown += Self.rows(page)
                next = page.text.components(separatedBy: "<a href=\"").dropFirst()
                    .first { $0.hasPrefix("/admin/links?after=") }.map { String($0.prefix { $0 != "\"" }) }
                    .map { $0.replacingOccurrences(of: "&amp;", with: "&") }
            }
            #expect(shown == expected.map { String(format: "l%04d", $0) })
            if expected.isEmpty {
                let page = await site.call("GET", "/admin/links?" + query)
                #expect(page.text.contains("No link matches."))
            }
        }
    }

    @Test func aTitleIsShownAsTextAndTheSearchKeptInItsField() async throws {
        try await LinkSiteFixture.with { site in
            try await site.store.createAll(try Self.links(1), at: Date())
            let page = await site.call("GET", "/admin/links?q=%22%3E%3Cb%3E")
            #expect(page.text.contains(#"value="&quot;&gt;&lt;b&gt;""#))
            let all = await site.call("GET", "/admin/links")
            #expect(all.text.contains("Winter &lt;sale&gt; 0"))
            #expect(!all.text.contains("<sale>"))
        }
    }

    /// A search that matches little reads at most 5,000 links a request, and says where it stopped.
    @Test func aSearchReadsABoundedNumberOfLinksARequest() async throws {
        try await LinkSiteFixture.with { site in
            try await site.store.createAll(try Self.links(6_000, prefix: "m"), at: Date())
            let page = await site.call("GET", "/admin/links?q=m5999")
            #expect(Self.rows(page).isEmpty)
            #expect(page.text.contains("5000 links were searched, up to <code>m4999</code>"))
            #expect(page.text.contains(#"<a href="/admin/links?after=m4999&amp;q=m5999">Next page</a>"#))
            let rest = await site.call("GET", "/admin/links?after=m4999&q=m5999")
            #expect(Self.rows(rest) == ["m5999"])
        }
    }

    @Test(arguments: [
        ("/admin/links?state=gone", "state is all, active, disabled or expired."),
        ("/admin/links?after=..%2Fx", "after is a slug."),
        ("/admin/links?q=" + String(repeating: "a", count: 201), "A search has at most 200 characters."),
    ])
    func aQueryOutOfRangeGets400(address: String, message: String) async throws {
        try await LinkSiteFixture.with { site in
            let page = await site.call("GET", address)
            #expect(page.status == 400)
            #expect(page.text.contains("<p>\(message)</p>"))
        }
    }
}
