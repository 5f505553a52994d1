import Foundation
import Switchyard
import SwitchyardWebLinks
import Testing

@Suite("Short links: what a link may hold")
struct ShortLinkRulesTests {
    static let shopPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/shop.json").standardized.path

    static func rules() throws -> ShortLinkRules {
        let file = try RouteFile(contentsOf: shopPath)
        return ShortLinkRules(
            router: try file.makeRouter(), webHosts: ["blog.example.com", "Bücher.example"],
            site: try ShortLinkSite(host: "go.example.com", prefix: "/s"))
    }

    static let generated = try? Slug("generated1")

    @Test func aLinkToARouteTheFileRoutesIsMadeWithEverything() throws {
        var request = ShortLinkRequest(target: "myapp://product/1988", slug: "spring-sale")
        request.ios = "https://shop.example.com/product/1988"
        request.android = "myapp://promo/SPRING"
        request.desktop = "https://blog.example.com/spring"
        request.title = "Spring <sale> & \"more\""
        request.description = "Everything 20 % off"
        request.imageURL = "https://cdn.example.net/spring.png"
        request.utm = ["source": "mail", "campaign": "spring"]
        request.tags = ["spring", "mail-2026"]
        request.expiresAt = Date(timeIntervalSince1970: 1_800_000_000)
        let link = try Self.rules().makeLink(request, generatedSlug: try #require(Self.generated))
        #expect(link.slug.text == "spring-sale")
        #expect(link.target == "myapp://product/1988")
        #expect(link.ios == "https://shop.example.com/product/1988")
        #expect(link.preview.title == "Spring <sale> & \"more\"", "markup is kept as text; pages escape it")
        #expect(link.utm == ["source": "mail", "campaign": "spring"])
        #expect(!link.isGone(at: Date(timeIntervalSince1970: 1_799_999_999)))
        #expect(link.isGone(at: Date(timeIntervalSince1970: 1_800_000_000)))
    }

    @Test func aLinkWithoutASlugGetsTheGeneratedOne() throws {
        let link = try Self.rules().makeLink(
            ShortLinkRequest(target: "https://www.shop.example.com/product/7"),
            generatedSlug: try #require(Self.generated))
        #expect(link.slug == Self.generated)
    }

    /// A request with one field set, and the problem it must give.
    static let refused: [(field: String, value: String, code: String)] = [
        ("target", "javascript:alert(1)", "notRoutable"),
        ("target", "data:text/html,<script>alert(1)</script>", "notRoutable"),
        ("target", "https://evil.example.com/login", "hostNotAllowed"),
        ("target", "https://shop.example.com.evil.com/", "hostNotAllowed"),
        ("target", "http://blog.example.com/spring", "notRoutable"),
        ("target", "otherapp://product/1", "notRoutable"),
        ("target", "/product/1", "notRoutable"),
        ("target", "myapp://product/1\r\nLocation: https://evil.example.com", "controlCharacter"),
        ("target", "https://blog.example.com/" + String(repeating: "a", count: 1_000_000), "tooLong"),
        ("target", "https://go.example.com/s/other", "shortLinkLoop"),
        ("ios", "https://evil.example.com/", "hostNotAllowed"),
        ("android", "intent://evil#Intent;end", "notRoutable"),
        ("desktop", "file:///etc/passwd", "notRoutable"),
        ("slug", "a/b", "invalidSlug"),
        ("slug", "..", "invalidSlug"),
        ("slug", "a%00", "invalidSlug"),
        ("slug", "spr\u{0456}ng", "invalidSlug"),
        ("slug", String(repeating: "a", count: 10_000), "invalidSlug"),
        ("slug", "x'; DROP TABLE links; --", "invalidSlug"),
        ("title", String(repeating: "a", count: 201), "tooLong"),
        ("title", "line\u{0}break", "controlCharacter"),
        ("description", String(repeating: "é", count: 251), "tooLong"),
        ("imageURL", "javascript:alert(1)", "notHTTPS"),
        ("imageURL", "http://cdn.example.net/a.png", "notHTTPS"),
        ("utm.source", "mail\nSet-Cookie: a", "controlCharacter"),
        ("utm.source", "", "invalidValue"),
        ("utm.source", String(repeating: "a", count: 101), "tooLong"),
        ("utm", "referrer", "unknownKey"),
        ("tags[0]", "no spaces", "invalidValue"),
    ]

    @Test("each hostile field is refused with its problem, at its field", arguments: refused)
    func refusesHostileFields(field: String, value: String, code: String) throws {
        var request = ShortLinkRequest(target: "myapp://product/1")
        switch field {
        case "target": request.target = value
        case "ios": request.ios = value
        case "android": request.android = value
        case "desktop": request.desktop = value
        case "slug": request.slug = value
        case "title": request.title = value
        case "description": request.description = value
        case "imageURL": request.imageURL = value
        case "utm.source": request.utm = ["source": value]
        case "utm": request.utm = [value: "x"]
        default: request.tags = [value]
        }
        let refusal = #expect(throws: ShortLinkProblems.self) {
            try Self.rules().makeLink(request, generatedSlug: try #require(Self.generated))
        }
        #expect(refusal?.problems.map(\.field) == [field])
        #expect(refusal?.problems.map(\.code.name) == [code])
        #expect((refusal?.problems.first?.message.utf8.count ?? .max) < 300, "messages stay short")
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        var request = ShortLinkRequest(slug: "a/b")
        request.ios = "javascript:x"
        request.tags = Array(repeating: "t", count: 21)
        let refusal = #expect(throws: ShortLinkProblems.self) {
            try Self.rules().makeLink(request, generatedSlug: try #require(Self.generated))
        }
        #expect(refusal?.problems.map(\.field) == ["slug", "target", "ios", "tags"])
    }

    /// A tag given twice is refused at the second, as a UTM name given twice is; it was kept twice.
    @Test func aTagGivenTwiceIsRefusedAtTheSecond() throws {
        var request = ShortLinkRequest(target: "myapp://product/1", slug: "tags")
        request.tags = ["spring", "mail", "spring"]
        let refusal = #expect(throws: ShortLinkProblems.self) {
            try Self.rules().makeLink(request, generatedSlug: try #require(Self.generated))
        }
        #expect(refusal?.problems.map(\.field) == ["tags[2]"])
        #expect(refusal?.problems.map(\.message) == ["'spring' is given twice"])
        request.tags = ["spring", "Spring"]
        #expect(try Self.rules().makeLink(request, generatedSlug: try #require(Self.generated)).tags.count == 2)
    }

    @Test func anUpdateChangesWhatItGivesAndNeverTheSlug() throws {
        let rules = try Self.rules()
        let link = try rules.makeLink(
            ShortLinkRequest(target: "myapp://cart"), generatedSlug: try #require(Self.generated))
        var change = ShortLinkRequest()
        change.disabled = true
        change.title = "Cart"
        let updated = try rules.update(link, with: change)
        #expect(updated.target == "myapp://cart")
        #expect(updated.isDisabled)
        #expect(updated.isGone(at: Date()))
        #expect(updated.preview.title == "Cart")
        let refusal = #expect(throws: ShortLinkProblems.self) {
            try rules.update(link, with: ShortLinkRequest(slug: "other"))
        }
        #expect(refusal?.problems.map(\.code.name) == ["invalidValue"])
    }

    @Test func sqlMetacharactersInAParameterAreKeptAsTheAppWillReadThem() throws {
        let target = "myapp://product/1'%20OR%20'1'='1;--"
        let link = try Self.rules().makeLink(
            ShortLinkRequest(target: target), generatedSlug: try #require(Self.generated))
        #expect(link.target == target)
    }

    @Test func aSlugWhoseLinkTheRouteFileRoutesIsRefused() throws {
        // shop.json's https table has /p/:id on shop.example.com: every slug of a site there under /p is a route's.
        let file = try RouteFile(contentsOf: Self.shopPath)
        let rules = ShortLinkRules(
            router: try file.makeRouter(), webHosts: [], site: try ShortLinkSite(host: "shop.example.com", prefix: "/p")
        )
        let refusal = #expect(throws: ShortLinkProblems.self) {
            try rules.makeLink(ShortLinkRequest(target: "myapp://cart", slug: "spring"), generatedSlug: try Slug("x"))
        }
        #expect(refusal?.problems.map(\.code.name) == ["shadowsRoute"])
        #expect(refusal?.problems.map(\.field) == ["slug"])
    }

    @Test func aWebHostIsComparedAsLinksGiveIt() throws {
        let link = try Self.rules().makeLink(
            ShortLinkRequest(target: "https://XN--BCHER-KVA.example/katalog"),
            generatedSlug: try #require(Self.generated))
        #expect(link.target == "https://XN--BCHER-KVA.example/katalog")
    }
}
