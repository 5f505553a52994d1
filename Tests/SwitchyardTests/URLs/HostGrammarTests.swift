import Foundation
import Switchyard
import Testing

@Suite("What a host may be")
struct HostGrammarTests {
    /// A router that makes every host its first component, as the issue's probe did (`/:h/*`).
    private static func probe(unicode: Bool = false) throws -> Router {
        let router = try Router(["/:h/*"])
        router.updateSettings(for: .global) {
            $0.hostPolicy = .pathComponent
            $0.allowsUnicodeHostNames = unicode
        }
        return router
    }

    /// Links that Foundation refuses or reads with another host, and the byte where each host goes wrong.
    static let refusedHosts: [(link: String, position: Int)] = [
        ("https://exa mple.com/a", 11), ("https://exa<mple.com/a", 11), ("https://exa>mple.com/a", 11),
        ("https://exa\"mple.com/a", 11), ("https://exa|mple.com/a", 11), ("https://exa^mple.com/a", 11),
        ("https://exa{mple.com/a", 11), ("https://exa}mple.com/a", 11), ("https://exa`mple.com/a", 11),
        ("https://example.com%2Fevil.com/a", 19), ("https://example.com%5Cevil.com/a", 19),
        ("https://example.com\\product\\42", 19), ("https://example.com%40evil.com/a", 19),
        ("https://example.com%3A80/a", 19), ("https://example.com%23top/a", 19), ("https://exa%20mple.com/a", 11),
        ("http://Goo%20 goo%7C|.com", 10), ("http://GOO\u{200B}\u{2060}\u{FEFF}goo.com", 10),
        ("https://ｅｘａｍｐｌｅ.com/a", 8), ("https://www.ex\u{430}mple.com/a", 14),
        ("https://[zz]/a", 9), ("https://[1:2:3:4:5:6:7:8:9]/a", 25), ("https://[::1%25eth0]/a", 12),
        ("https://[1::2::3]/a", 13), ("https://[::ffff:1.2.3.04]/a", 22), ("https://[::ffff:1.2.3.256]/a", 22),
        ("https://[:1]/a", 9), ("https://[1:]/a", 10), ("https://[]/a", 8), ("https://[v1.]/a", 11),
        ("https://[v.x]/a", 10),
    ]

    @Test("a host that is not a name or an IP literal is invalidHost where it goes wrong", arguments: refusedHosts)
    func refusedHost(link: String, position: Int) throws {
        let error = #expect(throws: URLRejection.self) { try Self.probe().match(link) }
        #expect(error?.code == .invalidHost)
        #expect(error?.position == position)
    }

    /// A bad escape or a control character in a host keeps its own code, and the first problem in reading order wins.
    static let decodingProblems: [(link: String, unicode: Bool, code: URLRejection.Code, position: Int)] = [
        ("https://exa%ZZmple.com/a", false, .invalidPercentEncoding, 11),
        ("https://exa%2mple.com/a", false, .invalidPercentEncoding, 11),
        ("https://exa%00mple.com/a", false, .controlCharacter, 11),
        ("https://a b%00.com/a", false, .invalidHost, 9),
        ("https://a%00b c.com/a", false, .controlCharacter, 9),
        ("https://ex%C3mple.com/a", false, .invalidHost, 10),
        ("https://ex%C3mple.com/a", true, .invalidUTF8, 10),
        ("https://ex%C3%A4mple-.com/a", true, .invalidHost, 8),
    ]

    @Test("decoding a host reports its own problems in reading order", arguments: decodingProblems)
    func decodingProblem(link: String, unicode: Bool, code: URLRejection.Code, position: Int) throws {
        let error = #expect(throws: URLRejection.self) { try Self.probe(unicode: unicode).match(link) }
        #expect(error?.code == code)
        #expect(error?.position == position)
    }

    static let names: [(link: String, host: String)] = [
        ("https://Shop.Example.COM/a", "shop.example.com"),
        ("https://a%2Eb.com/a", "a.b.com"),
        ("https://%41b.com/a", "ab.com"),
        ("https://a-b_c~d!e$f&g'h(i)j*k+l,m;n=o.com/a", "a-b_c~d!e$f&g'h(i)j*k+l,m;n=o.com"),
        ("https://shop.example.com./a", "shop.example.com."),
        ("https://xn--exmple-cua.com/a", "xn--exmple-cua.com"),
        ("https://1.2.3.4:8080/a", "1.2.3.4"),
    ]

    @Test("a name is reported decoded and lowercased, and nothing else", arguments: names)
    func name(link: String, host: String) throws {
        let router = try Router(["/a"])
        router.updateSettings(for: .global) { $0.hostPolicy = .ignored }
        #expect(try router.match(link)?.link.host == host)
    }

    static let literals: [(link: String, host: String)] = [
        ("myapp://[::1]/42", "[::1]"),
        ("myapp://[0:0:0:0:0:0:0:1]:80/42", "[::1]"),
        ("myapp://[2001:DB8:0:0:8:800:200C:417A]/42", "[2001:db8::8:800:200c:417a]"),
        ("myapp://[2001:db8:0:0:1:0:0:1]/42", "[2001:db8::1:0:0:1]"),
        ("myapp://[1:0:1:0:1:0:1:0]/42", "[1:0:1:0:1:0:1:0]"),
        ("myapp://[::ffff:192.0.2.1]/42", "[::ffff:c000:201]"),
        ("myapp://[::]/42", "[::]"),
        ("myapp://[V7.Abc:d]/42", "[v7.abc:d]"),
    ]

    @Test("an IP literal is a host under every policy, in RFC 5952 text", arguments: literals)
    func ipLiteral(link: String, host: String) throws {
        let match = try #require(try Self.probe().match(link))
        #expect(match.link.host == host)
        #expect(match.parameters["h"] == "42")
    }

    @Test func anAllowedListCanNameAnIPLiteralInEitherForm() throws {
        let router = try Router(["/a"])
        router.updateSettings(for: .global) { $0.allowedHosts = ["[0:0::1]", "[2001:DB8::7]"] }
        #expect(try router.match("https://[::1]/a") != nil)
        #expect(try router.match("https://[2001:db8:0::7]:443/a") != nil)
        #expect(throws: URLRejection.self) { try router.match("https://[::2]/a") }
        #expect(try router.link(scheme: "https", route: "/a", host: "[0::1]") == "https://[::1]/a")
    }

    /// An allowed host is the app's text, not a link's: a bracket without its other half, or an empty literal, is
    /// a host no link has (it once read past the text's end and stopped the process).
    @Test(arguments: ["[", "]", "[]", "[::1", "[::1]x", "[::1]:443", "[v"])
    func anAllowedHostWithBadBracketsMatchesNoLink(allowed: String) throws {
        let router = try Router(["/a"])
        router.updateSettings(for: .global) { $0.allowedHosts = [allowed] }
        let error = #expect(throws: URLRejection.self) { try router.match("https://[::1]/a") }
        #expect(error?.code == .hostNotAllowed)
    }

    @Test(
        "a Host header's port is dropped after an IP literal's ']' or a name",
        arguments: [
            ("shop.example.com:8080", "shop.example.com"), ("shop.example.com", "shop.example.com"),
            ("[::1]:8080", "[::1]"), ("[::1]", "[::1]"), ("[::1", "["), ("[", "["), (":80", ""), ("", ""),
        ])
    func aHostHeadersPortIsDropped(header: String, host: String) {
        #expect(HostName.droppingPort(header[...]) == host)
    }

    @Test func theTrailingDotKeepsAHostApart() throws {
        let router = try Router(["/a"])
        router.updateSettings(for: .global) { $0.allowedHosts = ["shop.example.com"] }
        #expect(try router.match("https://shop.example.com/a") != nil)
        let error = #expect(throws: URLRejection.self) { try router.match("https://shop.example.com./a") }
        #expect(error?.code == .hostNotAllowed)
    }

    @Test func unicodeHostNamesAreRefusedUnlessATableAllowsThem() throws {
        #expect(throws: URLRejection.self) { try Self.probe().match("https://exämple.com/a") }
        let router = try Self.probe(unicode: true)
        #expect(try router.match("https://exämple.com/a")?.link.host == "xn--exmple-cua.com")
        #expect(try router.match("https://ex%C3%A4mple.com/a")?.parameters["h"] == "xn--exmple-cua.com")
        // Only ASCII case is folded: no IDNA mapping, so full-width letters stay themselves.
        #expect(try router.match("https://ÄÖ.de/a")?.link.host == "xn--7ba0b.de")
        #expect(try router.match("https://äö.de/a")?.link.host == "xn--4ca0b.de")
        let fullWidth = try #require(try router.match("https://ｅｘａｍｐｌｅ.com/a")?.link.host)
        #expect(fullWidth.hasPrefix("xn--") && fullWidth.hasSuffix(".com") && fullWidth != "example.com")
        let long = String(repeating: "é", count: 32)  // 64 bytes: one past a DNS label
        let error = #expect(throws: URLRejection.self) { try router.match("https://\(long).com/a") }
        #expect(error?.code == .invalidHost)
    }

    @Test func anAllowedUnicodeHostMatchesInEitherForm() throws {
        let router = try Router(["/a"])
        router.updateSettings(for: .global) {
            $0.allowedHosts = ["Bücher.example", "xn--mnchen-3ya.example"]
            $0.allowsUnicodeHostNames = true
        }
        #expect(try router.match("https://xn--bcher-kva.example/a")?.link.host == "xn--bcher-kva.example")
        #expect(try router.match("https://bücher.example/a") != nil)
        #expect(try router.match("https://münchen.example/a") != nil)
        #expect(
            try router.link(scheme: "https", route: "/a", host: "münchen.example") == "https://xn--mnchen-3ya.example/a"
        )
    }

    @Test func aRouteFileCanAllowUnicodeHostNames() throws {
        let file = try RouteFile(
            data: Data(#"{"routes": [{"pattern": "/a", "destination": "A"}], "unicodeHostNames": true}"#.utf8),
            path: "routes.json")
        #expect(file.settings[.global]?.allowsUnicodeHostNames == true)
        #expect(try file.makeRouter().match("https://exämple.com/a")?.link.host == "xn--exmple-cua.com")
    }
}
