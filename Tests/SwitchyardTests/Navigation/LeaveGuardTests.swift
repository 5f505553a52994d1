import Switchyard
import Testing

/// Leave guards: a screen consulted before a plan pops or dismisses it, which allows, refuses (the link waits) or
/// asks; links that arrive while a guard answers; a held link guarded on its replay.
@Suite("Leave guards")
struct LeaveGuardTests {
    static func session(opening links: [String]) async throws -> NavigationSession {
        let session = try NavigationSession(navigator: NavigationFixture.navigator(warm: .reuse))
        for link in links { _ = await session.open(link, origin: .inApp) }
        return session
    }

    static func screen(_ link: String) throws -> NavigationTree.Screen {
        try NavigationFixture.navigator().screen(for: link)
    }

    @Test func anAllowingGuardIsAskedOnceAndTheLinkOpens() async throws {
        let session = try await Self.session(opening: ["/product/7/reviews"])
        let asked = Recorder<String>()
        session.addLeaveGuard(on: try Self.screen("/product/7/reviews")) { request in
            asked.append(request.screen.link)
            return .allow
        }
        let result = await session.open("/product/8", origin: .inApp)
        #expect(result.plan?.steps.map(\.description) == ["pop tab home to its root", "push /product/8 in tab home"])
        #expect(asked.all == ["/product/7/reviews"])
        #expect(NavigationFixture.lines(session.tree)[0] == "tab home*: / > /product/8")
    }

    @Test func aRefusedLinkWaitsAndOpensWhenTheGuardGoesAway() async throws {
        let session = try await Self.session(opening: ["/product/7/reviews"])
        let before = session.tree
        let token = session.addLeaveGuard(on: try Self.screen("/product/7/reviews")) { _ in .refuse }
        let refused = await session.open("/product/8", origin: .inApp)
        guard case .pending(let pending) = refused else {
            Issue.record("the guard did not hold the link: \(refused)")
            return
        }
        #expect(pending.screen.link == "/product/8")
        #expect(pending.heldBy.link == "/product/7/reviews")
        #expect(session.pending == [pending])
        #expect(session.tree == before, "a refused link changes nothing")
        #expect(await session.retryPending().map { $0.plan == nil } == [true], "still refused, it waits again")
        #expect(session.pending == [pending])
        let offered = await session.removeLeaveGuard(token)
        #expect(offered.map { $0.plan?.screen.link } == ["/product/8"])
        #expect(session.pending.isEmpty)
        #expect(NavigationFixture.lines(session.tree)[0] == "tab home*: / > /product/8")
    }

    @Test func aLinkThatOnlyPushesAboveTheGuardedScreenDoesNotAskIt() async throws {
        let session = try await Self.session(opening: ["/product/7"])
        let asked = Recorder<String>()
        session.addLeaveGuard(on: try Self.screen("/product/7")) { request in
            asked.append(request.screen.link)
            return .refuse
        }
        #expect(await session.open("/product/7/reviews", origin: .inApp).plan != nil)
        #expect(await session.open("/promo/X", origin: .inApp).plan != nil)
        #expect(await session.open("myapp://cart", origin: .inApp).plan != nil, "selecting another tab pops nothing")
        #expect(asked.all.isEmpty)
    }

    @Test func askingGivesAQuestionAnsweredOnce() async throws {
        let session = try await Self.session(opening: ["/checkout/address"])
        session.addLeaveGuard(on: try Self.screen("/checkout/address")) { _ in .ask }
        guard case .asking(let question) = await session.open("/product/1", origin: .inApp) else {
            Issue.record("the guard did not ask")
            return
        }
        #expect(question.screen.link == "/checkout/address")
        #expect(question.destination.link == "/product/1")
        #expect(session.tree.presentations.count == 1, "nothing changes while the person decides")
        let left = await question.leave()
        #expect(
            left.plan?.steps.map(\.description) == [
                "dismiss cover /checkout", "select tab home", "push /product/1 in tab home",
            ])
        guard case .failed(let error) = question.stay() else {
            Issue.record("a second answer was taken")
            return
        }
        #expect(error.code == .answeredTwice)
        #expect(session.pending.isEmpty)
    }

    @Test func stayingOrDroppingTheQuestionKeepsTheLinkPending() async throws {
        let session = try await Self.session(opening: ["/checkout/address"])
        session.addLeaveGuard(on: try Self.screen("/checkout/address")) { _ in .ask }
        guard case .asking(let question) = await session.open("/product/1", origin: .inApp) else {
            Issue.record("the guard did not ask")
            return
        }
        #expect(question.stay().plan == nil)
        #expect(session.pending.map(\.screen.link) == ["/product/1"])
        do {
            let result = await session.open("/product/2", origin: .inApp)
            guard case .asking = result else {
                Issue.record("the guard did not ask: \(result)")
                return
            }
        }
        #expect(
            session.pending.map(\.screen.link) == ["/product/1", "/product/2"], "a dropped question keeps its link")
    }

    @Test func aSlowGuardMakesTheNextLinkWaitItsTurn() async throws {
        let session = try await Self.session(opening: ["/product/7"])
        let (answers, answer) = AsyncStream.makeStream(of: LeaveDecision.self)
        let asked = Recorder<String>()
        session.addLeaveGuard(on: try Self.screen("/product/7")) { request in
            asked.append(request.screen.link)
            var iterator = answers.makeAsyncIterator()
            return await iterator.next() ?? .refuse
        }
        async let first = session.open("/", origin: .inApp)
        // The second link arrives while the guard answers, and waits for the first.
        while asked.all.isEmpty { await Task.yield() }
        async let second = session.open("/product/8", origin: .inApp)
        answer.yield(.allow)
        let results = await [first, second]
        #expect(
            results.map { $0.plan?.steps.map(\.description) } == [
                ["pop tab home to its root"], ["push /product/8 in tab home"],
            ])
        #expect(asked.all == ["/product/7"], "the second link, planned after the first, removed nothing guarded")
    }

    @Test func aHeldLinkIsGuardedWhenItIsReplayed() async throws {
        let file = try NavigationFixture.file(NavigationFixture.tabbed, warm: .reuse)
        let router = try file.makeRouter()
        let gate = HeldLinksFilter()
        router.addFilter(gate)
        let session = NavigationSession(navigator: try file.makeNavigator(router: router))
        #expect(await router.route("myapp://product/9").status == .held)
        // Meanwhile the person starts a review, which guards itself.
        _ = await session.open("/product/7/reviews", origin: .inApp)
        let token = session.addLeaveGuard(on: try Self.screen("/product/7/reviews")) { _ in .refuse }
        let replayed = await gate.markReady()
        let result = await session.open(try #require(replayed.first))
        guard case .pending = result else {
            Issue.record("the replayed link was not held by the guard: \(String(describing: result))")
            return
        }
        let offered = await session.removeLeaveGuard(token)
        #expect(offered.map { $0.plan?.screen.link } == ["/product/9"])
        #expect(NavigationFixture.lines(session.tree)[0] == "tab home*: / > /product/9")
    }

    @Test func manyLinksFromManyTasksOpenOneAtATime() async throws {
        let session = try await Self.session(opening: [])
        let inGuard = Recorder<Int>()
        session.addLeaveGuard(on: try Self.screen("/product/1")) { _ in
            inGuard.append(1)
            await Task.yield()
            return .allow
        }
        await withTaskGroup(of: NavigationResult.self) { group in
            for index in 0..<50 {
                group.addTask {
                    await session.open(index.isMultiple(of: 2) ? "/product/1" : "/product/\(index)", origin: .inApp)
                }
            }
            for await result in group { #expect(result.plan != nil) }
        }
        let path = session.tree.tabs[0].path
        #expect(path.count == 1, "reuse leaves one product: \(path.map(\.link))")
        #expect(session.pending.isEmpty)
    }
}
