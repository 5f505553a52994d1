// SwiftUI exists on Apple platforms only; elsewhere this target is empty, and the package still builds.
#if canImport(SwiftUI)
    import Foundation
    import SwiftUI
    import Switchyard

    /// An app's navigation tree, which links change: tabs, a stack per tab and the sheets and covers over them,
    /// bound to a `TabView`, a `NavigationStack` per tab and `.sheet(item:)` / `.fullScreenCover(item:)`
    /// (``LinkedNavigationView`` does all of it).
    ///
    /// ```swift
    /// @StateObject private var navigation = NavigationTreeModel(navigator: ShopApp.navigator)
    ///
    /// LinkedNavigationView(model: navigation) { screen in ShopScreen(screen) } tabLabel: { name in Text(name) }
    ///     .routesLinks(with: router) { outcome in navigation.open(outcome) }
    /// ```
    ///
    /// Where each screen goes is decided in the core (``Switchyard/Navigator``); this model sets the tree to each
    /// plan's target in one transaction, and the bindings write back what the person does (Back, a swipe, a tab).
    @MainActor
    public final class NavigationTreeModel: ObservableObject {
        /// The tree; bind its parts as ``LinkedNavigationView`` does (`$model.tree[pathAt: .tab("home")]`).
        @Published public var tree: NavigationTree
        /// The navigator that plans each link.
        public let navigator: Navigator
        /// Why the last link that did not open was refused, for a "link not supported" message.
        @Published public private(set) var lastRefusal: NavigationError?

        /// A model at a cold start, or at `tree`.
        public init(navigator: Navigator, tree: NavigationTree? = nil) {
            self.navigator = navigator
            self.tree = tree ?? navigator.coldStart()
        }

        /// A model restored from a saved tree (`JSONEncoder().encode(model.tree)`), through the router; a cold
        /// start when there is none or it cannot be read.
        public convenience init(navigator: Navigator, restoring saved: Data?) {
            let restored = saved.flatMap { try? navigator.restore(from: $0) }
            self.init(navigator: navigator, tree: restored?.tree)
        }

        /// Opens the screen of a handled outcome, planned against the tree as it is now (a link held on a cold
        /// start is placed where the app is when it is replayed). Other outcomes change nothing.
        public func open(_ outcome: RouteOutcome, animation: Animation? = .default) {
            do {
                guard let plan = try navigator.plan(for: outcome, from: tree) else { return }
                apply(plan, animation: animation)
            } catch {
                lastRefusal = error
            }
        }

        /// Opens a link at once, matched without the router's handlers and filters (a button in the app).
        public func open(_ url: URL, animation: Animation? = .default) {
            open(url.absoluteString, animation: animation)
        }

        /// Opens a link or a route (`/product/7`, `myapp://cart`) at once, matched without the router's handlers
        /// and filters.
        public func open(_ link: String, animation: Animation? = .default) {
            do {
                apply(try navigator.plan(opening: link, from: tree), animation: animation)
            } catch {
                lastRefusal = error
            }
        }

        /// Sets the tree to the plan's target in one transaction: SwiftUI carries out every step together.
        public func apply(_ plan: NavigationPlan, animation: Animation? = .default) {
            lastRefusal = nil
            guard !plan.isEmpty else { return }
            withTransaction(Transaction(animation: animation)) { tree = plan.target }
        }
    }
#endif
