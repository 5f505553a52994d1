import Foundation
import Switchyard
import Testing

/// Plans made from the router's outcomes: a held link placed in the tree of its replay, and a coordinator that
/// carries out a plan's steps.
@Suite("Navigation and dispatch")
struct NavigationDispatchTests {
    @Test func aHeldLinkIsPlannedAgainstTheTreeOfItsReplay() async throws {
        let file = try NavigationFixture.file(NavigationFixture.tabbed, warm: .reuse)
        let router = try file.makeRouter()
        let gate = HeldLinksFilter()
        router.addFilter(gate)
        let navigator = try file.makeNavigator(router: router)

        var tree = navigator.coldStart()
        let held = await router.route("myapp://product/7/reviews")
        #expect(held.status == .held)
        #expect(try navigator.plan(for: held, from: tree) == nil)
        // While the link waits, the user moves to the cart tab and a promo sheet opens.
        tree = try navigator.plan(opening: "/cart", from: .warm(tree)).target
        tree = try navigator.plan(opening: "/promo/XMAS", from: .warm(tree)).target

        let replayed = await gate.markReady()
        let outcome = try #require(replayed.first)
        let plan = try #require(try navigator.plan(for: outcome, from: tree))
        #expect(
            plan.steps.map(\.description) == [
                "dismiss sheet /promo/XMAS", "select tab home", "push /product/7 in tab home",
                "push /product/7/reviews in tab home",
            ])
        #expect(plan.target.tabs[1].path.isEmpty && plan.target.presentations.isEmpty)
    }

    @Test func anOutcomeAfterARedirectPlacesTheTargetsScreen() async throws {
        let file = try NavigationFixture.file(NavigationFixture.tabbed)
        let router = try file.makeRouter()
        let navigator = try file.makeNavigator(router: router)
        let outcome = await router.route("myapp://item/8")
        let plan = try #require(try navigator.plan(for: outcome, from: navigator.coldStart()))
        #expect(plan.screen == NavigationTree.Screen(route: "product", parameters: ["id": "8"], link: "/product/8"))
    }

    @Test func linksThatOpenNoRouteAreTypedErrors() throws {
        let navigator = try NavigationFixture.navigator()
        let cases: [(String, NavigationError.Code)] = [
            ("myapp://nowhere", .unmatched), ("myapp://product/%ZZ", .rejected),
            ("https://evil.example.com/product/1", .rejected),
        ]
        for (link, code) in cases {
            #expect(throws: NavigationError.self) { try navigator.plan(opening: link, from: .coldStart) }
            do {
                _ = try navigator.plan(opening: link, from: .coldStart)
            } catch {
                #expect(error.code == code, "\(link): \(error)")
            }
        }
    }

    @MainActor
    final class RecordingCoordinator: NavigationCoordinator {
        var calls: [String] = []
        func dismiss(_ presentation: NavigationTree.Presentation) { calls.append("dismiss \(presentation.id)") }
        func selectTab(named name: String) { calls.append("select \(name)") }
        func pop(keeping: Int, in location: NavigationTree.Location) { calls.append("pop \(location) \(keeping)") }
        func push(_ screen: NavigationTree.Screen, in location: NavigationTree.Location) {
            calls.append("push \(screen.link) \(location)")
        }
        func present(_ presentation: NavigationTree.Presentation) { calls.append("present \(presentation.id)") }
    }

    @Test @MainActor func aCoordinatorCarriesOutEachStepInOrder() throws {
        let navigator = try NavigationFixture.navigator(warm: .reuse)
        let tree = try NavigationFixture.tree(opening: ["/category/a", "/product/2", "/checkout"], with: navigator)
        let plan = try navigator.plan(opening: "/product/7/reviews", from: .warm(tree))
        let coordinator = RecordingCoordinator()
        coordinator.carryOut(plan)
        #expect(
            coordinator.calls == [
                "dismiss cover /checkout", "select home", "pop tab home 0", "push /product/7 tab home",
                "push /product/7/reviews tab home",
            ])
    }
}
