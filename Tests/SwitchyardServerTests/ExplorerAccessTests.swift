import Foundation
import Testing

/// The explorer shows who may open each route, and its match box says what a link from the origin picked does.
@Suite("Route explorer: origins", .timeLimit(.minutes(2)))
struct ExplorerAccessTests {
    static let cases: [(origin: String, verdict: String)] = [
        (
            "customScheme",
            "<dt>Refused</dt><dd>A link from customScheme is refused (<code>originRefused</code>): nothing runs.</dd>"
        ),
        (
            "",
            "<dt>Refused</dt><dd>A link from an origin not said is refused (<code>originRefused</code>): nothing runs.</dd>"
        ),
        (
            "notification",
            "<dt>Asks first</dt><dd>A link from notification waits for the person to confirm (<code>awaitingConfirmation</code>).</dd>"
        ),
        ("inApp", "<dt>Opens</dt><dd>A link from inApp opens the route.</dd>"),
    ]

    @available(macOS 14, iOS 17, tvOS 17, *)
    @Test func theMatchBoxSaysWhatALinkFromThePickedOriginDoes() async throws {
        try await LiveServer.withExplorer(path: ServerTests.shopPath) { port in
            for (origin, verdict) in Self.cases {
                let reply = try #require(
                    try await LiveServer.get("/match?url=myapp%3A%2F%2Faccount%2Fdelete&origin=\(origin)", port: port))
                #expect(reply.body.contains(verdict), "\(origin): \(reply.body)")
            }
            let open = try #require(try await LiveServer.get("/match?url=%2Fsearch&origin=customScheme", port: port))
            #expect(open.body.contains("<dt>Opens</dt><dd>The route accepts every origin, customScheme included.</dd>"))
            let page = try #require(try await LiveServer.get("/?url=%2Fsearch&origin=shortcut", port: port))
            #expect(page.body.contains(#"<option value="shortcut" selected>shortcut</option>"#))
            #expect(
                page.body.contains(
                    #"<span class="access">opens from inApp, notification; asks to confirm a link from outside the app</span>"#
                ))
        }
    }
}
