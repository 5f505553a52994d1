import Foundation
import Switchyard
import Testing

/// Deferred outcomes on a cold start: the stream and the observers, the buffer while there are none, and held links
/// replayed once each, in order, however readiness is signalled.
@Suite("Cold start and deferred outcomes")
struct ColdStartTests {
    /// A router whose routes `/0` … `/n` record their name, behind a gate that holds links.
    private static func heldRouter(_ count: Int, ran: Recorder<Int>) throws -> (Router, HeldLinksFilter) {
        let router = Router()
        try router.map("/:n") { request in ran.append(Int(request.parameters["n"] ?? "") ?? -1) }
        let gate = HeldLinksFilter()
        router.addFilter(gate)
        return (router, gate)
    }

    @Test func anObserverSetAfterALinkWasHeldReceivesItsReplay() async throws {
        let ran = Recorder<Int>()
        let (router, gate) = try Self.heldRouter(1, ran: ran)
        let observer = Recorder<RouteOutcome>()
        #expect(await router.route("/1").status == .held)
        router.observeDeferredOutcomes { observer.append($0) }
        await gate.markReady()
        #expect(ran.all == [1])
        #expect(observer.all.map(\.status) == [.handled])
        #expect(observer.all.first?.request?.link.input == "/1")
    }

    @Test func aContinuationDroppedAfterTheObserverWasSetIsReportedToIt() async throws {
        let ran = Recorder<Int>()
        let (router, gate) = try Self.heldRouter(1, ran: ran)
        #expect(await router.route("/1").status == .held)
        #expect(await router.route("/2").status == .held)
        let observer = Recorder<RouteOutcome>()
        router.observeDeferredOutcomes { observer.append($0) }
        #expect(gate.discardHeld() == 2)
        let codes = observer.all.map { ($0.error as? DispatchError)?.code }
        #expect(codes == [.continuationDropped, .continuationDropped])
        #expect(observer.all.compactMap { ($0.error as? DispatchError)?.inputs.first } == ["/1", "/2"])
        #expect(ran.all.isEmpty)
    }

    @Test func aRedirectThatAGateHoldsReportsOnlyItsCompletion() async throws {
        let ran = Recorder<Int>()
        let (router, gate) = try Self.heldRouter(1, ran: ran)
        // A filter before the gate redirects; the gate then holds the redirected request.
        router.removeAllFilters()
        router.addFilter { request, next in
            request.link.input == "/old" ? await next.redirect(to: "/5") : await next(request)
        }
        router.addFilter(gate)
        let observed = Recorder<RouteOutcome>()
        router.observeDeferredOutcomes { observed.append($0) }
        #expect(await router.route("/old").status == .held)
        #expect(observed.all.isEmpty)
        await gate.markReady()
        #expect(observed.all.map(\.status) == [.handled])
        #expect(ran.all == [5])
    }

    @Test func everySubscriberReceivesEveryOutcome() async throws {
        let ran = Recorder<Int>()
        let (router, gate) = try Self.heldRouter(3, ran: ran)
        for n in 1...3 { #expect(await router.route("/\(n)").status == .held) }
        // Subscribing is making an iterator.
        var one = router.deferredOutcomes.makeAsyncIterator()
        var two = router.deferredOutcomes.makeAsyncIterator()
        await gate.markReady()
        for expected in ["/1", "/2", "/3"] {
            #expect(await one.next()?.request?.link.input == expected)
            #expect(await two.next()?.request?.link.input == expected)
        }
    }

    @Test func outcomesKeptWhileNobodyListensGoToTheFirstSubscriberOnly() async throws {
        let ran = Recorder<Int>()
        let (router, gate) = try Self.heldRouter(2, ran: ran)
        for n in 1...2 { #expect(await router.route("/\(n)").status == .held) }
        await gate.markReady()
        #expect(ran.all == [1, 2])
        var first = router.deferredOutcomes.makeAsyncIterator()
        #expect(await first.next()?.request?.link.input == "/1")
        #expect(await first.next()?.request?.link.input == "/2")
        // A later observer hears only what completes from now on.
        let late = Recorder<RouteOutcome>()
        router.observeDeferredOutcomes { late.append($0) }
        #expect(late.all.isEmpty)
        #expect(router.droppedDeferredOutcomeCount == 0)
    }

    @Test func theKeptOutcomesAreBoundedAndTheDroppedCounted() async throws {
        let ran = Recorder<Int>()
        let (router, gate) = try Self.heldRouter(1, ran: ran)
        let extra = 6
        let total = Router.deferredOutcomeBufferLimit + extra
        for n in 0..<total { #expect(await router.route("/\(n)").status == .held) }
        await gate.markReady()
        #expect(ran.all == Array(0..<total))
        #expect(router.droppedDeferredOutcomeCount == extra)
        let kept = Recorder<RouteOutcome>()
        router.observeDeferredOutcomes { kept.append($0) }
        #expect(kept.all.compactMap { $0.request?.link.input } == (extra..<total).map { "/\($0)" })
    }

    @Test func aCancelledObservationHearsNothingMore() async throws {
        let ran = Recorder<Int>()
        let (router, gate) = try Self.heldRouter(1, ran: ran)
        let heard = Recorder<RouteOutcome>()
        let keepsListening = router.observeDeferredOutcomes { _ in }
        router.observeDeferredOutcomes { heard.append($0) }.cancel()
        #expect(await router.route("/1").status == .held)
        await gate.markReady()
        #expect(heard.all.isEmpty)
        keepsListening.cancel()
    }

    @Test func markingNotReadyDuringAReplayStopsItAfterTheLinkUnderWay() async throws {
        let ran = Recorder<Int>()
        let router = Router()
        let gate = HeldLinksFilter()
        try router.map("/:n") { request in
            let n = Int(request.parameters["n"] ?? "") ?? -1
            ran.append(n)
            if n == 2 { gate.markNotReady() }
        }
        router.addFilter(gate)
        for n in 1...4 { #expect(await router.route("/\(n)").status == .held) }
        #expect(await gate.markReady().count == 2)
        #expect(ran.all == [1, 2])
        #expect(gate.heldCount == 2)
        #expect(!gate.isReady)
        #expect(await gate.markReady().count == 2)
        #expect(ran.all == [1, 2, 3, 4])
        #expect(gate.isReady)
    }

    /// Counts the handlers running at once; records the most.
    final class Overlap: @unchecked Sendable {
        // Safe: both counters are only touched while `lock` is held.
        private let lock = NSLock()
        private var running = 0
        private(set) var most = 0

        func enter() {
            lock.lock()
            running += 1
            most = max(most, running)
            lock.unlock()
        }

        func leave() {
            lock.lock()
            running -= 1
            lock.unlock()
        }

        var maximum: Int {
            lock.lock()
            defer { lock.unlock() }
            return most
        }
    }

    @Test(
        "held links replay once each, in order, never overlapping, when readiness is signalled from many tasks",
        arguments: 0..<50)
    func concurrentReadiness(round: Int) async throws {
        let ran = Recorder<Int>()
        let overlap = Overlap()
        let router = Router()
        try router.map("/:n") { request in
            overlap.enter()
            await Task.yield()
            ran.append(Int(request.parameters["n"] ?? "") ?? -1)
            overlap.leave()
        }
        let gate = HeldLinksFilter()
        router.addFilter(gate)
        let count = 20
        for n in 0..<count { #expect(await router.route("/\(n)").status == .held) }
        let replayed = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { await gate.markReady().count } }
            // Links keep arriving while readiness is signalled: they queue behind the held ones, or pass.
            group.addTask {
                for n in count..<(count + 5) { _ = await router.route("/\(n)") }
                return 0
            }
            return await group.reduce(0, +)
        }
        #expect(ran.all.sorted() == Array(0..<(count + 5)))
        #expect(Array(ran.all.prefix(count)) == Array(0..<count))
        #expect(overlap.maximum == 1)
        #expect(replayed >= count)
        #expect(gate.isReady)
        #expect(gate.heldCount == 0)
    }
}
