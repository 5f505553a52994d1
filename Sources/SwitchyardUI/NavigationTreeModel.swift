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
    /// Where each screen goes, and whether a guarded screen may be left, is decided in the core
    /// (``Switchyard/Navigator``, ``Switchyard/NavigationSession``); this model sets the tree to each plan's target in
    /// one transaction, publishes a guard's question, and the bindings write back what the person does.
    @MainActor
    public final class NavigationTreeModel: ObservableObject {
        /// The tree; bind its parts as ``LinkedNavigationView`` does (`$model.tree[pathAt: .tab("home")]`). What
        /// the person does (Back, a swipe, a tab) is written back to the session.
        @Published public var tree: NavigationTree {
            didSet { if tree != oldValue { session.tree = tree } }
        }
        /// The session that places links and asks the screens' leave guards.
        public let session: NavigationSession
        /// Why the last link that did not open was refused, for a "link not supported" message.
        @Published public private(set) var lastRefusal: NavigationError?
        /// A leave guard's question to put to the person (an alert), answered with ``answer(_:leaving:)``.
        @Published public var question: LeaveQuestion?
        /// A link from outside whose route confirms its action, to put to the person (an alert), answered with
        /// ``answer(_:confirming:)``.
        @Published public var confirmation: NavigationConfirmation?

        /// The navigator that plans each link.
        public var navigator: Navigator { session.navigator }

        /// A model of an app that is launching (the default), or of one that shows a tree.
        public init(navigator: Navigator, start: NavigationStart = .coldStart) {
            session = NavigationSession(navigator: navigator, start: start)
            self.tree = session.tree
        }

        /// A model restored from a saved tree (`JSONEncoder().encode(model.tree)`), through the router; a cold
        /// start when there is none or it cannot be read.
        public convenience init(navigator: Navigator, restoring saved: Data?) {
            let restored = saved.flatMap { try? navigator.restore(from: $0) }
            self.init(navigator: navigator, start: restored.map { .warm($0.tree) } ?? .coldStart)
        }

        /// Opens the screen of a handled outcome, planned against the tree as it is when its turn comes (a link
        /// held on a cold start is placed where the app is when it is replayed). Other outcomes change nothing.
        public func open(_ outcome: RouteOutcome, animation: Animation? = .default) {
            Task {
                if let result = await session.open(outcome) { show(result, animation: animation) }
            }
        }

        /// Opens a link from `origin` at once, matched without the router's handlers and filters but with its
        /// routes' access (``Switchyard/NavigationSession/open(_:origin:)``).
        public func open(_ url: URL, origin: LinkOrigin?, animation: Animation? = .default) {
            open(url.absoluteString, origin: origin, animation: animation)
        }

        /// Opens a link or a route (`/product/7`, `myapp://cart`) from `origin` (`.inApp` for the app's own
        /// buttons), matched without the router's handlers and filters but with its routes' access.
        public func open(_ link: String, origin: LinkOrigin?, animation: Animation? = .default) {
            Task { show(await session.open(link, origin: origin), animation: animation) }
        }

        /// Guards `screen`: before a link pops or dismisses it, `decide` answers allow, refuse or ask.
        @discardableResult
        public func addLeaveGuard(
            on screen: NavigationTree.Screen, _ decide: @escaping @Sendable (LeaveRequest) async -> LeaveDecision
        ) -> NavigationSession.LeaveGuardToken {
            session.addLeaveGuard(on: screen, decide)
        }

        /// Removes a guard; the links it held open now, if nothing else holds them.
        public func removeLeaveGuard(_ token: NavigationSession.LeaveGuardToken) {
            Task {
                for result in await session.removeLeaveGuard(token) { show(result, animation: .default) }
            }
        }

        /// Answers a leave guard's question: leave the screen for the link, or stay (the link waits).
        public func answer(_ question: LeaveQuestion, leaving: Bool) {
            self.question = nil
            Task { show(leaving ? await question.leave() : question.stay(), animation: .default) }
        }

        /// Answers a route's confirmation: open the link, or not.
        public func answer(_ confirmation: NavigationConfirmation, confirming: Bool) {
            self.confirmation = nil
            Task { show(confirming ? await confirmation.confirm() : confirmation.cancel(), animation: .default) }
        }

        /// Shows what a link came to: the plan's target in one transaction, a question, or why it did not open.
        private func show(_ result: NavigationResult, animation: Animation?) {
            switch result {
            case .applied(let plan):
                lastRefusal = nil
                withTransaction(Transaction(animation: animation)) { tree = plan.target }
            case .asking(let question):
                self.question = question
            case .confirming(let confirmation):
                self.confirmation = confirmation
            case .pending:
                break
            case .failed(let error):
                lastRefusal = error
            }
        }
    }
#endif
