import Foundation
import Hummingbird
import Logging
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardTestSupport
import Testing

@testable import SwitchyardLinkSite

/// The link site over real HTTP on loopback: bodies too large, hostile paths, and the OpenAPI document held to
/// what the site answers.
@Suite struct LinkSiteHTTPTests {
    static func withServer(_ body: @escaping @Sendable (LinkSiteFixture, Int) async throws -> Void) async throws {
        try await LinkSiteFixture.with { site in try await body(site, site.port) }
    }

    static func post(_ target: String, body: [UInt8], token: String, port: Int) async throws -> RawHTTP.Reply? {
        let head =
            "POST \(target) HTTP/1.1\r\nHost: go.shop.example.com\r\nConnection: close\r\n"
            + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        return try await RawHTTP.send(Array(head.utf8) + body, to: port)
    }

    @Test(arguments: [("1 MB target", 1 << 20), ("10 MB body", 10 << 20), ("just over 64 KB", 64 * 1_024 + 1)])
    func aBodyOverTheLimitGets413AndTheServerGoesOn(name: String, size: Int) async throws {
        try await Self.withServer { site, port in
            let prefix = Array(#"{"target": "https://shop.example.com/"#.utf8)
            let body =
                prefix + [UInt8](repeating: UInt8(ascii: "a"), count: size - prefix.count - 2) + Array(#""}"#.utf8)
            let reply = try await Self.post("/api/admin/links", body: body, token: site.token, port: port)
            // The server may close the connection before the whole body is sent; it must not answer 2xx or 5xx.
            if let reply { #expect(reply.status == 413, "\(name)") }
            let after = try await RawHTTP.get("/api/openapi.json", port: port)
            #expect(after?.status == 200)
            #expect(try await site.store.list(after: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: [
        "/s/%00", "/s/..%2F..%2Fetc%2Fpasswd", "/s/../../etc/passwd", "/s/%E2%80%AE",
        "/s/" + String(repeating: "a", count: 8_000),
        "/api/links/%00", "/api/links/../admin/links", "/api/admin/links/%27%20OR%201%3D1--",
    ])
    func hostilePathsGetAStatusNotACrash(path: String) async throws {
        try await Self.withServer { _, port in
            let reply = try await RawHTTP.get(path, port: port)
            let status = try #require(reply?.status)
            #expect([400, 401, 404, 414, 431].contains(status), "\(path): \(status)")
            #expect(try await RawHTTP.get("/api/openapi.json", port: port)?.status == 200)
        }
    }

    /// Every operation of the document is answered with one of its documented statuses, and the site answers no
    /// admin address the document does not list.
    @Test func theOpenAPIDocumentDescribesWhatTheSiteAnswers() async throws {
        try await Self.withServer { site, port in
            let reply = try #require(try await RawHTTP.get("/api/openapi.json", port: port))
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            #expect(
                Set(paths.keys) == [
                    "/api/links/{slug}", "/api/admin/links", "/api/admin/links/{slug}",
                    "/api/admin/links/{slug}/disable",
                    "/api/admin/links/{slug}/stats", "/api/admin/links/{slug}/claims", "/api/admin/export",
                    "/api/admin/import", "/api/claims/redeem",
                ])
            var operations = 0
            for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
                for method in ["get", "post", "patch", "delete"] {
                    guard let operation = item[method] as? [String: Any],
                        let responses = operation["responses"] as? [String: Any]
                    else { continue }
                    // A fresh link for each operation, so that a delete does not take another's.
                    let slug = "doc\(operations)"
                    let created = await site.call(
                        "POST", "/api/admin/links", json: #"{"slug": "\#(slug)", "target": "myapp://cart"}"#)
                    #expect(created.status == 201)
                    let target = path.replacingOccurrences(of: "{slug}", with: slug)
                    var body: [UInt8] =
                        operation["requestBody"] == nil
                        ? [] : Array(#"{"target": "myapp://cart", "title": "Changed"}"#.utf8)
                    if operation["operationId"] as? String == "redeemClaim" {
                        // A claim made as a phone makes one: its landing page, then its store redirect.
                        let page = await site.service.answer(to: try Slug(slug), visitor: .ios, now: Date())
                        let (token, redirect) = try ClaimTests.getTheApp(page)
                        #expect(await ClaimTests.get(site, redirect)?.status == 302)
                        body = Array(#"{"token": "\#(token)"}"#.utf8)
                    }
                    var type = "application/json"
                    if operation["operationId"] as? String == "importLinks" {
                        body = Array("slug,target\nimported\(operations),myapp://cart\n".utf8)
                        type = "text/csv"
                    }
                    let head =
                        "\(method.uppercased()) \(target) HTTP/1.1\r\nHost: go.shop.example.com\r\nConnection: close\r\n"
                        + "Authorization: Bearer \(site.token)\r\nContent-Type: \(type)\r\n"
                        + "Content-Length: \(body.count)\r\n\r\n"
                    let answer = try #require(try await RawHTTP.send(Array(head.utf8) + body, to: port))
                    #expect(
                        responses.keys.contains(String(answer.status)),
                        "\(method) \(path): \(answer.status) \(answer.body)")
                    #expect(answer.status < 300, "\(method) \(path): \(answer.status) \(answer.body)")
                    operations += 1
                }
            }
            #expect(operations == 12)
            let unknown = try await RawHTTP.get(
                "/api/admin/tokens", headers: ["Authorization: Bearer \(site.token)"], port: port)
            #expect(unknown?.status == 404)
        }
    }
}

/// The short-link host serves association files that claim its short links only; other hosts get the app's.
@Suite struct ShortLinkHostAssociationTests {
    @Test(arguments: [
        ("go.shop.example.com", "/.well-known/apple-app-site-association", "/s/?*", "/product/?*"),
        ("GO.shop.example.com:443", "/.well-known/assetlinks.json", "/s/?*", "/product/?*"),
        ("shop.example.com", "/.well-known/apple-app-site-association", "/product/?*", "/s/?*"),
    ])
    func eachHostGetsTheFilesOfItsLinks(host: String, path: String, claimed: String, notClaimed: String) async throws {
        try await LinkSiteHTTPTests.withServer { _, port in
            let request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
            let reply = try #require(try await RawHTTP.send(Array(request.utf8), to: port))
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "application/json")
            #expect(reply.body.contains(#""\#(claimed)""#), "\(reply.body)")
            #expect(!reply.body.contains(#""\#(notClaimed)""#))
        }
    }

    /// A `Host` that no link has, brackets without their other half among them, gets the app's files as any other
    /// host does, and the site goes on serving: `Host: [` once stopped the process while it compared the host.
    @Test(arguments: ["[", "]", "[]", "[::1", "[::1]x", ":", "[v", "[::1]:443"])
    func aHostNoLinkHasGetsTheAppsFiles(host: String) async throws {
        try await LinkSiteHTTPTests.withServer { _, port in
            for path in ["/.well-known/apple-app-site-association", "/.well-known/assetlinks.json"] {
                let request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
                let reply = try #require(try await RawHTTP.send(Array(request.utf8), to: port))
                #expect(reply.status == 200, "\(path)")
                #expect(!reply.body.contains(#""/s/?*""#))
            }
            #expect(try await RawHTTP.get("/healthz", port: port)?.status == 200)
        }
    }
}
