extension NavigationTree {
    /// The screens pushed in the stack at `location`, read and written: what a `NavigationStack(path:)` binds to
    /// (`$model.tree[pathAt: .tab("home")]`), so that Back, which pops, writes the tree. Writing a location the
    /// tree does not have changes nothing.
    public subscript(pathAt location: Location) -> [Screen] {
        get { path(at: location) }
        set { setPath(newValue, at: location) }
    }

    /// The presentation at `index` when it has `style`, else `nil`: what `.sheet(item:)` and
    /// `.fullScreenCover(item:)` bind to. Writing `nil` (a sheet swiped away) dismisses it and every presentation
    /// above it; writing a presentation replaces it and dismisses those above.
    public subscript(presentationAt index: Int, style style: PresentationStyle) -> Presentation? {
        get {
            presentations.indices.contains(index) && presentations[index].style == style ? presentations[index] : nil
        }
        set {
            guard presentations.indices.contains(index), presentations[index].style == style else { return }
            presentations.removeSubrange(index...)
            if let newValue { presentations.append(newValue) }
        }
    }
}
