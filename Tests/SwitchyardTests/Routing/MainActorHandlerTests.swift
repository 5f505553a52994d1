import Switchyard
import Testing

/// UI code: handlers and hierarchy levels that are main-actor isolated run there, with no hop written by hand.
@Suite("Main-actor handlers")
struct MainActorHandlerTests {
    /// A screen model, as UI code has them: main-actor state.
    @MainActor final class Screen {
        var shown: [String] = []
        func show(_ text: String) {
            MainActor.assertIsolated()
            shown.append(text)
        }
    }

    struct Push: Sendable { var order: Int }

    @Test func everyKindOfHandlerRunsOnTheMainActor() async throws {
        let screen = Screen()
        let router = Router()
        try router.map("/product/:id") { @MainActor request in screen.show("product \(request.parameters["id"] ?? "")")
        }
        try router.map("/orders/:id", context: Push.self) { @MainActor push, _ in screen.show("order \(push.order)") }
        try router.map(ShopLink.self) { @MainActor link, _ in screen.show("set \(link)") }
        router.mapDefault { @MainActor request in screen.show("not found \(request.link.input)") }

        #expect(await router.route("/product/7").status == .handled)
        #expect(await router.route("/orders/3", context: Push(order: 3)).status == .handled)
        #expect(await router.route("/category/bags").status == .handled)
        #expect(await router.route("/nowhere").status == .handledByDefault)
        #expect(
            await screen.shown == [
                "product 7", "order 3", "set \(ShopLink.category(.init(slug: "bags", page: nil)))",
                "not found /nowhere",
            ])
    }

    /// A screen of a hierarchical walk, main-actor isolated as screens are.
    @MainActor final class ProductScreen: Routable {
        nonisolated let routes = RouteLevel()
        var tabs: [String] = []

        init() {
            try? routes.addToken("tab") { @MainActor [unowned self] tab, _ in
                MainActor.assertIsolated()
                self.tabs.append(tab)
                return nil
            }
        }
    }

    @Test func aMainActorScreenRoutesItsPartOfTheLink() async throws {
        let product = await ProductScreen()
        let root = RouteLevelOwner()
        try root.routes.add("product/:id") { @MainActor _ in product }
        let walk = try await root.route("myapp://product/7/tab/reviews")
        #expect(walk.steps.count == 2)
        #expect(await product.tabs == ["reviews"])
    }

    final class RouteLevelOwner: Routable {
        let routes = RouteLevel()
    }
}
