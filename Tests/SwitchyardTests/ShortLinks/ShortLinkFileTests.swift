import Foundation
import Switchyard
import Testing

@Suite("Short links in a route file")
struct ShortLinkFileTests {
    private static func json(_ routes: String, shortLinks: String, https: Bool = true) -> String {
        let schemes =
            https
            ? #", "schemes": {"https": {"allowedHosts": ["go.example.com", "shop.example.com"], "fallsBackToGlobal": true, "routes": []}}"#
            : ""
        return #"{"routes": [\#(routes)], "shortLinks": \#(shortLinks)\#(schemes)}"#
    }

    @Test func theFileDeclaresItsShortLinkSite() throws {
        let file = try RouteFile(
            data: Data(
                Self.json(
                    #"{"pattern": "/product/:id", "destination": "P"}"#,
                    shortLinks: #"{"host": "Go.Example.com", "prefix": "/s"}"#
                ).utf8),
            path: "routes.json")
        #expect(file.shortLinks == (try ShortLinkSite(host: "go.example.com", prefix: "/s")))
    }

    static let refused: [(shortLinks: String, location: String)] = [
        (#"{"prefix": "/s"}"#, "shortLinks"),
        (#"{"host": "go.example.com", "prefix": "/a b"}"#, "shortLinks"),
        (#"{"host": "go.example.com", "path": "/s"}"#, "shortLinks.path"),
        (#"{"host": 7}"#, "shortLinks.host"),
        (#""go.example.com""#, "shortLinks"),
    ]

    @Test("a short-link declaration the site cannot serve is an error at its place", arguments: refused)
    func refusesBadDeclarations(shortLinks: String, location: String) {
        let error = #expect(throws: RouteFileError.self) {
            try RouteFile(data: Data(Self.json("", shortLinks: shortLinks).utf8), path: "routes.json")
        }
        #expect(error?.location == location)
    }

    static let collisions: [(routes: String, shortLinks: String, collides: Bool)] = [
        (#"{"pattern": "/s/:code", "destination": "Promo"}"#, #"{"host": "go.example.com", "prefix": "/s"}"#, true),
        (#"{"pattern": "/*", "destination": "Web"}"#, #"{"host": "go.example.com", "prefix": "/s"}"#, true),
        (#"{"pattern": "/:page", "destination": "Page"}"#, #"{"host": "go.example.com"}"#, true),
        (#"{"pattern": "/s/new", "destination": "New"}"#, #"{"host": "go.example.com", "prefix": "/s"}"#, false),
        (#"{"pattern": "/s/:code", "destination": "Promo"}"#, #"{"host": "links.example.org", "prefix": "/s"}"#, false),
        (#"{"pattern": "/product/:id", "destination": "P"}"#, #"{"host": "go.example.com", "prefix": "/s"}"#, false),
    ]

    @Test("check reports a route that takes the site's short links", arguments: collisions)
    func checkReportsCollisions(routes: String, shortLinks: String, collides: Bool) {
        let findings = RouteFile.check(data: Data(Self.json(routes, shortLinks: shortLinks).utf8), path: "routes.json")
        let collision = findings.first { $0.code == .shortLinkCollision }
        #expect((collision != nil) == collides)
        if collides {
            #expect(collision?.locations == ["routes[0]", "shortLinks"])
            #expect(collision?.example?.hasSuffix("x-short-link-probe_0") == true)
        }
    }
}
