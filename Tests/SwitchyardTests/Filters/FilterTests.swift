import Switchyard
import Testing

/// Filter chains.
@Suite("Filters")
struct FilterTests {
    @Test func filterSeesTheLoweredSchemeAndRunsWithoutRoutes() async throws {
        let seen = Recorder<String>()
        let router = Router()
        router.addFilter { request, next in
            seen.append("\(request.link.scheme ?? "nil") \(request.isExternal) \(request.link.pathComponents)")
            return await next(request)
        }
        #expect(await router.route("myURLSchema:an/awesome/route").status == .notHandled)
        #expect(await router.route("an/awesome/route").status == .notHandled)
        #expect(
            seen.all == [
                "myurlschema true [\"an\", \"awesome\", \"route\"]", "nil false [\"an\", \"awesome\", \"route\"]",
            ])
    }

    @Test func filterSeesParametersBeforeTheHandler() async throws {
        let seen = Recorder<String>()
        let router = Router()
        try router.map("test/route/with/:value") { _ in seen.append("handler") }
        router.addFilter { request, next in
            seen.append("filter \(request.parameters["value"] ?? "-")")
            return await next(request)
        }
        _ = await router.route("test/route/with/1234")
        #expect(seen.all == ["filter 1234", "handler"])
    }

    @Test func filtersRunInTheOrderAdded() async throws {
        let log = Recorder<String>()
        let router = Router()
        router.addFilter { request, next in
            log.append("one")
            return await next(request)
        }
        _ = await router.route("some/route")
        #expect(log.all == ["one"])
        router.addFilter { request, next in
            log.append("two")
            return await next(request)
        }
        router.mapDefault { request in log.append("default \(request.route == nil)") }
        _ = await router.route("app://nowhere")
        #expect(log.all == ["one", "one", "two", "default true"])
    }

    @Test func stoppingFilterRunsNeitherHandlerNorDefault() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/account/settings", name: "account.settings") { _ in ran.append("handler") }
        router.mapDefault { _ in ran.append("default") }
        router.addFilter { request, next in
            if request.route?.name?.hasPrefix("account.") == true { return .stopped(request) }
            return await next(request)
        }
        let outcome = await router.route("app://account/settings")
        #expect(outcome.status == .stopped)
        #expect(outcome.request?.route?.name == "account.settings")
        #expect(ran.all.isEmpty)
    }

    @Test func redirectPassesTheTargetThroughTheWholeChain() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/old/:id") { _ in ran.append("old") }
        try router.map("/new/:id") { request in ran.append("new \(request.parameters["id"] ?? "")") }
        router.addFilter { request, next in
            ran.append("count")
            return await next(request)
        }
        router.addFilter { request, next in
            if request.route?.expansion == "/old/:id", let id = request.parameters["id"] {
                return await next.redirect(to: "app://new/\(id)")
            }
            return await next(request)
        }
        let outcome = await router.route("app://old/7")
        #expect(outcome.status == .handled)
        #expect(outcome.route?.expansion == "/new/:id")
        #expect(outcome.request?.redirectedFrom == ["app://old/7"])
        #expect(ran.all == ["count", "count", "new 7"])
    }

    @Test func redirectLoopIsCutAfterTenHops() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/a") { _ in ran.append("a") }
        try router.map("/b") { _ in ran.append("b") }
        router.addFilter { request, next in
            await next.redirect(to: request.link.pathComponents == ["a"] ? "app://b" : "app://a")
        }
        let outcome = await router.route("app://a")
        #expect(outcome.status == .failed)
        let error = try #require(outcome.error as? DispatchError)
        #expect(error.code == .redirectLoop)
        #expect(error.inputs == (0...11).map { $0.isMultiple(of: 2) ? "app://a" : "app://b" })
        #expect(ran.all.isEmpty)
    }

    @Test("ten redirects are allowed, the eleventh fails", arguments: [(10, true), (11, false)])
    func redirectLimit(limit: Int, handled: Bool) async throws {
        let router = Router()
        try router.map("/r/:n") { _ in }
        router.addFilter { request, next in
            if let n = request.parameters["n"].flatMap(Int.init), n < limit {
                return await next.redirect(to: "app://r/\(n + 1)")
            }
            return await next(request)
        }
        let outcome = await router.route("app://r/0")
        if handled {
            #expect(outcome.status == .handled)
            #expect(outcome.request?.parameters == ["n": "10"])
        } else {
            #expect(outcome.status == .failed)
            #expect((outcome.error as? DispatchError)?.inputs == (0...11).map { "app://r/\($0)" })
        }
    }

    @Test func filterChangesReachTheHandler() async throws {
        let seen = Recorder<[QueryItem]>()
        let router = Router()
        try router.map("/item/:id") { request in seen.append(Array(request.query)) }
        router.addFilter { request, next in
            var request = request
            request.query.append(QueryItem(name: "source", value: "push"))
            return await next(request)
        }
        _ = await router.route("app://item/1")
        #expect(seen.all == [[QueryItem(name: "source", value: "push")]])
    }

    @Test func filtersRunOnceAndEachHandlerGetsItsOwnRoute() async throws {
        let seen = Recorder<String>()
        let router = Router()
        try router.mapDeclinable("/users/me") { _ in .declined }
        try router.map("/users/:id") { request in
            seen.append(
                "handler \(request.route?.expansion ?? "-") \(request.parameters) \(request.context(as: Int.self) ?? 0)"
            )
        }
        router.addFilter { request, next in
            seen.append("filter \(request.route?.expansion ?? "-") \(request.candidates.map(\.expansion))")
            var request = request
            request.context = 42
            return await next(request)
        }
        _ = await router.route("app://users/me")
        #expect(
            seen.all == [
                "filter /users/me [\"/users/me\", \"/users/:id\"]", "handler /users/:id [\"id\": \"me\"] 42",
            ])
    }

    @Test func heldRequestRunsOnceWhenContinuedAndASecondCallIsReported() async throws {
        let ran = Recorder<String>()
        let observed = Recorder<RouteOutcome>()
        let parked = Recorder<(RouteRequest, FilterContinuation)>()
        let router = Router()
        router.observeDeferredOutcomes { observed.append($0) }
        try router.map("/item/:id") { _ in ran.append("handler") }
        router.addFilter { request, next in
            parked.append((request, next))
            return .held(request)
        }
        let outcome = await router.route("app://item/1")
        #expect(outcome.status == .held)
        #expect(ran.all.isEmpty)
        let (request, next) = try #require(parked.all.first)
        #expect(await next(request).status == .handled)
        #expect(ran.all == ["handler"])
        let second = await next(request)
        #expect(second.status == .failed)
        #expect((second.error as? DispatchError)?.code == .continuedTwice)
        #expect(ran.all == ["handler"])
        #expect(observed.all.map(\.status) == [.handled, .failed])
    }

    @Test func droppedContinuationIsReported() async throws {
        let observed = Recorder<RouteOutcome>()
        let router = try Router(["/item/:id"])
        router.observeDeferredOutcomes { observed.append($0) }
        router.addFilter { request, _ in .held(request) }
        #expect(await router.route("app://item/1").status == .held)
        #expect(observed.all.count == 1)
        let error = try #require(observed.all.first?.error as? DispatchError)
        #expect(error.code == .continuationDropped)
        #expect(error.inputs == ["app://item/1"])
    }

    @Test func continuationUsedBeforeHoldingIsStillReported() async throws {
        let observed = Recorder<RouteOutcome>()
        let router = try Router(["/a"])
        router.observeDeferredOutcomes { observed.append($0) }
        router.addFilter { request, next in
            _ = await next(request)
            return .held(request)
        }
        #expect(await router.route("a").status == .held)
        #expect(observed.all.map(\.status) == [.handled])
    }

    @Test func heldLinksReplayInOrderWhenReady() async throws {
        let ran = Recorder<String>()
        let observed = Recorder<RouteOutcome>()
        let router = Router()
        router.observeDeferredOutcomes { observed.append($0) }
        for name in ["a", "b", "c"] { try router.map("/\(name)") { _ in ran.append(name) } }
        let gate = HeldLinksFilter()
        router.addFilter(gate)
        #expect(await router.route("app://a").status == .held)
        #expect(await router.route("app://b").status == .held)
        #expect(ran.all.isEmpty)
        #expect(gate.heldCount == 2)
        let replayed = await gate.markReady()
        #expect(replayed.map(\.route?.expansion) == ["/a", "/b"])
        #expect(ran.all == ["a", "b"])
        #expect(observed.all.map(\.route?.expansion) == ["/a", "/b"])
        #expect(gate.isReady)
        #expect(await router.route("app://c").status == .handled)
        #expect(ran.all == ["a", "b", "c"])
        gate.markNotReady()
        #expect(await router.route("app://c").status == .held)
        #expect(gate.discardHeld() == 1)
    }

    @Test func usedContinuationLetsGoOfItsRouter() async throws {
        let kept = Recorder<FilterContinuation>()
        weak var released: Router?
        do {
            let router = try Router(["/a"])
            released = router
            router.addFilter { request, next in
                kept.append(next)
                return await next(request)
            }
            #expect(await router.route("a").status == .handled)
        }
        #expect(kept.all.count == 1)
        #expect(released == nil)
    }

    @Test func heldLinkKeepsItsRouterAliveUntilDiscarded() async throws {
        let gate = HeldLinksFilter()
        weak var released: Router?
        do {
            let router = try Router(["/a"])
            released = router
            router.addFilter(gate)
            #expect(await router.route("a").status == .held)
        }
        #expect(released != nil)
        gate.discardHeld()
        #expect(released == nil)
    }

    @Test func discardedHeldLinksAreReportedAndNeverRun() async throws {
        let ran = Recorder<String>()
        let observed = Recorder<RouteOutcome>()
        let router = Router()
        router.observeDeferredOutcomes { observed.append($0) }
        try router.map("/orders/:id") { request in ran.append(request.parameters["id"] ?? "") }
        let gate = HeldLinksFilter()
        router.addFilter(gate)
        #expect(await router.route("app://orders/1").status == .held)
        #expect(await router.route("app://orders/2").status == .held)
        #expect(gate.discardHeld() == 2)
        #expect(gate.heldCount == 0)
        #expect(
            observed.all.compactMap { ($0.error as? DispatchError)?.code } == [
                .continuationDropped, .continuationDropped,
            ])
        #expect(
            observed.all.compactMap { ($0.error as? DispatchError)?.inputs } == [
                ["app://orders/1"], ["app://orders/2"],
            ])
        #expect(await gate.markReady().isEmpty)
        #expect(ran.all.isEmpty)
    }
}

/// Explanations.
@Suite("Explanations")
struct ExplanationTests {
    @Test func nearestRouteAndTheFirstComponentThatFailed() throws {
        let router = try Router(["/a/b/c", "/z"])
        let explanation = router.explain("app://a/b/x")
        #expect(explanation.matches.isEmpty)
        #expect(explanation.nearMisses.map(\.route.expansion) == ["/a/b/c"])
        #expect(explanation.nearMisses.first?.failedComponent == 2)
        #expect(
            explanation.description == """
                app://a/b/x: no route matches in table global
                  nearest: /a/b/c: component 2 "x" does not equal the literal "c"
                """)
    }

    @Test func explanationOfAMatchAndOfARejection() throws {
        let router = Router()
        try router.add("/item/:id", constraints: ["id": .digits])
        #expect(router.explain("item/7").matches.map(\.parameters) == [["id": "7"]])
        #expect(
            router.explain("item/x").nearMisses.first?.reason
                == "component 1 \"x\" fails the constraint on :id (digits)")
        #expect(
            router.explain("item").nearMisses.first?.reason
                == "the link ends after 1 component(s); the route needs more")
        #expect(router.explain("item/%ZZ").rejection?.code == .invalidPercentEncoding)
    }

    @Test func explanationNotesATableWithoutFallback() throws {
        let router = try Router(["/a"])
        try router.add("/b", in: .scheme("app"))
        #expect(router.explain("app://a").notes == ["the table app does not fall back to the global table"])
    }
}
