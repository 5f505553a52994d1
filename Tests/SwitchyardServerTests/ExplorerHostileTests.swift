import Foundation
import Testing

/// What an attacker, or a careless paste, sends to the explorer: each request gets a page in which its text is
/// escaped, or a clean 400; the server answers the next request as before. A route file with markup in its names
/// and destinations is escaped the same way.
@Suite("Hostile input to the route explorer", .timeLimit(.minutes(2)))
struct ExplorerHostileTests {
    /// The status each gets: 200 for a page that shows the text escaped, 400 where the query cannot be read (a bad
    /// escape, bytes that are not UTF-8 once decoded) or Hummingbird refuses the request line (raw bytes that are not
    /// UTF-8, a head over its size limit).
    static let targets: [(status: Int, name: String, target: [UInt8])] = [
        (200, "a script in the box, raw", Array(#"/?url="><script>alert(1)</script>"#.utf8)),
        (200, "a script in the box, encoded", Array("/?url=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E".utf8)),
        (
            200, "markup in a matched parameter",
            Array("/match?url=myapp%3A%2F%2Fproduct%2F%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E".utf8)
        ),
        (
            200, "markup in a query item",
            Array("/?url=%2Fsearch%3Fq%3D%3C%2Ftextarea%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E".utf8)
        ),
        (
            200, "markup in a test link's value",
            Array("/links?route=product&p.id=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E".utf8)
        ),
        (404, "markup in a route name", Array("/links/build?route=%3Cscript%3Ealert(1)%3C%2Fscript%3E".utf8)),
        (200, "a script URL", Array("/?url=javascript%3Aalert(1)".utf8)),
        (200, "a bidirectional override", Array("/?url=myapp%3A%2F%2Fproduct%2F%25E2%2580%25AEgpj.exe".utf8)),
        (200, "a raw bidirectional override", Array("/?url=%2Fproduct%2F%E2%80%AEgpj.exe".utf8)),
        (400, "invalid UTF-8 in the query, encoded", Array("/?url=%FF%FE".utf8)),
        (400, "invalid UTF-8 in the API's query, encoded", Array("/api/match?url=%C0%AF".utf8)),
        (400, "a bad escape in the query", Array("/?url=%ZZ".utf8)),
        (400, "invalid UTF-8, raw", Array("/?url=".utf8) + [0xFF, 0xFE, 0xC0, 0xAF]),
        (200, "a link over the file's length limit", Array(("/?url=" + String(repeating: "a", count: 20_000)).utf8)),
        (400, "a 1 MB value", Array("/?url=".utf8) + Array(repeating: UInt8(ascii: "a"), count: 1 << 20)),
        (
            200, "many query items in the link",
            Array(("/api/match?url=%2Fsearch%3F" + String(repeating: "a%3D1%26", count: 2_000)).utf8)
        ),
    ]

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test("each hostile request is escaped or refused, and the server keeps answering", arguments: targets.indices)
    func hostileRequest(index: Int) async throws {
        let (status, name, target) = Self.targets[index]
        try await LiveServer.withExplorer(path: ExplorerTests.shopPath) { port in
            let reply = try #require(try await LiveServer.get(target, port: port), "\(name)")
            #expect(reply.status == status, "\(name)")
            Self.expectNothingUnescaped(reply.body, name)
            let next = try #require(try await LiveServer.get("/api/routes", port: port))
            #expect(next.status == 200, "the server answers after \(name)")
        }
    }

    /// No markup from a request or a file became markup of the page, and no invisible character is left as it is in
    /// what the page shows: only a form field's value keeps it, so that the form sends back what it holds.
    static func expectNothingUnescaped(
        _ body: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for unescaped in ["<script>", "<img", "</textarea>", "<b>"] {
            #expect(!body.contains(unescaped), "\(name): \(unescaped)", sourceLocation: sourceLocation)
        }
        #expect(
            !withoutFieldValues(body).unicodeScalars.contains("\u{202E}"), "\(name): a bidirectional override",
            sourceLocation: sourceLocation)
    }

    /// `body` without the values of its fields (` value="…"`; a value never holds a raw `"`, it is escaped).
    static func withoutFieldValues(_ body: String) -> String {
        let pieces = body.split(separator: #" value=""#, omittingEmptySubsequences: false)
        return pieces.dropFirst().reduce(String(pieces[0])) { shown, piece in
            shown + #" value=""# + piece.drop { $0 != "\"" }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func aFieldKeepsAnInvisibleCharacterAndThePageShowsItsCodePoint() async throws {
        try await LiveServer.withExplorer(path: ExplorerTests.shopPath) { port in
            // The box sends back the link as pasted; the result shows the link in its true order.
            let box = try #require(try await LiveServer.get("/?url=%2Fproduct%2F%E2%80%AEgpj.exe", port: port))
            #expect(box.body.contains("value=\"/product/\u{202E}gpj.exe\""))
            #expect(box.body.contains(#"<p>The link: <code>/product/\u{202E}gpj.exe</code>"#))
            #expect(box.body.contains(#"<td><code>id</code></td><td><code>\u{202E}gpj.exe</code>"#))

            // A test link's field too: submitted again, it gives the same link, and the command passes the same value.
            let links = try #require(try await LiveServer.get("/links?route=product&p.id=%E2%80%AEgpj", port: port))
            #expect(links.body.contains("value=\"\u{202E}gpj\""))
            #expect(links.body.contains(#"<p>The value of id: <code>\u{202E}gpj</code>"#))
            #expect(links.body.contains(#"<a href="myapp://product/%E2%80%AEgpj""#))
            #expect(links.body.contains(#" product $&#39;id=\u202Egpj&#39; --scheme myapp"#))
            Self.expectNothingUnescaped(box.body, "the box")
            Self.expectNothingUnescaped(links.body, "the test links")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func aBidirectionalOverrideIsShownAsItsCodePoint() async throws {
        try await LiveServer.withExplorer(path: ExplorerTests.shopPath) { port in
            let reply = try #require(
                try await LiveServer.get("/match?url=myapp%3A%2F%2Fproduct%2F%25E2%2580%25AEgpj.exe", port: port))
            #expect(reply.body.contains(#"<code>\u{202E}gpj.exe</code>"#))
            #expect(reply.body.contains("holds invisible characters"))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func markupInARouteFileIsEscapedOnEveryPage() async throws {
        let path = try ExplorerTests.copyOfShop()
        let file = #"""
            { "routes": [
                { "pattern": "/x/:id", "name": "<script>alert(1)</script>", "destination": "\"><img src=x onerror=alert(1)>" },
                { "pattern": "/y", "name": "\u202Eevil", "redirect": "/x/<b>" }
            ],
              "schemes": { "myapp": { "fallsBackToGlobal": true, "routes": [] } },
              "default": "</textarea><script>alert(1)</script>" }
            """#
        try file.write(toFile: path, atomically: true, encoding: .utf8)
        try await LiveServer.withExplorer(path: path) { port in
            for target in [
                "/", "/?url=%2Fx%2F1", "/?url=%2Fnowhere", "/links",
                "/links/build?route=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
            ] {
                let reply = try #require(try await LiveServer.get(target, port: port))
                #expect(reply.status == 200, "\(target)")
                Self.expectNothingUnescaped(reply.body, target)
            }
            let page = try #require(try await LiveServer.get("/", port: port))
            #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(page.body.contains(#"\u{202E}evil"#))
            // A table with no routes of its own is listed with its settings.
            #expect(page.body.contains("<h3 id=\"table-myapp\">myapp</h3>"))
            #expect(page.body.contains("It has no routes of its own."))
        }
    }
}
