/// Where an app's screens are: its tabs, each with a stack of its own, the selected tab, and the presentations
/// (sheets and full-screen covers) over them, each with a stack of its own. A value, free of UI frameworks: a
/// SwiftUI view or a UIKit coordinator shows it, and ``Navigator`` plans how a link changes it.
///
/// ```swift
/// let plan = try navigator.plan(opening: "myapp://product/7/reviews", from: .coldStart)
/// var tree = plan.target                                 // home: / ▸ /product/7 ▸ /product/7/reviews
/// let saved = try JSONEncoder().encode(tree)             // the links of its screens
/// ```
///
/// An app without tabs keeps its screens in ``path``, over a root view of its own; an app with tabs keeps them in
/// each tab's ``Tab/path``, over the tab's ``Tab/root``.
public struct NavigationTree: Hashable, Codable, Sendable {
    /// The tabs, in order; empty for an app without tabs.
    public var tabs: [Tab]
    /// The name of the tab shown; `nil` for an app without tabs.
    public var selectedTab: String?
    /// The screens pushed over the app's root view, when it has no tabs (the root's child first).
    public var path: [Screen]
    /// The presentations over the tabs, the lowest first.
    public var presentations: [Presentation]

    /// A tree of these tabs, the one named `selectedTab` shown, with these screens and presentations.
    public init(
        tabs: [Tab] = [], selectedTab: String? = nil, path: [Screen] = [], presentations: [Presentation] = []
    ) {
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.path = path
        self.presentations = presentations
    }

    /// A screen: the link that opened it, with the route it opened and that route's parameters.
    ///
    /// Two links that open the same route with the same parameters and query (a universal link and its
    /// custom-scheme twin) give the same screen, since ``link`` is written back from the route by name.
    public struct Screen: Hashable, Codable, Sendable, CustomStringConvertible {
        /// The name of the route the link opened; `nil` for a route without a name.
        public var route: String?
        /// The route's parameters, by name.
        public var parameters: [String: String]
        /// The link, as the router writes the route back (`/product/7`, `myapp://cart`); for a route without a
        /// name, the link as it came.
        public var link: String

        /// A screen for the link `link`, which opened the route named `route` with `parameters`.
        public init(route: String?, parameters: [String: String] = [:], link: String) {
            self.route = route
            self.parameters = parameters
            self.link = link
        }

        /// The link.
        public var description: String { link }
    }

    /// A tab: its name, its root screen and the screens pushed over it.
    public struct Tab: Hashable, Codable, Sendable {
        /// The tab's name, as the route file declares it.
        public var name: String
        /// The screen at the bottom of the tab's stack: its root route's.
        public var root: Screen
        /// The screens pushed over the root, the root's child first.
        public var path: [Screen]

        /// A tab named `name` showing `root`, with `path` pushed over it.
        public init(name: String, root: Screen, path: [Screen] = []) {
            self.name = name
            self.root = root
            self.path = path
        }
    }

    /// A sheet or a full-screen cover: the screen presented, and the screens pushed over it in its own stack.
    public struct Presentation: Hashable, Codable, Sendable, Identifiable {
        /// How it is presented.
        public var style: PresentationStyle
        /// The screen presented.
        public var screen: Screen
        /// The screens pushed over it, the presented screen's child first.
        public var path: [Screen]

        /// A presentation of `screen` in `style`, with `path` pushed over it.
        public init(style: PresentationStyle, screen: Screen, path: [Screen] = []) {
            self.style = style
            self.screen = screen
            self.path = path
        }

        /// The presented screen's link with its style: what `.sheet(item:)` tells presentations apart by.
        public var id: String { "\(style.rawValue) \(screen.link)" }
    }

    /// How a presentation covers what is below it: a ``sheet`` or a ``cover``.
    ///
    /// A struct with static members, not an enum: a later release may add a style (a popover), and a `switch` in
    /// an app must not break when it does. A saved tree writes a style by its ``rawValue``.
    public struct PresentationStyle: RawRepresentable, Hashable, Codable, Sendable, CaseIterable,
        CustomStringConvertible
    {
        /// The styles this release knows; the core switches over them.
        enum Known: String, CaseIterable {
            case sheet, cover
        }

        let known: Known

        private init(_ known: Known) { self.known = known }

        /// The style named `rawValue` (`sheet`, `cover`); `nil` for a name this release does not know, so that a
        /// saved tree with one does not decode.
        public init?(rawValue: String) {
            guard let known = Known(rawValue: rawValue) else { return nil }
            self.known = known
        }

        /// The style's name, as a saved tree writes it.
        public var rawValue: String { known.rawValue }

        /// The name.
        public var description: String { rawValue }

        /// A sheet (`.sheet(item:)`, a page sheet in UIKit).
        public static let sheet = PresentationStyle(.sheet)
        /// A full-screen cover (`.fullScreenCover(item:)`, a full-screen modal in UIKit).
        public static let cover = PresentationStyle(.cover)

        /// The styles this release knows, in the order above.
        public static var allCases: [PresentationStyle] { Known.allCases.map(PresentationStyle.init) }
    }

    /// A stack of screens in the tree: a tab's, the app's own when it has no tabs, or a presentation's.
    public enum Location: Hashable, Sendable, CustomStringConvertible {
        /// The stack of the tab with this name.
        case tab(String)
        /// The app's stack, when it has no tabs.
        case main
        /// The stack of the presentation at this index in ``NavigationTree/presentations``, 0 the lowest.
        case presentation(Int)

        /// `tab home`, `main`, `presentation 0`.
        public var description: String {
            switch self {
            case .tab(let name): "tab \(name)"
            case .main: "main"
            case .presentation(let index): "presentation \(index)"
            }
        }
    }
}

extension NavigationTree {
    /// The stack that a pushed screen lands in when nothing is presented: the selected tab's, or the app's own.
    var baseLocation: Location { selectedTab.map(Location.tab) ?? .main }

    /// The screens pushed in the stack at `location`; empty for a location the tree does not have.
    func path(at location: Location) -> [Screen] {
        switch location {
        case .main: path
        case .tab(let name): tabs.first { $0.name == name }?.path ?? []
        case .presentation(let index): presentations.indices.contains(index) ? presentations[index].path : []
        }
    }

    /// Sets the screens pushed in the stack at `location`; a location the tree does not have is left alone.
    mutating func setPath(_ screens: [Screen], at location: Location) {
        switch location {
        case .main:
            path = screens
        case .tab(let name):
            if let index = tabs.firstIndex(where: { $0.name == name }) { tabs[index].path = screens }
        case .presentation(let index):
            if presentations.indices.contains(index) { presentations[index].path = screens }
        }
    }

    /// The screen on top: the top presentation's, else the selected tab's (or the app's) last pushed screen or
    /// root; `nil` for an app without tabs at its own root view.
    public var topScreen: Screen? {
        if let top = presentations.last { return top.path.last ?? top.screen }
        if let name = selectedTab, let tab = tabs.first(where: { $0.name == name }) { return tab.path.last ?? tab.root }
        return path.last
    }
}
