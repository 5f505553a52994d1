import Switchyard
import Testing

/// A route that confirms its action: the outcome asks the app, which confirms or cancels once; a confirmation that
/// is dropped or used twice is reported, as a held link's continuation is.
@Suite("Confirmation")
struct ConfirmationTests {
    static func router(_ ran: Recorder<String>, observed: Recorder<RouteOutcome>) throws -> Router {
        let router = Router()
        router.observeDeferredOutcomes { observed.append($0) }
        try router.map("/account/delete", access: RouteAccess(confirms: true)) { _ in ran.append("deleted") }
        return router
    }

    @Test func confirmingRunsTheHandlerOnce() async throws {
        let ran = Recorder<String>()
        let observed = Recorder<RouteOutcome>()
        let router = try Self.router(ran, observed: observed)
        let outcome = await router.route("myapp://account/delete", origin: .customScheme)
        let confirmation = try #require(outcome.confirmation)
        #expect(outcome.status == .awaitingConfirmation && ran.all.isEmpty)
        #expect(confirmation.request.route?.expansion == "/account/delete")
        #expect(await confirmation.confirm().status == .handled)
        #expect(ran.all == ["deleted"])
        #expect(observed.all.map(\.status) == [.handled])
    }

    @Test func cancellingRunsNothing() async throws {
        let ran = Recorder<String>()
        let observed = Recorder<RouteOutcome>()
        let router = try Self.router(ran, observed: observed)
        let confirmation = try #require(
            await router.route("myapp://account/delete", origin: .notification).confirmation)
        #expect(await confirmation.cancel().status == .cancelled)
        #expect(ran.all.isEmpty)
        #expect(observed.all.map(\.status) == [.cancelled])
    }

    @Test func aSecondCallRunsNothingAndIsReported() async throws {
        let ran = Recorder<String>()
        let observed = Recorder<RouteOutcome>()
        let router = try Self.router(ran, observed: observed)
        let confirmation = try #require(
            await router.route("myapp://account/delete", origin: .customScheme).confirmation)
        #expect(await confirmation.confirm().status == .handled)
        let second = await confirmation.cancel()
        #expect(second.status == .failed)
        #expect((second.error as? DispatchError)?.code == .continuedTwice)
        #expect(await confirmation.confirm().status == .failed)
        #expect(ran.all == ["deleted"])
        #expect(observed.all.map(\.status) == [.handled, .failed, .failed])
    }

    @Test func aDroppedConfirmationIsReported() async throws {
        let ran = Recorder<String>()
        let observed = Recorder<RouteOutcome>()
        let router = try Self.router(ran, observed: observed)
        do {
            let outcome = await router.route("myapp://account/delete", origin: .customScheme)
            #expect(outcome.confirmation != nil)
        }
        #expect(ran.all.isEmpty)
        #expect(observed.all.map { ($0.error as? DispatchError)?.code } == [.continuationDropped])
    }

    @Test func confirmAndCancelRacingRunTheHandlerAtMostOnce() async throws {
        for _ in 0..<200 {
            let ran = Recorder<String>()
            let observed = Recorder<RouteOutcome>()
            let router = try Self.router(ran, observed: observed)
            let confirmation = try #require(
                await router.route("myapp://account/delete", origin: .shortcut).confirmation)
            async let confirmed = confirmation.confirm()
            async let cancelled = confirmation.cancel()
            let statuses = await [confirmed.status, cancelled.status]
            #expect(statuses.filter { $0 == .failed }.count == 1, "one call decides, the other is reported")
            #expect(ran.all.count <= 1)
            #expect(ran.all.count == (statuses.contains(.handled) ? 1 : 0))
        }
    }

    @Test func aHeldLinkIsConfirmedWhenItIsReplayed() async throws {
        let ran = Recorder<String>()
        let observed = Recorder<RouteOutcome>()
        let router = try Self.router(ran, observed: observed)
        let gate = HeldLinksFilter()
        router.addFilter(gate)
        #expect(await router.route("myapp://account/delete", origin: .customScheme).status == .held)
        let replayed = await gate.markReady()
        let confirmation = try #require(replayed.first?.confirmation)
        #expect(replayed.map(\.status) == [.awaitingConfirmation])
        #expect(ran.all.isEmpty)
        #expect(await confirmation.confirm().status == .handled)
        #expect(ran.all == ["deleted"])
        #expect(observed.all.map(\.status) == [.awaitingConfirmation, .handled])
    }

    @Test func anObserverThatKeepsAConfirmationsOutcomeLeaksNothing() async throws {
        // The outcome holds its confirmation; the confirmation must not hold the router's outcome hub, which holds
        // the observer that keeps the outcome.
        weak var keptOutcomes: Recorder<RouteOutcome>?
        do {
            let observed = Recorder<RouteOutcome>()
            keptOutcomes = observed
            let router = try Self.router(Recorder<String>(), observed: observed)
            let gate = HeldLinksFilter()
            router.addFilter(gate)
            _ = await router.route("myapp://account/delete", origin: .customScheme)
            let replayed = await gate.markReady()
            _ = await replayed.first?.confirmation?.confirm()
            #expect(observed.all.map(\.status) == [.awaitingConfirmation, .handled])
        }
        #expect(keptOutcomes == nil)
    }
}
