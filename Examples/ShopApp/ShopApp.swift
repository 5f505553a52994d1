import SwiftUI
import Switchyard
import SwitchyardUI

/// A small shop app that opens `myapp://` links and universal links to `https://shop.example.com` through
/// `Examples/shop.json` (added to the app as a resource).
@main
struct ShopApp: App {
    /// The router made from the route file, with a gate that holds links until the app is ready.
    static let gate = HeldLinksFilter()
    static let router: Router = {
        do {
            let router = try RouteFile(resource: "shop").makeRouter()
            router.addFilter(gate)
            return router
        } catch {
            // The file ships with the app and `switchyard check` runs on it in CI: a failure here is a build mistake.
            assertionFailure("shop.json does not load: \(error)")
            return Router()
        }
    }()

    @StateObject private var navigation = LinkNavigationModel<ShopLink>(router: ShopApp.router)
    @StateObject private var session = Session()

    var body: some Scene {
        WindowGroup {
            NavigationStack(path: $navigation.path.links) {
                HomeScreen(navigation: navigation)
                    .navigationDestination(for: ShopLink.self) { link in LinkScreen(link: link) }
            }
            // Links from onOpenURL and universal links go through the router: held while signed out, then
            // replayed, each opening its screen.
            .routesLinks(with: ShopApp.router) { outcome in navigation.path.open(outcome) }
            .task {
                for await outcome in ShopApp.router.deferredOutcomes { navigation.path.open(outcome) }
            }
            .task {
                await session.restore()
                await ShopApp.gate.markReady()
            }
        }
    }
}

/// Stands for whatever an app must do before it shows a linked screen: restore a session, load a catalogue.
@MainActor
final class Session: ObservableObject {
    @Published private(set) var isSignedIn = false

    func restore() async {
        try? await Task.sleep(for: .milliseconds(300))
        isSignedIn = true
    }
}

struct HomeScreen: View {
    @ObservedObject var navigation: LinkNavigationModel<ShopLink>

    var body: some View {
        List {
            Button("Red shoes") { navigation.open(.category(.init(slug: "red-shoes", page: nil))) }
            Button("Product 1988") { navigation.open(.product(.init(id: 1988))) }
            Button("Cart") { navigation.open(.cart(.init())) }
            if let refusal = navigation.lastRefusal {
                Text("That link is not one this app opens (\(String(describing: refusal))).")
                    .foregroundStyle(.secondary)
            }
        }
        .navigationTitle("Shop")
    }
}

struct LinkScreen: View {
    let link: ShopLink

    var body: some View {
        switch link {
        case .product(let product):
            Text("Product \(product.id)").navigationTitle("Product")
        case .reviews(let reviews):
            Text("Reviews of \(reviews.id), page \(reviews.page ?? 1)").navigationTitle("Reviews")
        case .category(let category):
            Text("\(category.slug), page \(category.page ?? 1)").navigationTitle("Category")
        case .cart:
            Text("Your cart").navigationTitle("Cart")
        }
    }
}
