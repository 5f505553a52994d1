import Foundation
import SwitchyardLinkAPI
import Testing

@testable import SwitchyardLinkSite

/// What the router decides the same way for every route of the site: 405 with `Allow` for a method a path does not
/// take, `HEAD` wherever `GET` is, the API's 404 under `/api/` and `/admin/`, and the token in front of every
/// operation the document puts behind one.
@Suite struct RouterRulesTests {
    /// Paths of each kind, with the methods they take, as `Allow` names them, and the kind of answer a refusal is.
    static let paths: [(path: String, allow: String, json: Bool)] = [
        ("/api/links/xmas", "GET", true), ("/api/openapi.json", "GET", true),
        ("/api/claims/redeem", "POST", true), ("/api/admin/links", "GET, POST", true),
        ("/api/admin/links/xmas", "GET, PATCH, DELETE", true), ("/api/admin/links/xmas/disable", "POST", true),
        ("/api/admin/links/xmas/stats", "GET", true), ("/api/admin/links/xmas/claims", "GET", true),
        ("/api/admin/export", "GET", true), ("/admin/links/xmas", "GET", false), ("/s/xmas", "GET", false),
        ("/c/q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8RfG", "GET", false),
        ("/.well-known/apple-app-site-association", "GET", false), ("/.well-known/assetlinks.json", "GET", false),
    ]

    @Test(arguments: paths, ["PUT", "OPTIONS", "TRACE", "QUERY", "DELETE", "POST"])
    func aMethodAPathDoesNotTakeGets405WithAllow(
        route: (path: String, allow: String, json: Bool), method: String
    ) async throws {
        guard !route.allow.components(separatedBy: ", ").contains(method) else { return }
        try await LinkSiteFixture.with { site in
            let answer = await site.call(method, route.path)
            #expect(answer.status == 405, "\(method) \(route.path)")
            #expect(answer.header("Allow") == route.allow, "\(method) \(route.path)")
            #expect((answer.errorCode == "methodNotAllowed") == route.json, "\(method) \(route.path)")
        }
    }

    @Test(arguments: paths.filter { $0.allow.hasPrefix("GET") })
    func headIsAnsweredAsGetWithoutABody(route: (path: String, allow: String, json: Bool)) async throws {
        try await LinkSiteFixture.with { site in
            _ = await site.call("POST", "/api/admin/links", json: #"{"slug": "xmas", "target": "myapp://cart"}"#)
            let get = await site.call("GET", route.path)
            let head = await site.call("HEAD", route.path)
            #expect(head.status == get.status, "\(route.path)")
            #expect(head.header("Content-Type") == get.header("Content-Type"), "\(route.path)")
            #expect(head.body.isEmpty, "\(route.path)")
        }
    }

    @Test(arguments: ["/api", "/api/", "/api/nothing", "/api/admin/links/xmas/nothing", "/admin/nothing"])
    func anUnknownAddressOfTheAPIGetsItsJSON404(path: String) async throws {
        try await LinkSiteFixture.with { site in
            let answer = await site.call("GET", path)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.errorCode == "notFound", "\(path)")
            #expect(answer.header("Content-Type") == "application/json", "\(path)")
        }
    }

    /// Every operation the document puts behind the token, read from the document the site serves: without a
    /// token, 401 with the challenge, and the handler never runs (no link is made, none is deleted).
    @Test func everyOperationBehindTheTokenRefusesARequestWithoutOne() async throws {
        try await LinkSiteFixture.with { site in
            _ = await site.call("POST", "/api/admin/links", json: #"{"slug": "xmas", "target": "myapp://cart"}"#)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(await site.call("GET", "/api/openapi.json").body))
                    as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            var guarded = 0
            for (path, item) in paths {
                for method in ["get", "post", "patch", "delete"] {
                    guard let operation = item[method] as? [String: Any], operation["security"] != nil else { continue }
                    guarded += 1
                    let address = path.replacingOccurrences(of: "{slug}", with: "xmas")
                    let answer = await site.request(
                        method.uppercased(), address, body: #"{"target": "myapp://cart"}"#,
                        headers: ["Content-Type: application/json"])
                    #expect(answer.status == 401, "\(method) \(path)")
                    #expect(answer.header("WWW-Authenticate") == "Bearer realm=\"switchyard\"", "\(method) \(path)")
                }
            }
            #expect(guarded == 10)
            let links = await site.call("GET", "/api/admin/links").decoded(Components.Schemas.Page.self)?.links
            #expect(links?.map(\.slug) == ["xmas"])
            #expect(links?.first?.disabled == false)
        }
    }
}
