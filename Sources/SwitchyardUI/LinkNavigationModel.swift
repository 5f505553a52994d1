// SwiftUI exists on Apple platforms only; elsewhere this target is empty, and the package still builds.
#if canImport(SwiftUI)
    import Combine
    import Foundation
    import SwiftUI
    import Switchyard

    /// The navigation state of a screen stack that links drive: a path of a link set's values that a
    /// `NavigationStack` binds to, and a router that decodes links into them.
    ///
    /// ```swift
    /// @StateObject private var navigation = LinkNavigationModel<ShopLink>(router: router)
    ///
    /// NavigationStack(path: $navigation.path.links) {
    ///     HomeScreen()
    ///         .navigationDestination(for: ShopLink.self) { link in ShopScreen(link) }
    /// }
    /// .opensLinks(with: navigation)
    /// ```
    ///
    /// Which member a link is, and whether it is pushed or replaces the path, is decided in the core
    /// (``Switchyard/LinkPath``); this model only publishes the result.
    @MainActor
    public final class LinkNavigationModel<LinkSet: DeepLinkSet>: ObservableObject {
        /// The path; bind `$model.path.links` to a `NavigationStack`.
        @Published public var path: LinkPath<LinkSet>
        /// The router whose link set routes decode the links.
        public let router: Router
        /// Why the last link that did not open was refused, for a "link not supported" message.
        @Published public private(set) var lastRefusal: DeepLinkSetError?

        /// A model for `router`'s link set, with a saved path to restore if there is one.
        public init(router: Router, path: LinkPath<LinkSet> = LinkPath()) {
            self.router = router
            self.path = path
        }

        /// Opens a link: decodes it and pushes its value, or replaces the path, as the link set says.
        /// - Returns: whether the link is one of the set's.
        @discardableResult
        public func open(_ url: URL) -> Bool {
            do {
                try path.open(url.absoluteString, with: router)
                lastRefusal = nil
                return true
            } catch {
                lastRefusal = error
                return false
            }
        }

        /// Opens a value of the link set, as a button in the app does.
        public func open(_ link: LinkSet, as presentation: LinkPresentation? = nil) {
            path.open(link, as: presentation)
        }
    }

    extension View {
        /// Opens the links the app receives (`onOpenURL`) and the universal links it continues
        /// (`NSUserActivityTypeBrowsingWeb`) in a navigation model, decoded at once. Links decoded so skip the
        /// router's filters: an app that holds links until it is ready routes them with ``routesLinks(with:outcome:)``
        /// and opens each outcome with `LinkPath.open(_:)`.
        public func opensLinks<LinkSet: DeepLinkSet>(with model: LinkNavigationModel<LinkSet>) -> some View {
            onOpenURL { url in model.open(url) }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    if let url = activity.webpageURL { model.open(url) }
                }
        }

        /// Routes the links the app receives (`onOpenURL`: a universal link for a web URL, else a custom scheme), the
        /// universal links it continues (`NSUserActivityTypeBrowsingWeb`) and the Spotlight results it opens, each
        /// with its origin, through a router's handlers and filters, one at a time in the order they arrive. Their
        /// outcomes go to `outcome`, on the main actor.
        public func routesLinks(
            with router: Router, outcome: @escaping @MainActor (RouteOutcome) -> Void = { _ in }
        ) -> some View {
            modifier(RoutesLinks(router: router, outcome: outcome))
        }
    }

    /// Keeps one queue for the view's lifetime, so that links stay in order across updates of the view.
    private struct RoutesLinks: ViewModifier {
        @State private var queue: LinkQueue

        init(router: Router, outcome: @escaping @MainActor (RouteOutcome) -> Void) {
            _queue = State(initialValue: LinkQueue(router: router, outcome: outcome))
        }

        func body(content: Content) -> some View {
            content
                // A web URL here is a verified universal link; any other scheme is a custom one.
                .onOpenURL { url in queue.route(url) }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in queue.route(activity) }
                .onContinueUserActivity(EntryPoint.spotlightActivityType) { activity in queue.route(activity) }
        }
    }
#endif
