import SwiftUI
import Switchyard
import SwitchyardUI

/// A small shop app that opens `myapp://` links and universal links to `https://shop.example.com` through
/// `Examples/shop.json` (added to the app as a resource): its three tabs, each with its own stack, the promo sheet,
/// the account-deletion cover, and the parents below a deep screen all come from the file.
@main
struct ShopApp: App {
    /// A gate that holds links until the app is ready.
    static let gate = HeldLinksFilter()
    /// The router made from the route file, with the gate, and the navigator that places its links.
    static let routing: (router: Router, navigator: Navigator) = {
        do {
            let file = try RouteFile(resource: "shop")
            let router = try file.makeRouter()
            router.addFilter(gate)
            return (router, try file.makeNavigator(router: router))
        } catch {
            // The file ships with the app and `switchyard check` runs on it in CI: a failure here is a build mistake.
            fatalError("shop.json does not load: \(error)")
        }
    }()
    static let icons = ["home": "house", "cart": "cart", "account": "person.crop.circle"]

    @StateObject private var navigation = NavigationTreeModel(
        navigator: ShopApp.routing.navigator, restoring: UserDefaults.standard.data(forKey: "navigation"))
    @StateObject private var session = Session()

    var body: some Scene {
        WindowGroup {
            LinkedNavigationView(model: navigation) { screen in
                ShopScreen(screen: screen, navigation: navigation)
            } tabLabel: { name in
                Label(name.capitalized, systemImage: Self.icons[name] ?? "circle")
            }
            // Links from onOpenURL and universal links go through the router: held while signed out, then
            // replayed, each placed in the tree as it is when it is replayed.
            .routesLinks(with: ShopApp.routing.router) { outcome in navigation.open(outcome) }
            .task {
                for await outcome in ShopApp.routing.router.deferredOutcomes { navigation.open(outcome) }
            }
            .task {
                await session.restore()
                await ShopApp.gate.markReady()
            }
            // The tree saves as the links of its screens; the next launch restores it through the router.
            .onChange(of: navigation.tree) { tree in
                UserDefaults.standard.set(try? JSONEncoder().encode(tree), forKey: "navigation")
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

/// A view for each screen of the tree, by its route's name (the route file's) and parameters.
struct ShopScreen: View {
    let screen: NavigationTree.Screen
    @ObservedObject var navigation: NavigationTreeModel

    var body: some View {
        switch screen.route {
        case "home":
            List {
                Button("Red shoes") { navigation.open("/category/red-shoes", origin: .inApp) }
                Button("Product 1988") { navigation.open("/product/1988", origin: .inApp) }
                Button("Reviews of 1988") { navigation.open("/product/1988/reviews", origin: .inApp) }
                Button("Christmas promo") { navigation.open("myapp://promo/XMAS", origin: .inApp) }
                if let refusal = navigation.lastRefusal {
                    Text("That link is not one this app opens (\(refusal.description)).").foregroundStyle(.secondary)
                }
            }
            .navigationTitle("Shop")
        case "product": Text("Product \(screen.parameters["id"] ?? "")").navigationTitle("Product")
        case "reviews": Text("Reviews of \(screen.parameters["id"] ?? "")").navigationTitle("Reviews")
        case "category": Text(screen.parameters["slug"] ?? "").navigationTitle("Category")
        case "cart": Text("Your cart").navigationTitle("Cart")
        case "myProfile":
            List { Button("Delete my account") { navigation.open("/account/delete", origin: .inApp) } }.navigationTitle("Account")
        case "promo": Text("Promo \(screen.parameters["code"] ?? "")")
        case "account.delete": Text("Delete your account?")
        default: Text(screen.link).navigationTitle(screen.route ?? "")
        }
    }
}
