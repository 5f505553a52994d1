/// Where a route's screen goes: its tab, how it is shown, the screens below it, and what a link does to an app
/// that is already open. Declared per route, in code (``Navigation/placements``) or in a route file next to
/// `destination`:
///
/// ```json
/// { "pattern": "/product/:id/reviews", "name": "reviews", "destination": "ReviewsScreen",
///   "tab": "home", "presentation": "push", "parents": ["product"], "warm": "reuse" }
/// ```
///
/// ```swift
/// navigation.placements["reviews"] = Placement(tab: "home", parents: ["product"], warm: .reuse)
/// ```
///
/// A route without a placement is pushed in the selected tab, with nothing below it.
public struct Placement: Hashable, Codable, Sendable {
    /// The tab the screen goes in; `nil` for the tab its parents are in, else the selected one.
    public var tab: String?
    /// How the screen is shown.
    public var presentation: Kind
    /// The names of the routes whose screens go below this one, in order, each filled from the link's own
    /// parameters by name. A parent's own parents go below it.
    public var parents: [String]
    /// What a link does to an app that is already open; `nil` for the ``Navigation/warm`` default.
    public var warm: WarmPolicy?

    /// A placement in `tab`, shown as `presentation`, over `parents`, with a warm policy of its own or none.
    public init(tab: String? = nil, presentation: Kind = .push, parents: [String] = [], warm: WarmPolicy? = nil) {
        self.tab = tab
        self.presentation = presentation
        self.parents = parents
        self.warm = warm
    }

    /// How a screen is shown: ``push``, ``sheet``, ``cover`` or ``root``.
    ///
    /// A struct with static members, not an enum: a later release may add a presentation (a popover, a side
    /// panel), and a `switch` in an app must not break when it does. A route file names one by its ``rawValue``.
    public struct Kind: RawRepresentable, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
        /// The kinds this release knows; the core's decisions switch over them, so that a new one is decided
        /// wherever a kind is.
        enum Known: String, CaseIterable {
            case push, sheet, cover, root
        }

        let known: Known

        private init(_ known: Known) { self.known = known }

        /// The kind named `rawValue` (`push`, `sheet`, `cover`, `root`); `nil` for a name this release does not
        /// know.
        public init?(rawValue: String) {
            guard let known = Known(rawValue: rawValue) else { return nil }
            self.known = known
        }

        /// The kind's name, as a route file writes it.
        public var rawValue: String { known.rawValue }

        /// The name.
        public var description: String { rawValue }

        /// Pushed on its tab's stack (or the stack of the presentation its parent is in).
        public static let push = Kind(.push)
        /// Presented in a sheet, which has a stack of its own.
        public static let sheet = Kind(.sheet)
        /// Presented full screen, with a stack of its own.
        public static let cover = Kind(.cover)
        /// Shown as the root of its tab: presentations dismissed, the tab selected and popped to its root. The
        /// route takes no parameters (its screen is the root's); a tab's root route is placed so.
        public static let root = Kind(.root)

        /// The kinds this release knows, in the order above.
        public static var allCases: [Kind] { Known.allCases.map(Kind.init) }
    }
}

/// What a link does to an app that is already open, when its screen goes in a stack that holds screens.
///
/// Closed by nature: the stack is replaced, pushed onto, or reused where the screen already is; no case will be
/// added, so a `switch` over it needs no `default`.
public enum WarmPolicy: String, Hashable, Codable, Sendable, CaseIterable {
    /// The link's screen is pushed on top of the stack (unless it is on top already); the parents are not added.
    /// A screen that is the root of its stack (a presented one) is shown by popping to it.
    case push
    /// The stack is popped back to its deepest screen that the link's stack also has (at worst, to the root),
    /// and the rest of the link's stack (parents, then the screen) is pushed.
    case reuse
    /// The stack becomes the link's: the root, the parents, the screen. Screens the two share at the bottom
    /// stay.
    case replace
}

/// Where screens go in an app: its tabs, each route's ``Placement``, and the default ``WarmPolicy``. A route file
/// declares it (``RouteFile/navigation``); an app built in code writes it.
///
/// ```swift
/// var navigation = Navigation(tabs: [
///     Navigation.Tab(name: "home", root: "home"), Navigation.Tab(name: "cart", root: "cart"),
/// ])
/// navigation.placements["product"] = Placement(tab: "home")
/// navigation.placements["promo"] = Placement(presentation: .sheet)
/// let navigator = try Navigator(router: router, navigation: navigation)
/// ```
public struct Navigation: Hashable, Codable, Sendable {
    /// The tabs, in order: each with the route whose screen is its root.
    public var tabs: [Tab]
    /// Each placed route's placement, by route name.
    public var placements: [String: Placement]
    /// What a link does to an open app, for a route whose placement does not say.
    public var warm: WarmPolicy

    /// Tabs, placements by route name, and the default warm policy (``WarmPolicy/push``, which never pops a
    /// screen the user has).
    public init(tabs: [Tab] = [], placements: [String: Placement] = [:], warm: WarmPolicy = .push) {
        self.tabs = tabs
        self.placements = placements
        self.warm = warm
    }

    /// A tab: its name and the name of the route whose screen is its root.
    public struct Tab: Hashable, Codable, Sendable {
        /// The tab's name.
        public var name: String
        /// The name of its root route, which takes no parameters.
        public var root: String

        /// A tab named `name` whose root is the route named `root`.
        public init(name: String, root: String) {
            self.name = name
            self.root = root
        }
    }

    /// The placement of the route named `route`: its own, else the default (pushed in the selected tab).
    func placement(of route: String?) -> Placement {
        route.flatMap { placements[$0] } ?? Placement()
    }

    /// The tab whose root is the route named `route`.
    func tab(rootedAt route: String?) -> Tab? {
        guard let route else { return nil }
        return tabs.first { $0.root == route }
    }
}
