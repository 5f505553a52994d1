import Switchyard
import Testing

/// Confirmation is decided for each candidate at the moment it would run: a confirming route reached after another
/// candidate declined, or was skipped for its context, still waits for the person. Every way to add a route takes
/// its access.
@Suite("Confirmation per candidate")
struct ConfirmationPerCandidateTests {
    struct Payload: Sendable { let id: Int }

    /// The ways an earlier, higher-priority candidate can pass a link on to the confirming `/account/delete`.
    enum Earlier: String, CaseIterable, Sendable {
        case declines, wantsAnotherContext, typedRouteThatDoesNotDecode
    }

    struct DeleteLink: DeepLinkRoute {
        static let pattern = "/account/:action"
        static let priority = 10
        var action: Int
    }

    static func router(_ earlier: Earlier, _ ran: Recorder<String>) throws -> Router {
        let router = Router()
        switch earlier {
        case .declines:
            try router.mapDeclinable("/account/:action", priority: 10) { _ in .declined }
        case .wantsAnotherContext:
            try router.map("/account/:action", priority: 10, context: Payload.self) { _, _ in ran.append("typed") }
        case .typedRouteThatDoesNotDecode:
            try router.map(DeleteLink.self) { _, _ in ran.append("typed") }
        }
        try router.map("/account/delete", access: RouteAccess(confirms: true)) { _ in ran.append("deleted") }
        return router
    }

    @Test(arguments: Earlier.allCases)
    func aConfirmingRouteWaitsWhenAnEarlierCandidatePassesTheLinkOn(_ earlier: Earlier) async throws {
        let ran = Recorder<String>()
        let router = try Self.router(earlier, ran)
        let outcome = await router.route("myapp://account/delete", origin: .customScheme)
        #expect(outcome.status == .awaitingConfirmation, "\(earlier)")
        #expect(ran.all.isEmpty, "nothing ran before the person confirmed")
        let confirmation = try #require(outcome.confirmation)
        #expect(confirmation.request.route?.expansion == "/account/delete", "the request waits bound to its route")
        #expect(await confirmation.confirm().status == .handled)
        #expect(ran.all == ["deleted"])
    }

    @Test(arguments: Earlier.allCases)
    func fromInsideTheAppTheSameLinkRunsAtOnce(_ earlier: Earlier) async throws {
        let ran = Recorder<String>()
        let router = try Self.router(earlier, ran)
        #expect(await router.route("myapp://account/delete", origin: .inApp).status == .handled)
        #expect(ran.all == ["deleted"])
    }

    @Test func aCandidateThatHandlesBeforeTheConfirmingOneAsksNothing() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/account/:action", priority: 10) { _ in ran.append("first") }
        try router.map("/account/delete", access: RouteAccess(confirms: true)) { _ in ran.append("deleted") }
        let outcome = await router.route("myapp://account/delete", origin: .customScheme)
        #expect(outcome.status == .handled && outcome.confirmation == nil)
        #expect(ran.all == ["first"])
    }

    @Test func aConfirmedRouteThatDeclinesPassesOnAndTheNextConfirmingRouteAsksAgain() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.mapDeclinable("/account/:action", priority: 10, access: RouteAccess(confirms: true)) { _ in
            ran.append("first declined")
            return .declined
        }
        try router.map("/account/delete", access: RouteAccess(confirms: true)) { _ in ran.append("deleted") }
        let first = await router.route("myapp://account/delete", origin: .customScheme)
        #expect(first.confirmation?.request.route?.pattern.written == "/account/:action")
        let second = try await #require(first.confirmation).confirm()
        #expect(second.status == .awaitingConfirmation)
        #expect(second.confirmation?.request.route?.pattern.written == "/account/delete")
        #expect(ran.all == ["first declined"])
        #expect(try await #require(second.confirmation).confirm().status == .handled)
        #expect(ran.all == ["first declined", "deleted"])
    }

    // MARK: - Every way to add a route takes access

    @Test func aDeclinableRouteRefusesAnOriginItDoesNotAccept() async throws {
        let router = Router()
        try router.mapDeclinable("/account/delete", access: RouteAccess(origins: [.inApp])) { _ in .handled }
        #expect(await router.route("myapp://account/delete", origin: .customScheme).status == .originRefused)
        #expect(await router.route("myapp://account/delete", origin: .inApp).status == .handled)
    }

    @Test func aTypedContextRouteRefusesAnOriginItDoesNotAcceptAndConfirmsTheOthers() async throws {
        let ran = Recorder<Int>()
        let router = Router()
        try router.map(
            "/pay/:id", context: Payload.self, access: RouteAccess(origins: [.notification], confirms: true)
        ) { payload, _ in ran.append(payload.id) }
        let refused = await router.route("myapp://pay/1", origin: .customScheme, context: Payload(id: 1))
        #expect(refused.status == .originRefused)
        let waiting = await router.route("myapp://pay/1", origin: .notification, context: Payload(id: 2))
        #expect(waiting.status == .awaitingConfirmation && ran.all.isEmpty)
        #expect(try await #require(waiting.confirmation).confirm().status == .handled)
        #expect(ran.all == [2])
    }

    struct AccountLink: DeepLinkRoute {
        static let pattern = "/account/close/:reason"
        static let access: RouteAccess? = RouteAccess(origins: [.inApp])
        var reason: String
    }

    @Test func aTypedRouteKeepsTheAccessItsTypeDeclaresUnlessTheCallGivesAnother() async throws {
        let declared = Router()
        try declared.map(AccountLink.self) { _, _ in }
        #expect(await declared.route("myapp://account/close/x", origin: .customScheme).status == .originRefused)
        #expect(await declared.route("myapp://account/close/x", origin: .inApp).status == .handled)
        let overridden = Router()
        try overridden.map(AccountLink.self, access: RouteAccess(confirms: true)) { _, _ in }
        #expect(
            await overridden.route("myapp://account/close/x", origin: .customScheme).status == .awaitingConfirmation)
    }
}
