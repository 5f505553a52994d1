import Foundation
import Switchyard
import Testing

/// A navigation session opens a link from the origin it came from, as the router routes it: a route that refuses
/// the origin opens nothing, a route that confirms waits for the person, and a redirect's target is checked too.
@Suite("A session's links and their origins")
struct SessionAccessTests {
    static let file = """
        {
          "routes": [
            { "pattern": "/", "name": "home", "presentation": "root" },
            { "pattern": "/product/:id", "name": "product" },
            { "pattern": "/account/delete", "name": "delete", "origins": ["inApp", "notification"], "confirm": true },
            { "pattern": "/old/delete", "name": "old", "redirect": "/account/delete" },
            { "pattern": "/orders/:id", "name": "order", "origins": ["universalLink"] }
          ]
        }
        """

    static func session() throws -> NavigationSession {
        let file = try RouteFile(data: Data(Self.file.utf8), path: "access.json")
        return NavigationSession(navigator: try file.makeNavigator())
    }

    static let refusals: [(link: String, origin: LinkOrigin?)] = [
        ("myapp://account/delete", .customScheme), ("myapp://account/delete", nil),
        ("myapp://old/delete", .customScheme), ("myapp://orders/7", .customScheme), ("myapp://orders/7", .inApp),
    ]

    @Test(arguments: refusals)
    func aLinkFromAnOriginItsRouteRefusesOpensNothing(_ row: (link: String, origin: LinkOrigin?)) async throws {
        let session = try Self.session()
        let before = session.tree
        guard case .failed(let error) = await session.open(row.link, origin: row.origin) else {
            Issue.record("\(row.link) from \(row.origin?.name ?? "nowhere") opened")
            return
        }
        #expect(error.code == .originRefused)
        #expect(session.tree == before)
    }

    /// The confirmation `myapp://account/delete` from a notification waits for, with nothing moved.
    static func waitingConfirmation(in session: NavigationSession) async throws -> NavigationConfirmation {
        let before = session.tree
        let result = await session.open("myapp://account/delete", origin: .notification)
        guard case .confirming(let confirmation) = result else {
            throw SessionError(message: "did not wait: \(result)")
        }
        #expect(session.tree == before, "nothing moved before the person answered")
        return confirmation
    }

    struct SessionError: Error { let message: String }

    @Test func aConfirmingRouteWaitsForThePersonThenOpens() async throws {
        let session = try Self.session()
        let confirmation = try await Self.waitingConfirmation(in: session)
        #expect(confirmation.destination.route == "delete")
        let opened = await confirmation.confirm()
        #expect(opened.plan?.target.path.last?.route == "delete")
        guard case .failed(let twice) = await confirmation.confirm() else {
            Issue.record("a second answer did something")
            return
        }
        #expect(twice.code == .answeredTwice)
    }

    @Test func aCancelledConfirmationOpensNothing() async throws {
        let session = try Self.session()
        let before = session.tree
        let confirmation = try await Self.waitingConfirmation(in: session)
        guard case .failed(let cancelled) = confirmation.cancel() else {
            Issue.record("the cancel opened something")
            return
        }
        #expect(cancelled.code == .cancelled)
        #expect(session.tree == before)
    }

    @Test(arguments: [
        ("myapp://account/delete", LinkOrigin.inApp), ("myapp://old/delete", .inApp),
        ("myapp://product/7", .customScheme),
        ("https://shop.example.com/orders/7", .universalLink),
    ])
    func aLinkItsRouteAcceptsWithoutConfirmationOpensAtOnce(link: String, origin: LinkOrigin) async throws {
        let session = try Self.session()
        #expect(await session.open(link, origin: origin).plan != nil, "\(link)")
    }
}
