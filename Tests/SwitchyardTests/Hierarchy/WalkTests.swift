import Switchyard
import Testing

/// A screen in a test hierarchy.
final class Screen: Routable {
    let name: String
    let routes = RouteLevel()

    init(_ name: String) { self.name = name }
}

/// Hierarchical routing, as AUTRouting does it.
@Suite("Hierarchical walk")
struct WalkTests {
    @Test func tablesListAddAndRemoveRoutes() throws {
        let screen = Screen("root")
        try screen.routes.add("road/to/:city") { _ in nil }
        try screen.routes.add("road") { _ in nil }
        try screen.routes.add("user/:user_id") { _ in nil }
        #expect(screen.routes.routes.count == 3)
        try screen.routes.add("road/to/:city") { _ in nil }
        #expect(screen.routes.routes.filter(\.isDuplicate).map(\.expansion) == ["/road/to/:city", "/road/to/:city"])
        #expect(screen.routes.removeRoutes(pattern: "road/to/:city") == 2)
        #expect(screen.routes.removeRoutes(pattern: "never") == 0)
        #expect(screen.routes.routes.count == 2)
    }

    @Test func canRouteLooksAtAPrefix() throws {
        let screen = Screen("root")
        try screen.routes.add("road") { _ in nil }
        #expect(screen.routes.canRoute("custom:/road"))
        #expect(!screen.routes.canRoute("custom:/location"))
    }

    @Test func theLongestRouteWinsAtALevel() async throws {
        let screen = Screen("root")
        try screen.routes.add("road/to/:city") { _ in nil }
        try screen.routes.add("road") { _ in nil }
        try screen.routes.add("user/:user_id") { _ in nil }
        try screen.routes.add("a/:x") { _ in nil }
        try screen.routes.add("a/b") { _ in nil }
        let berlin = try await screen.route("https://road/to/berlin")
        #expect(berlin.steps.map(\.route.expansion) == ["/road/to/:city"])
        #expect(berlin.steps.first?.parameters == ["city": "berlin"])
        #expect(try await screen.route("https://road").steps.map(\.parameters) == [[:]])
        #expect(try await screen.route("custom:/a/b").steps.map(\.route.expansion) == ["/a/b"])
    }

    @Test func aRouteMatchesOnlyWhenAllItsSegmentsDo() async throws {
        let screen = Screen("root")
        try screen.routes.add("state/city") { _ in nil }
        await #expect {
            try await screen.route("custom:/state/town")
        } throws: { error in
            (error as? WalkError)?.code == .noMatch && (error as? WalkError)?.remaining == ["state", "town"]
        }
        await #expect {
            try await screen.route("custom:/state")
        } throws: { error in
            (error as? WalkError)?.remaining == ["state"]
        }
    }

    @Test func tokenRoutesAndChildren() async throws {
        let child = Screen("R")
        let root = Screen("root")
        try root.routes.addToken("city") { token, _ in token == "berlin" ? nil : child }
        try root.routes.add("city") { _ in child }
        #expect(try await root.route("https://city/berlin").steps.first?.token == "berlin")
        let ended = try await root.route("https://city")
        #expect((ended.steps.last?.result as? Screen)?.name == "R")
        await #expect {
            try await root.route("https://city/road/number")
        } throws: { error in
            // `city/road` is the token route (longest prefix: two components); its child has no routes.
            (error as? WalkError)?.code == .noMatch && (error as? WalkError)?.remaining == ["number"]
        }
    }

    @Test func childWithoutRoutesGetsTheRest() async throws {
        let root = Screen("root")
        try root.routes.add("city") { _ in Screen("R") }
        await #expect {
            try await root.route("https://city/road/number")
        } throws: { error in
            (error as? WalkError)?.code == .noMatch && (error as? WalkError)?.remaining == ["road", "number"]
        }
    }

    @Test func threeLevelsOfTokens() async throws {
        let tokens = Recorder<String>()
        let cityLevel = Screen("city")
        try cityLevel.routes.addToken("city") { token, _ in
            tokens.append(token)
            return nil
        }
        let stateLevel = Screen("state")
        try stateLevel.routes.addToken("state") { token, _ in
            tokens.append(token)
            return cityLevel
        }
        let root = Screen("root")
        try root.routes.addToken("country") { token, _ in
            tokens.append(token)
            return stateLevel
        }
        let walk = try await root.route("https://country/united-states/state/california/city/san-francisco/")
        #expect(tokens.all == ["united-states", "california", "san-francisco"])
        #expect(walk.steps.map(\.token) == ["united-states", "california", "san-francisco"])
    }

    @Test func handlerWithoutAChildWhileComponentsRemainIsNoMatch() async throws {
        let ran = Recorder<String>()
        let root = Screen("root")
        try root.routes.add("a") { _ in
            ran.append("a")
            return nil
        }
        await #expect {
            try await root.route("custom:/a/b/c")
        } throws: { error in
            let error = error as? WalkError
            return error?.code == .noMatch && error?.remaining == ["b", "c"] && error?.steps.count == 1
        }
        #expect(ran.all == ["a"])
    }

    @Test func nonRoutableChildIsAnError() async throws {
        let root = Screen("root")
        try root.routes.add("a") { _ in "not a screen" }
        await #expect {
            try await root.route("custom:/a/b")
        } throws: { error in
            (error as? WalkError)?.code == .notRoutable
        }
    }

    @Test func hostThenChildRoute() async throws {
        let modal = Screen("modal")
        let child = Screen("child")
        try child.routes.add("present_modal") { _ in modal }
        let root = Screen("root")
        try root.routes.add("app.example.com") { _ in child }
        let walk = try await root.route("https://app.example.com/present_modal")
        #expect(walk.steps.map(\.route.expansion) == ["/app.example.com", "/present_modal"])
        #expect((walk.steps.last?.result as? Screen)?.name == "modal")
    }

    static let contexts: [((any Sendable)?, Bool)] = [(1, true), ("1", false), (nil, false)]

    @Test("context-typed routes", arguments: [0, 1, 2])
    func contextTypes(index: Int) async throws {
        let (context, fits) = Self.contexts[index]
        let seen = Recorder<Int>()
        let root = Screen("root")
        try root.routes.add("road", context: Int.self) { value, _ in
            seen.append(value)
            return nil
        }
        if fits {
            let walk = try await root.route("https://road", context: context)
            #expect(walk.context as? Int == 1)
            #expect(walk.link.input == "https://road")
            #expect(seen.all == [1])
        } else {
            await #expect {
                try await root.route("https://road", context: context)
            } throws: { error in
                let error = error as? WalkError
                return error?.code == .wrongContextType && (error?.context as? String) == (context as? String)
            }
            #expect(seen.all.isEmpty)
        }
    }

    @Test func contextMismatchTriesTheLevelsOtherRoutesFirst() async throws {
        let root = Screen("root")
        try root.routes.add("pay/now", context: Int.self) { _, _ in nil }
        try root.routes.add("pay/:how") { _ in nil }
        let walk = try await root.route("custom:/pay/now", context: "text")
        #expect(walk.steps.map(\.route.expansion) == ["/pay/:how"])
    }

    static let invalid = ["https://", "comautomaticcore:", "custom:/", "custom:/a/%ZZ"]

    @Test("links with nothing to route or malformed are invalid", arguments: invalid)
    func invalidLinks(url: String) async throws {
        let ran = Recorder<String>()
        let root = Screen("root")
        try root.routes.add("a") { _ in
            ran.append("a")
            return nil
        }
        await #expect {
            try await root.route(url)
        } throws: { error in
            let error = error as? WalkError
            return error?.code == .invalidURL
                && error?.rejection?.code == (url.hasSuffix("%ZZ") ? .invalidPercentEncoding : nil)
        }
        #expect(ran.all.isEmpty)
    }

    @Test func routesWithoutChildrenSucceed() async throws {
        let root = Screen("root")
        try root.routes.add("state/city") { _ in nil }
        try root.routes.add("automatic.com/app") { _ in nil }
        let walk = try await root.route("custom:/state/city")
        #expect(walk.context == nil)
        #expect(walk.link.input == "custom:/state/city")
        #expect(try await root.route("https://automatic.com/app").steps.count == 1)
    }

    struct Failure: Error, Equatable {}

    @Test func handlerErrorPassesThroughUnchanged() async throws {
        let root = Screen("root")
        try root.routes.add("state/city") { _ in throw Failure() }
        await #expect {
            try await root.route("custom:/state/city")
        } throws: { error in
            let error = error as? WalkError
            return error?.code == .handlerFailed && error?.underlying as? Failure == Failure()
                && error?.remaining == ["state", "city"]
        }
    }

    @Test func emptyRootTableIsNoMatch() async throws {
        await #expect {
            try await Screen("root").route("custom:/atlantis")
        } throws: { error in
            (error as? WalkError)?.code == .noMatch && (error as? WalkError)?.remaining == ["atlantis"]
        }
    }

    @Test func handlersThatSuspendBeforeReturningTheirChild() async throws {
        let modal = Screen("modal")
        let child = Screen("child")
        try child.routes.addToken("modal") { token, _ in
            await Task.yield()
            return token == "x" ? modal : nil
        }
        let root = Screen("root")
        try root.routes.add("tab/:name") { request in
            for _ in 0..<3 { await Task.yield() }
            return request.parameters["name"] == "shop" ? child : nil
        }
        let walk = try await root.route("custom:/tab/shop/modal/x")
        #expect(walk.steps.map(\.route.expansion) == ["/tab/:name", "/modal/:_token"])
        #expect((walk.steps.last?.result as? Screen)?.name == "modal")
    }

    @Test func cancellationStopsTheWalk() async throws {
        let ran = Recorder<String>()
        let started = AsyncStream<Void>.makeStream()
        let child = Screen("child")
        try child.routes.add("b") { _ in
            ran.append("child")
            return nil
        }
        let root = Screen("root")
        try root.routes.add("a") { _ in
            started.continuation.yield()
            // Suspends until the walk's task is cancelled, which interrupts the sleep at once.
            try? await Task.sleep(for: .seconds(3_600))
            return child
        }
        let walk = Task { try await root.route("custom:/a/b") }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        walk.cancel()
        let result = await walk.result
        #expect(throws: WalkError.self) { try result.get() }
        if case .failure(let error as WalkError) = result {
            #expect(error.code == .cancelled)
            #expect(error.remaining == ["b"])
        }
        #expect(ran.all.isEmpty)
    }
}

@Suite("Deep hierarchical walks")
struct DeepWalkTests {
    /// A level that takes one component, `n`, and presents the next level until `depth` levels have run.
    private struct Chain: Routable {
        let routes = RouteLevel()
        init(level: Int, depth: Int) {
            try? routes.add("l\(level)") { _ in level + 1 < depth ? Chain(level: level + 1, depth: depth) : nil }
        }
    }

    @Test func aWalkThroughSixtyFourLevelsRunsEachOnceInOrder() async throws {
        let link = "myapp:///" + (0..<64).map { "l\($0)" }.joined(separator: "/")
        let walk = try await Chain(level: 0, depth: 64).route(link)
        #expect(walk.steps.count == 64)
        #expect(walk.steps.map(\.components) == (0..<64).map { ["l\($0)"] })
    }

    @Test func aLevelTakesTheLongestPrefixBeforeAHigherPriorityShorterOne() async throws {
        struct Root: Routable {
            let routes = RouteLevel()
            init() {
                try? routes.add("a", priority: 10) { _ in "short" }
                try? routes.add("a/:b") { request in "long \(request.parameters["b"] ?? "")" }
                try? routes.add("a/b/*") { request in "wild \(request.wildcardComponents ?? [])" }
            }
        }
        #expect(try await Root().route("x:///a/c").steps.map(\.components) == [["a", "c"]])
        #expect(try await Root().route("x:///a/c").steps.first?.result as? String == "long c")
        #expect(try await Root().route("x:///a/b/c/d").steps.first?.result as? String == #"wild ["c", "d"]"#)
        #expect(try await Root().route("x:///a").steps.first?.result as? String == "short")
    }
}
