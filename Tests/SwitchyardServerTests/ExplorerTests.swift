import Foundation
import Testing

/// `switchyard serve` over the wire, on a random loopback port: each endpoint's status, headers and body, a reload
/// after the file changes, and a file that stops loading.
@Suite("Route explorer server", .timeLimit(.minutes(2)))
struct ExplorerTests {
    static let shopPath = ServerTests.shopPath

    /// A copy of the example in a folder of its own, for a test that edits it.
    static func copyOfShop() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("routes.json").path
        try FileManager.default.copyItem(atPath: shopPath, toPath: path)
        return path
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func theExplorerListsEveryTableAndShowsAMatchFromItsAddress() async throws {
        try await LiveServer.withExplorer(path: Self.shopPath) { port in
            let reply = try #require(
                try await LiveServer.get("/?url=myapp%3A%2F%2Fproduct%2F1988%3Fcoupon%3DXMAS", port: port))
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
            #expect(reply.headers["cache-control"] == "no-store")
            let policy = try #require(reply.headers["content-security-policy"])
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(reply.body.contains(#"<h2 class="outcome matched">Matched"#))
            #expect(reply.body.contains("<tr><td><code>id</code></td><td><code>1988</code></td></tr>"))
            #expect(reply.body.contains("<tr><td><code>coupon</code></td><td><code>XMAS</code></td></tr>"))
            #expect(reply.body.contains(#"value="myapp://product/1988?coupon=XMAS""#))
            for table in ["global", "https", "myapp"] {
                #expect(reply.body.contains("<h3 id=\"table-\(table)\">\(table)</h3>"))
            }
            // Both expansions of an optional group, longest first, as `routes` lists them.
            let long = try #require(reply.body.range(of: "<code>/product/:id/reviews/:page</code>"))
            let short = try #require(reply.body.range(of: "<code>/product/:id/reviews</code>"))
            #expect(long.lowerBound < short.lowerBound)
            #expect(reply.body.contains("<main id=\"content\"") && reply.body.contains("<nav aria-label=\"Pages\">"))
            #expect(!reply.body.contains("http://") && !reply.body.contains("<script>"))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test(
        "the live box's fragment shows a match, a miss with its explanation, and a rejection with a caret",
        arguments: [
            ("myapp%3A%2F%2Fproduct%2F7", "Matched <span class=\"pattern\"><code>/product/:id</code>"),
            ("myapp%3A%2F%2Fprodcut%2F7", "nearest: [myapp] /promo/:code"),
            ("%2Fnowhere", "No route matched: the default opens"),
            ("myapp%3A%2F%2Fproduct%2F%25ZZ", "Rejected: <code>invalidPercentEncoding</code>"),
            ("", "Type or paste a link"),
        ])
    func matchFragment(query: String, expected: String) async throws {
        try await LiveServer.withExplorer(path: Self.shopPath) { port in
            let reply = try #require(try await LiveServer.get("/match?url=\(query)", port: port))
            #expect(reply.status == 200)
            #expect(reply.body.contains(expected))
            #expect(!reply.body.contains("<html"))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func theAPIAnswersWithTheToolsJSON() async throws {
        try await LiveServer.withExplorer(path: Self.shopPath) { port in
            let routes = try #require(try await LiveServer.get("/api/routes", port: port))
            #expect(routes.status == 200)
            #expect(routes.headers["content-type"] == "application/x-ndjson")
            let lines = routes.body.split(separator: "\n")
            #expect(lines.count == 19)
            #expect(
                lines.first
                    == #"{"table":"global","priority":"0","expansion":"/user/me","pattern":"/user/me","name":"myProfile","destination":"MyProfileScreen","location":"routes[6]"}"#
            )

            let match = try #require(
                try await LiveServer.get("/api/match?url=myapp://product/1988?coupon=XMAS", port: port))
            #expect(match.status == 200)
            #expect(match.headers["content-type"] == "application/json")
            #expect(
                match.body
                    == #"{"input":"myapp://product/1988?coupon=XMAS","outcome":"matched","table":"global","pattern":"/product/:id","name":"product","destination":"ProductScreen","parameters":{"id":"1988"},"query":[["coupon","XMAS"]]}"#
                    + "\n")

            let missing = try #require(try await LiveServer.get("/api/match", port: port))
            #expect(missing.status == 400)
            #expect(missing.body.contains(#""code":"missingURL""#))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func theTestLinksAreTheToolsLinks() async throws {
        try await LiveServer.withExplorer(path: Self.shopPath) { port in
            let page = try #require(try await LiveServer.get("/links", port: port))
            #expect(page.status == 200)
            #expect(page.body.contains(#"<a href="myapp://product/1" data-scheme="myapp""#))
            #expect(page.body.contains(#"<a href="https://shop.example.com/product/1" data-scheme="https""#))
            #expect(page.body.contains(#"data-copy="https://shop.example.com/product/1""#))
            #expect(page.body.contains("<code>switchyard url"))
            // A route kept out of universal links has its custom-scheme form only, and says why.
            let deletion = try #require(page.body.range(of: "id=\"route-account.delete\""))
            let after = page.body[deletion.upperBound...]
            #expect(after.contains("myapp://account/delete"))
            #expect(after.contains("Kept out of universal links"))

            let edited = try #require(try await LiveServer.get("/links/build?route=product&p.id=4+2%2F7", port: port))
            #expect(edited.body.contains(#"href="myapp://product/4%202%2F7""#))
            let query = try #require(
                try await LiveServer.get("/links/build?route=cart&query=utm_source%3Dmail%26q%3Da%2Bb", port: port))
            #expect(query.body.contains(#"href="myapp://cart?utm_source=mail&amp;q=a%2Bb""#))
            #expect(query.body.contains("--query utm_source=mail --query q=a+b --scheme myapp"))
            let invalid = try #require(try await LiveServer.get("/links/build?route=order&p.orderId=", port: port))
            #expect(invalid.body.contains("class=\"error\""))
            let unknown = try #require(try await LiveServer.get("/links/build?route=nope", port: port))
            #expect(unknown.status == 404)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func assetsUnknownPathsAndOtherMethods() async throws {
        try await LiveServer.withExplorer(path: Self.shopPath) { port in
            let script = try #require(try await LiveServer.get("/assets/explorer.js", port: port))
            #expect(script.status == 200)
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.body.contains("data-live") || script.body.contains("dataset.live"))
            let style = try #require(try await LiveServer.get("/assets/explorer.css", port: port))
            #expect(style.headers["content-type"] == "text/css; charset=utf-8")
            let missing = try #require(try await LiveServer.get("/nothing", port: port))
            #expect(missing.status == 404)
            #expect(missing.body.contains("<h1>Not found</h1>"))
            let post = try #require(try await LiveServer.get("/", method: "POST", port: port))
            #expect(post.status == 405)
            #expect(post.headers["allow"] == "GET, HEAD")
            let head = try #require(try await LiveServer.get("/", method: "HEAD", port: port))
            #expect(head.status == 200 && head.body.isEmpty)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func anEditedFileIsReloadedAndABrokenOneShowsItsProblem() async throws {
        let path = try Self.copyOfShop()
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        }
        try await LiveServer.withExplorer(path: path) { port in
            let before = try #require(try await LiveServer.get("/api/match?url=/wishlist", port: port))
            #expect(before.body.contains(#""outcome":"default""#))

            let original = try String(contentsOfFile: path, encoding: .utf8)
            let added = original.replacingOccurrences(
                of: #"{ "pattern": "/search", "#,
                with:
                    #"{ "pattern": "/wishlist", "name": "wishlist", "destination": "WishlistScreen" }, { "pattern": "/search", "#
            )
            try added.write(toFile: path, atomically: true, encoding: .utf8)
            let after = try #require(try await LiveServer.get("/api/match?url=/wishlist", port: port))
            #expect(after.body.contains(#""destination":"WishlistScreen""#))

            try "{ \"routes\": [ { \"pattern\": \"/a/(\" } ] }".write(toFile: path, atomically: true, encoding: .utf8)
            let page = try #require(try await LiveServer.get("/", port: port))
            #expect(page.status == 200)
            #expect(page.body.contains("<h2 id=\"problem-title\">The route file does not load</h2>"))
            #expect(page.body.contains("routes[0]"))
            // The last routes that loaded stay on show, with the problem above them.
            #expect(page.body.contains("WishlistScreen"))
            let api = try #require(try await LiveServer.get("/api/routes", port: port))
            #expect(api.status == 503)
            #expect(api.body.contains(#""code":"invalidPattern""#))

            try "not json".write(toFile: path, atomically: true, encoding: .utf8)
            let notJSON = try #require(try await LiveServer.get("/api/match?url=/a", port: port))
            #expect(notJSON.status == 503)
            #expect(notJSON.body.contains(#""code":"invalidJSON""#))

            try FileManager.default.removeItem(atPath: path)
            let gone = try #require(try await LiveServer.get("/api/routes", port: port))
            #expect(gone.status == 503)
            #expect(gone.body.contains(#""code":"unreadable""#))
            #expect(gone.body.contains("the file cannot be read: No such file or directory"), "\(gone.body)")

            try original.write(toFile: path, atomically: true, encoding: .utf8)
            let back = try #require(try await LiveServer.get("/api/routes", port: port))
            #expect(back.status == 200)
            let fixed = try #require(try await LiveServer.get("/", port: port))
            #expect(!fixed.body.contains("problem-title"))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func aFileThatNeverLoadedIsServedWithItsProblem() async throws {
        let path = try Self.copyOfShop()
        try "[]".write(toFile: path, atomically: true, encoding: .utf8)
        try await LiveServer.withExplorer(path: path) { port in
            let page = try #require(try await LiveServer.get("/?url=%2Fa", port: port))
            #expect(page.status == 200)
            #expect(page.body.contains("No version of the file has loaded yet"))
            #expect(page.body.contains("The route file has not loaded"))
            let links = try #require(try await LiveServer.get("/links", port: port))
            #expect(links.status == 200)
        }
    }
}
