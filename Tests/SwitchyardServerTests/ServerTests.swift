import Foundation
import Switchyard
import SwitchyardWebLinks
import Testing

/// The middleware in a live Hummingbird application, on `Examples/shop.json`: what each endpoint answers, over the
/// wire.
@Suite("Universal-link server", .timeLimit(.minutes(2)))
struct ServerTests {
    static let shopPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/shop.json").standardizedFileURL.path
    static func shop() throws -> RouteFile { try RouteFile(contentsOf: shopPath) }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test(
        "the association files are JSON, cacheable, tagged and never redirected",
        arguments: ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"])
    func associationFiles(path: String) async throws {
        let files = try Self.shop().associationFiles()
        let expected = try #require(path.hasSuffix("assetlinks.json") ? files.android : files.apple)
        try await LiveServer.withServer(Self.shop()) { port in
            let reply = try #require(try await LiveServer.get(path, port: port))
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "application/json")
            #expect(reply.headers["cache-control"] == "public, max-age=3600")
            #expect(reply.headers["location"] == nil)
            #expect(Data(reply.body.utf8) == expected)
            let tag = try #require(reply.headers["etag"])

            let revalidated = try #require(
                try await LiveServer.get(path, headers: ["If-None-Match: \(tag)"], port: port))
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            let head = try #require(try await LiveServer.get(path, method: "HEAD", port: port))
            #expect(head.status == 200)
            #expect(head.headers["etag"] == tag)
            #expect(head.body.isEmpty)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func aRouteWithAWebFallbackRedirectsThereWithTheQuery() async throws {
        try await LiveServer.withServer(Self.shop()) { port in
            let reply = try #require(try await LiveServer.get("/product/7?utm_source=mail", port: port))
            #expect(reply.status == 302)
            #expect(reply.headers["location"] == "https://shop.example.com/products/7?utm_source=mail")
            #expect(reply.headers["cache-control"] == "no-store")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test("a redirect route is followed to its target's fallback", arguments: ["/p/8", "/item/8"])
    func redirectRoutesAreFollowed(path: String) async throws {
        try await LiveServer.withServer(Self.shop()) { port in
            let reply = try #require(try await LiveServer.get(path, port: port))
            #expect(reply.status == 302)
            #expect(reply.headers["location"] == "https://shop.example.com/products/8")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func aRouteWithoutAFallbackGetsALandingPage() async throws {
        try await LiveServer.withServer(Self.shop()) { port in
            let reply = try #require(try await LiveServer.get("/product/7/reviews?ref=mail", port: port))
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
            #expect(reply.headers["content-security-policy"]?.hasPrefix("default-src 'none'") == true)
            let page = reply.body
            #expect(
                page.contains(
                    #"<meta name="apple-itunes-app" content="app-id=1234567890, app-argument=https://shop.example.com/product/7/reviews?ref=mail">"#
                ))
            #expect(page.contains(#"<a class="primary" href="myapp://product/7/reviews?ref=mail">Open in Shop</a>"#))
            #expect(page.contains(#"href="https://apps.apple.com/app/id1234567890""#))
            #expect(page.contains(#"href="https://play.google.com/store/apps/details?id=com.example.shop""#))
            // Self-contained: nothing is loaded, nothing runs.
            for loaded in ["<script", "<link", "src=", "@import", "url("] { #expect(!page.contains(loaded)) }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func theSitesOwnRoutesAndOtherMethodsPassThrough() async throws {
        try await LiveServer.withServer(Self.shop()) { port in
            let about = try #require(try await LiveServer.get("/about", port: port))
            #expect(about.status == 200)
            #expect(about.body == "About the shop")
            let post = try #require(try await LiveServer.get("/product/7", method: "POST", port: port))
            #expect(post.status == 404)
            #expect(post.headers["location"] == nil)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test(
        "a path no universal-link route handles is a 404, with the page for a browser",
        arguments: ["/nowhere", "/account/delete", "/cart"])
    func unhandledPathsAreNotFound(path: String) async throws {
        try await LiveServer.withServer(Self.shop()) { port in
            let browser = try #require(
                try await LiveServer.get(path, headers: ["Accept: text/html,*/*;q=0.8"], port: port))
            #expect(browser.status == 404)
            #expect(browser.headers["content-type"] == "text/html; charset=utf-8")
            #expect(browser.body.contains("<code>\(path)</code>"))
            let client = try #require(try await LiveServer.get(path, headers: ["Accept: application/json"], port: port))
            #expect(client.status == 404)
            #expect(!client.body.contains("<html"))
        }
    }
}
