import Foundation
import Switchyard
import Testing

/// Requests an attacker sends: each gets a clean 4xx, a redirect that stays on the fallback's host, or a page in
/// which the request's text is escaped; the server answers the next request as before.
@Suite("Hostile requests to the universal-link server", .timeLimit(.minutes(2)))
struct HostileRequestTests {
    /// The status each gets: 200 for a landing page that shows the link escaped, 302 for a fallback, 400 where
    /// Hummingbird refuses the request line (bytes that are not UTF-8, a head over its size limit), 404 where the
    /// router refuses the link (a bad escape, a control character, a dot segment) or no route takes it.
    static let targets: [(status: Int, name: String, target: [UInt8])] = [
        (200, "script in the path, encoded", Array("/product/%3Cscript%3Ealert(1)%3C%2Fscript%3E/reviews".utf8)),
        (404, "script in the path, raw", Array("/product/<script>alert(1)</script>".utf8)),
        (200, "script in a landing page's query, raw", Array("/product/7/reviews?q=\"><script>alert(1)</script>".utf8)),
        (
            200, "script in a landing page's query, encoded",
            Array("/help/a?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E".utf8)
        ),
        (404, "a header injected into the fallback's query", Array("/product/7?x=%0D%0ASet-Cookie:%20a=b".utf8)),
        (400, "invalid UTF-8, raw", Array("/product/".utf8) + [0xFF, 0xFE, 0xC0, 0xAF]),
        (404, "invalid UTF-8, encoded", Array("/product/%FF%FE".utf8)),
        (200, "an encoded slash", Array("/product/a%2Fb/reviews".utf8)),
        (404, "a dot segment", Array("/product/../account/delete".utf8)),
        (404, "an encoded dot segment", Array("/help/%2e%2E/account".utf8)),
        (200, "a bidirectional override", Array("/help/%E2%80%AEexe.txt".utf8)),
        (
            400, "a 1 MB query value",
            Array("/product/7/reviews?q=".utf8) + Array(repeating: UInt8(ascii: "a"), count: 1 << 20)
        ),
        (400, "a 1 MB path", Array("/help/".utf8) + Array(repeating: UInt8(ascii: "a"), count: 1 << 20)),
        (400, "many query items", Array(("/help/a?" + String(repeating: "a=1&", count: 50_000)).utf8)),
        (302, "an absolute target", Array("https://evil.example/product/7".utf8)),
        (
            404, "an association file's path with a dot segment",
            Array("/.well-known/../.well-known/assetlinks.json".utf8)
        ),
    ]

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test("a hostile request gets a clean answer", arguments: targets)
    func hostileRequest(status: Int, name: String, target: [UInt8]) async throws {
        try await LiveServer.withServer(try ServerTests.shop()) { port in
            let reply = try #require(try await LiveServer.get(target, headers: ["Accept: text/html"], port: port))
            #expect(reply.status == status, "\(name)")
            #expect(!reply.body.contains("<script"), "\(name)")
            #expect(reply.headers["set-cookie"] == nil, "\(name)")
            if let location = reply.headers["location"] {
                #expect(location.hasPrefix("https://shop.example.com/products/"), "\(name)")
                #expect(!location.contains { $0 == "<" || $0 == "\"" || $0 == " " || $0 == "\r" }, "\(name)")
            }
            let next = try #require(try await LiveServer.get("/about", port: port))
            #expect(next.status == 200, "the server answers after \(name)")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func aScriptInTheQueryIsShownAsText() async throws {
        try await LiveServer.withServer(try ServerTests.shop()) { port in
            let reply = try #require(try await LiveServer.get("/product/7/reviews?q=\"><script>x</script>", port: port))
            #expect(
                reply.body.contains(
                    "<code>https://shop.example.com/product/7/reviews?q=&quot;&gt;&lt;script&gt;x&lt;/script&gt;</code>"
                ))
            #expect(
                reply.body.contains(
                    "app-argument=https://shop.example.com/product/7/reviews?q=&quot;&gt;&lt;script&gt;"))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func anEncodedSlashStaysOneComponentOfTheFallback() async throws {
        try await LiveServer.withServer(try ServerTests.shop()) { port in
            let reply = try #require(try await LiveServer.get("/product/a%2Fb", port: port))
            #expect(reply.headers["location"] == "https://shop.example.com/products/a%2Fb")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func textFromTheRequestIsEscapedInTheNotFoundPage() async throws {
        try await LiveServer.withServer(try ServerTests.shop()) { port in
            let reply = try #require(
                try await LiveServer.get("/x/\"><svg/onload=alert(1)>", headers: ["Accept: text/html"], port: port))
            #expect(reply.status == 404)
            #expect(reply.body.contains("<code>/x/&quot;&gt;&lt;svg/onload=alert(1)&gt;</code>"))
        }
    }
}
