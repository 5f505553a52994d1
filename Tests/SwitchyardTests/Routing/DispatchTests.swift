import Switchyard
import Testing

/// Handlers, declining, fallback and the default route.
@Suite("Dispatch")
struct DispatchTests {
    @Test func handlerDeclinesUnlessTheValueIsYes() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.mapDeclinable("/return/:value") { request in
            ran.append(request.parameters["value"] ?? "")
            return request.parameters["value"] == "yes" ? .handled : .declined
        }
        let no = await router.route("tests://return/no")
        #expect(no.status == .notHandled)
        let yes = await router.route("tests://return/yes")
        #expect(yes.status == .handled)
        #expect(yes.route?.pattern.written == "/return/:value")
        #expect(ran.all == ["no", "yes"])
    }

    @Test func weaklyHeldOwnerDeclinesOnceItIsGone() async throws {
        final class Owner: Sendable {}
        var owner: Owner? = Owner()
        let router = Router()
        try router.mapDeclinable("/test") { [weak owner] _ in owner == nil ? .declined : .handled }
        #expect(await router.route("tests://test").status == .handled)
        owner = nil
        #expect(await router.route("tests://test").status == .notHandled)
    }

    @Test func canRouteRunsNothingWhileRouteFallsToTheDefault() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.mapDeclinable("/q") { _ in
            ran.append("q")
            return .declined
        }
        router.mapDefault { _ in ran.append("default") }
        router.addFilter { request, next in
            ran.append("filter")
            return await next(request)
        }
        #expect(router.canRoute("app://q"))
        #expect(try router.match("app://q")?.route.expansion == "/q")
        #expect(!router.canRoute("app://none"))
        #expect(!router.canRoute("app://q/%ZZ"))
        #expect(ran.all.isEmpty)
        #expect(await router.route("tests://q").status == .handledByDefault)
        #expect(ran.all == ["filter", "q", "default"])
    }

    @Test func schemeFallbackRunsTheDefaultOnce() async throws {
        let ran = Recorder<String>()
        let router = Router()
        router.updateSettings(for: .scheme("ns")) { $0.fallsBackToGlobalRoutes = true }
        router.mapDefault { _ in ran.append("default") }
        #expect(await router.route("ns://nothing").status == .handledByDefault)
        #expect(ran.all == ["default"])
    }

    @Test func defaultRequestHasNoRoute() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("should/never/be/called") { _ in ran.append("never") }
        #expect(await router.route("a/route/that/does/not/exist").status == .notHandled)
        router.mapDefault { request in
            ran.append("default \(request.route == nil) \(request.parameters.isEmpty)")
        }
        let outcome = await router.route("a/route/that/does/not/exist")
        #expect(outcome.status == .handledByDefault)
        #expect(outcome.request?.route == nil)
        #expect(outcome.request?.link.pathComponents == ["a", "route", "that", "does", "not", "exist"])
        #expect(ran.all == ["default true true"])
    }

    @Test func eachRouterRunsItsOwnHandler() async throws {
        let ran = Recorder<String>()
        let first = Router()
        let second = Router()
        try first.map("test/route") { _ in ran.append("first") }
        try second.map("test/route") { _ in ran.append("second") }
        _ = await first.route("test/route")
        _ = await second.route("test/route")
        #expect(ran.all == ["first", "second"])
    }

    @Test func declinedLiteralFallsToTheParameterRoute() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.mapDeclinable("/users/me") { _ in
            ran.append("me")
            return .declined
        }
        try router.map("/users/:id") { request in ran.append("id=\(request.parameters["id"] ?? "")") }
        router.mapDefault { _ in ran.append("default") }
        let outcome = await router.route("app://users/me")
        #expect(outcome.status == .handled)
        #expect(outcome.route?.expansion == "/users/:id")
        #expect(ran.all == ["me", "id=me"])
    }

    @Test func fallbackAfterEverySchemeCandidateDeclines() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.mapDeclinable("/item/:id", in: .scheme("app")) { _ in
            ran.append("scheme")
            return .declined
        }
        try router.map("/item/:id") { _ in ran.append("global") }
        router.mapDefault { request in ran.append("default \(request.link.pathComponents)") }

        #expect(await router.route("app://item/3").status == .handledByDefault)
        #expect(ran.all == ["scheme", "default [\"item\", \"3\"]"])

        router.updateSettings(for: .scheme("app")) { $0.fallsBackToGlobalRoutes = true }
        let handled = await router.route("app://item/3")
        #expect(handled.status == .handled)
        #expect(handled.route?.table == .global)
        #expect(handled.request?.parameters == ["id": "3"])

        let declining = Router()
        try declining.mapDeclinable("/item/:id", in: .scheme("app")) { _ in .declined }
        try declining.mapDeclinable("/item/:id") { _ in .declined }
        declining.updateSettings(for: .scheme("app")) { $0.fallsBackToGlobalRoutes = true }
        declining.mapDefault { _ in ran.append("default once") }
        let outcome = await declining.route("app://item/3")
        #expect(outcome.status == .handledByDefault)
        #expect(outcome.request?.route == nil)
        #expect(ran.all.filter { $0 == "default once" }.count == 1)
    }

    struct Broken: Error, Equatable {}

    @Test func throwingHandlerFailsTheRoute() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/a/:x") { _ in throw Broken() }
        try router.map("/a/*") { _ in ran.append("wildcard") }
        router.mapDefault { _ in ran.append("default") }
        let outcome = await router.route("app://a/1")
        #expect(outcome.status == .failed)
        #expect(outcome.error as? Broken == Broken())
        #expect(outcome.request?.route?.expansion == "/a/:x")
        #expect(ran.all.isEmpty)
    }

    @Test func handlerThatRoutesAgainDoesNotDeadlock() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/a") { [unowned router] _ in
            let inner = await router.route("app://b")
            ran.append("a after \(inner.status)")
        }
        try router.map("/b") { _ in ran.append("b") }
        #expect(await router.route("app://a").status == .handled)
        #expect(ran.all == ["b", "a after handled"])
    }

    @Test func rejectedInputRunsNothing() async throws {
        // No filter, handler or default
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/a/:x") { _ in ran.append("handler") }
        router.mapDefault { _ in ran.append("default") }
        router.addFilter { request, next in
            ran.append("filter")
            return await next(request)
        }
        let outcome = await router.route("app://a/b%00c")
        #expect(outcome.status == .rejected)
        #expect(outcome.rejection?.code == .controlCharacter)
        #expect(outcome.rejection?.position == 9)
        #expect(outcome.request == nil)
        #expect(ran.all.isEmpty)
    }

    @Test func routeWithoutAHandlerHandlesByItself() async throws {
        let router = try Router(["/product/:id"])
        let outcome = await router.route("myapp://product/7")
        #expect(outcome.status == .handled)
        #expect(outcome.request?.parameters == ["id": "7"])
        #expect(outcome.description == "handled by /product/:id")
    }

    @Test func callerContextIsNeverMergedIntoParameters() async throws {
        let router = Router()
        let seen = Recorder<RouteRequest>()
        try router.map("/foo/:routeParam") { request in seen.append(request) }
        let context: [String: any Sendable] = ["stringParam": "stringValue", "nonStringParam": 123]
        #expect(await router.route("/foo/bar", context: context).status == .handled)
        let request = try #require(seen.all.first)
        #expect(request.parameters == ["routeParam": "bar"])
        #expect(request.context(as: [String: any Sendable].self)?["nonStringParam"] as? Int == 123)
        #expect(request.context(as: Int.self) == nil)
        #expect(!request.isExternal)
    }

    /// A request carries its route; were the handler reachable from the route, a handler that keeps its requests
    /// would keep itself, and what it holds, alive after the router is gone.
    @Test func aRequestDoesNotKeepItsHandlerAlive() async throws {
        weak var weakRecorder: Recorder<RouteRequest>?
        do {
            let router = Router()
            let seen = Recorder<RouteRequest>()
            weakRecorder = seen
            try router.map("/foo/:id") { request in seen.append(request) }
            try router.add("/bar/:id")
            #expect(await router.route("/foo/1").status == .handled)
            #expect(seen.all.first?.parameters == ["id": "1"])
            // Removing and re-adding keeps each route's own action.
            #expect(router.removeRoutes(pattern: "/bar/:id") == 1)
            #expect(await router.route("/foo/2").status == .handled)
            #expect(seen.all.count == 2)
        }
        #expect(weakRecorder == nil)
    }

    /// Removing rebuilds the table from the routes and behaviours it keeps: the others keep their handlers and
    /// constraints, and a shape left with one route is no longer a duplicate.
    @Test func removingARouteKeepsWhatTheOthersRunAndRecountsDuplicates() async throws {
        let router = Router()
        let seen = Recorder<String>()
        try router.map("/item/:id", constraints: ["id": .digits]) { request in
            seen.append(request.parameters["id"] ?? "")
        }
        try router.add("/item/:code", name: "twin")
        try router.add("/other")
        #expect(router.routes.map(\.isDuplicate) == [true, true, false])
        #expect(router.removeRoutes(named: "twin") == 1)
        #expect(router.routes.map(\.expansion) == ["/item/:id", "/other"])
        #expect(router.routes.map(\.isDuplicate) == [false, false])
        #expect(await router.route("/item/7").status == .handled)
        #expect(seen.all == ["7"])
        #expect(try router.match("/item/x") == nil)
    }

    /// The same for a constraint: a match carries its route, and the route must not hold the constraint's test.
    @Test func aMatchDoesNotKeepItsRoutesConstraintAlive() throws {
        weak var weakRecorder: Recorder<RouteMatch>?
        do {
            let router = Router()
            let kept = Recorder<RouteMatch>()
            weakRecorder = kept
            let known = ParameterConstraint("known") { value in kept.all.count < 10 && value != "0" }
            try router.add("/item/:id", constraints: ["id": known])
            kept.append(try #require(try router.match("/item/1")))
            #expect(try router.match("/item/0") == nil)
            #expect(router.explain("/item/0").nearMisses.first?.reason.contains("known") == true)
        }
        #expect(weakRecorder == nil)
    }
}

/// Context-typed routes.
@Suite("Context types")
struct ContextTypeTests {
    struct PayContext: Sendable, Equatable { var amount: Int }

    @Test func mismatchedContextSkipsToTheNextRoute() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/pay/:id", context: PayContext.self) { pay, _ in ran.append("typed \(pay.amount)") }
        try router.map("/pay/:id") { _ in ran.append("untyped") }
        let outcome = await router.route("app://pay/1", context: "x")
        #expect(outcome.status == .handled)
        #expect(outcome.skippedRoutes.map(\.expansion) == ["/pay/:id"])
        #expect(await router.route("app://pay/1", context: PayContext(amount: 5)).status == .handled)
        #expect(ran.all == ["untyped", "typed 5"])
    }

    @Test func onlyMismatchedRoutesGiveWrongContextType() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/pay/:id", context: PayContext.self) { _, _ in ran.append("typed") }
        let outcome = await router.route("app://pay/1", context: "x")
        #expect(outcome.status == .wrongContextType)
        #expect(outcome.skippedRoutes.count == 1)
        #expect(await router.route("app://pay/1").status == .wrongContextType)
        router.mapDefault { _ in ran.append("default") }
        #expect(await router.route("app://pay/1", context: "x").status == .handledByDefault)
        #expect(ran.all == ["default"])
    }
}
