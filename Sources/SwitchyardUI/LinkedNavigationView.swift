// SwiftUI exists on Apple platforms only; elsewhere this target is empty, and the package still builds.
#if canImport(SwiftUI)
    import SwiftUI
    import Switchyard

    /// The tabs, stacks and presentations of a ``NavigationTreeModel``: a `TabView` with a `NavigationStack` per
    /// tab (or one stack over `root` for an app without tabs), and each sheet or cover with a stack of its own.
    ///
    /// ```swift
    /// LinkedNavigationView(model: navigation) { screen in
    ///     ShopScreen(screen)              // a view for each screen, by its route name and parameters
    /// } tabLabel: { name in
    ///     Label(name.capitalized, systemImage: icons[name] ?? "circle")
    /// }
    /// ```
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    public struct LinkedNavigationView<Screen: View, TabLabel: View, Root: View>: View {
        @ObservedObject private var model: NavigationTreeModel
        private let screen: (NavigationTree.Screen) -> Screen
        private let tabLabel: (String) -> TabLabel
        private let root: () -> Root

        /// Shows `model`'s tree: `screen` makes each screen's view, `tabLabel` each tab's label, and `root` the
        /// root view of an app without tabs.
        public init(
            model: NavigationTreeModel, @ViewBuilder screen: @escaping (NavigationTree.Screen) -> Screen,
            @ViewBuilder tabLabel: @escaping (String) -> TabLabel,
            @ViewBuilder root: @escaping () -> Root
        ) {
            self.model = model
            self.screen = screen
            self.tabLabel = tabLabel
            self.root = root
        }

        /// The base (tabs, or the app's stack) with the presentations over it.
        public var body: some View {
            base.modifier(Presentations(model: model, index: 0) { AnyView(screen($0)) })
        }

        @ViewBuilder private var base: some View {
            if model.tree.tabs.isEmpty {
                NavigationStack(path: $model.tree[pathAt: .main]) {
                    root().navigationDestination(for: NavigationTree.Screen.self) { screen($0) }
                }
            } else {
                TabView(selection: $model.tree.selectedTab) {
                    ForEach(model.tree.tabs, id: \.name) { tab in
                        NavigationStack(path: $model.tree[pathAt: .tab(tab.name)]) {
                            screen(tab.root).navigationDestination(for: NavigationTree.Screen.self) { screen($0) }
                        }
                        .tabItem { tabLabel(tab.name) }
                        .tag(Optional(tab.name))
                    }
                }
            }
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    extension LinkedNavigationView where Root == EmptyView {
        /// Shows the tabs of `model`'s tree: `screen` makes each screen's view, `tabLabel` each tab's label.
        public init(
            model: NavigationTreeModel, @ViewBuilder screen: @escaping (NavigationTree.Screen) -> Screen,
            @ViewBuilder tabLabel: @escaping (String) -> TabLabel
        ) {
            self.init(model: model, screen: screen, tabLabel: tabLabel) { EmptyView() }
        }
    }

    /// The presentation at `index` (a sheet or a cover) over the content, with its own stack, and the ones above it
    /// inside it, as SwiftUI presents from a presented view. `AnyView` ends the recursion of the view's type.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    private struct Presentations: ViewModifier {
        @ObservedObject var model: NavigationTreeModel
        let index: Int
        let screen: (NavigationTree.Screen) -> AnyView

        func body(content: Content) -> some View {
            #if os(macOS)
                // macOS has no full-screen cover: a cover is a sheet there.
                content
                    .sheet(item: $model.tree[presentationAt: index, style: .sheet]) { layer($0) }
                    .sheet(item: $model.tree[presentationAt: index, style: .cover]) { layer($0) }
            #else
                content
                    .sheet(item: $model.tree[presentationAt: index, style: .sheet]) { layer($0) }
                    .fullScreenCover(item: $model.tree[presentationAt: index, style: .cover]) { layer($0) }
            #endif
        }

        private func layer(_ presented: NavigationTree.Presentation) -> AnyView {
            AnyView(
                NavigationStack(path: $model.tree[pathAt: .presentation(index)]) {
                    screen(presented.screen).navigationDestination(for: NavigationTree.Screen.self) { screen($0) }
                }
                .modifier(Presentations(model: model, index: index + 1, screen: screen)))
        }
    }
#endif
