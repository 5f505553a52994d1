// UIKit exists on iOS, iPadOS, tvOS and Mac Catalyst only.
#if canImport(UIKit)
    import Foundation
    import Switchyard
    import UIKit
    import UserNotifications

    /// Routes the links a UIKit scene receives: those of a cold start, which come in `connectionOptions`, and those
    /// that arrive while it runs.
    ///
    /// ```swift
    /// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    ///     let links = SceneLinks(router: AppRouter.shared)
    ///
    ///     func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
    ///                options connectionOptions: UIScene.ConnectionOptions) {
    ///         // … make the window …
    ///         links.route(connectionOptions)
    ///     }
    ///     func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
    ///         links.route(contexts)
    ///     }
    ///     func scene(_ scene: UIScene, continue activity: NSUserActivity) {
    ///         links.route(activity)
    ///     }
    /// }
    /// ```
    ///
    /// Links are routed one at a time, in the order they arrive. What to do while the app is not ready (signed
    /// out, still loading) is the router's filters' decision: add a `HeldLinksFilter`.
    @MainActor
    public final class SceneLinks {
        private let queue: LinkQueue

        /// Routes through `router`; each outcome goes to `outcome`.
        public init(router: Router, outcome: @escaping @MainActor (RouteOutcome) -> Void = { _ in }) {
            queue = LinkQueue(router: router, outcome: outcome)
        }

        /// Routes the URLs, universal links, quick action and notification a scene was launched with.
        public func route(_ options: UIScene.ConnectionOptions) {
            route(options.urlContexts)
            for activity in options.userActivities { route(activity) }
            if let item = options.shortcutItem { route(item) }
            if let response = options.notificationResponse { route(response) }
        }

        /// Routes a quick action (`windowScene(_:performActionFor:completionHandler:)`), with its origin; one whose
        /// user info holds no `link` goes to the link `shortcuts` maps its type to.
        public func route(_ item: UIApplicationShortcutItem, shortcuts: [String: String] = [:]) {
            if let entry = try? EntryPoint.shortcut(item).link(shortcuts: shortcuts) { queue.route(entry) }
        }

        /// Routes the notification the person opened (`userNotificationCenter(_:didReceive:)`), its payload's
        /// `link` with the rest as context.
        public func route(_ response: UNNotificationResponse) {
            if let entry = try? EntryPoint.notification(response).link() { queue.route(entry) }
        }

        /// Routes the URLs of `scene(_:openURLContexts:)`.
        public func route(_ contexts: Set<UIOpenURLContext>) {
            for context in contexts { queue.route(context.url) }
        }

        /// Routes a universal link (`NSUserActivityTypeBrowsingWeb`), a Spotlight result, or an activity with a
        /// `link`, with its origin; other activities are left to the app.
        public func route(_ activity: NSUserActivity) {
            queue.route(activity)
        }
    }
#endif
