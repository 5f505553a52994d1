import PropertyBased
import Switchyard
import Testing

@Suite("Slugs and short-link sites")
struct SlugTests {
    static let refused: [(slug: String, why: String)] = [
        ("", "empty"),
        ("a/b", "a slash"),
        ("..", "a dot segment"),
        ("a.b", "a dot"),
        ("a%00", "an escape"),
        ("a\u{0}", "a NUL byte"),
        ("spring sale", "a space"),
        ("spr\u{0456}ng", "a Cyrillic look-alike of i"),
        ("ｓｐｒｉｎｇ", "fullwidth letters"),
        ("café", "a letter beyond ASCII"),
        (String(repeating: "a", count: 65), "65 characters"),
        (String(repeating: "a", count: 10_000), "10 KB"),
        ("a?b", "a query"),
        ("a#b", "a fragment"),
        ("'; DROP TABLE links; --", "SQL"),
        ("<script>", "markup"),
    ]

    @Test("a slug that is not letters, digits, '-' and '_' is refused", arguments: refused)
    func refusesBadSlugs(slug: String, why: String) {
        let error = #expect(throws: ShortLinkError.self, "\(why)") { try Slug(slug) }
        #expect(error?.code == .invalidSlug)
        #expect((error?.message.utf8.count ?? .max) < 200, "the message stays short")
    }

    @Test(
        "a slug of letters, digits, '-' and '_' up to 64 characters is kept as written",
        arguments: ["a", "Spring-Sale_2026", String(repeating: "Z", count: 64), "0"])
    func keepsGoodSlugs(slug: String) throws {
        #expect(try Slug(slug).text == slug)
    }

    @Test func generatedSlugsAreTwelveCharactersFromTheWholeAlphabet() throws {
        var generator = Xoshiro(seed: (1, 2, 3, 4))
        let slugs = (0..<2_000).map { _ in Slug.random(using: &generator) }
        #expect(slugs.allSatisfy { $0.text.utf8.count == 12 })
        #expect(try slugs.allSatisfy { try Slug($0.text) == $0 })
        #expect(Set(slugs).count == slugs.count)
        // Every one of the 62 characters turns up in 24,000 draws; a smaller alphabet would be easier to guess.
        #expect(Set(slugs.flatMap(\.text)).count == 62)
        #expect(Slug.random() != Slug.random())
    }

    static let site = try? ShortLinkSite(host: "Go.Example.com", prefix: "/s")

    static let reading: [(link: String, slug: String?)] = [
        ("https://go.example.com/s/spring", "spring"),
        ("https://GO.EXAMPLE.COM/s/spring?utm_source=mail#top", "spring"),
        ("https://go.example.com/s/spring/", "spring"),
        ("https://go.example.com/s/", nil),
        ("https://go.example.com/spring", nil),
        ("https://go.example.com/s/spring/more", nil),
        ("http://go.example.com/s/spring", nil),
        ("https://evil.example.com/s/spring", nil),
        ("https://go.example.com.evil.com/s/spring", nil),
        ("myapp://go.example.com/s/spring", nil),
        ("https://go.example.com/S/spring", nil),
        ("https://go.example.com/s/%2e%2e", nil),
        ("https://go.example.com/s/a%2Fb", nil),
        ("https://go.example.com/s/" + String(repeating: "a", count: 10_000), nil),
        ("https://go.example.com/s/a\u{0}b", nil),
    ]

    @Test("a site reads its own short links and nothing else", arguments: reading)
    func readsItsShortLinks(link: String, slug: String?) throws {
        let site = try #require(Self.site)
        if let slug {
            #expect(try site.slug(of: link).text == slug)
        } else {
            let error = #expect(throws: ShortLinkError.self) { try site.slug(of: link) }
            #expect([.notShortLink, .invalidSlug].contains(error?.code))
        }
    }

    @Test func aSiteWritesItsLinksAndItsLookupAddress() throws {
        let site = try #require(Self.site)
        let slug = try Slug("spring")
        #expect(site.host == "go.example.com")
        #expect(site.link(for: slug) == "https://go.example.com/s/spring")
        #expect(site.lookupAddress(for: slug) == "https://go.example.com/api/links/spring")
        let root = try ShortLinkSite(host: "sho.rt")
        #expect(root.link(for: slug) == "https://sho.rt/spring")
        #expect(try root.slug(of: "https://sho.rt/spring") == slug)
        #expect(try ShortLinkSite(host: "bücher.example").link(for: slug) == "https://xn--bcher-kva.example/spring")
    }

    @Test(
        "a site whose host or prefix cannot hold short links is refused",
        arguments: [
            ("", "/s"), ("go.example.com", "/a b"), ("go.example.com", "/%2F"), ("exa mple.com", ""),
            ("go.example.com", "/:slug"), ("go.example.com", "/*"),
        ])
    func refusesBadSites(host: String, prefix: String) {
        let error = #expect(throws: ShortLinkError.self) { try ShortLinkSite(host: host, prefix: prefix) }
        #expect(error?.code == .invalidSite)
    }
}
