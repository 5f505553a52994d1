#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A tree restored from a saved one, and the screens that could not come back.
public struct Restoration: Hashable, Sendable {
    /// The tree: the saved one as far as its screens still route.
    public var tree: NavigationTree
    /// The saved screens left out, bottom first, each with why.
    public var dropped: [Drop]

    /// A saved screen left out of a restored tree.
    public struct Drop: Hashable, Sendable, CustomStringConvertible {
        /// The saved screen's link.
        public let link: String
        /// Where it was.
        public let location: NavigationTree.Location
        /// Why it was left out: its link no longer opens a route (`unmatched`, `rejected`, `redirectLoop`), a
        /// screen below it was left out (`parentDropped`), its tab is not declared (`unknownTab`) or is saved a
        /// second time (`invalidSavedTree`), or the saved tree has more screens than
        /// ``Navigator/maxRestoredScreens`` (`overLimit`).
        public let reason: NavigationError

        /// `link (location): reason`.
        public var description: String { "\(link) (\(location)): \(reason)" }
    }
}

extension StableCode where Domain == NavigationError {
    /// A saved screen above one that was left out of a restored tree.
    public static var parentDropped: Self { Self("parentDropped") }
    /// A saved screen past ``Navigator/maxRestoredScreens``.
    public static var overLimit: Self { Self("overLimit") }
}

extension Navigator {
    /// The most screens a restored tree holds; screens of a saved tree past it are dropped, and reported.
    public static let maxRestoredScreens = 256
    /// The largest saved tree ``restore(from:)`` reads.
    public static let maxSavedTreeBytes = 1 << 20

    /// Restores a tree saved as JSON (`JSONEncoder().encode(tree)`): see ``restore(_:)``.
    ///
    /// ```swift
    /// let restored = try navigator.restore(from: savedData)
    /// tree = restored.tree
    /// for drop in restored.dropped { log.notice("not restored: \(drop)") }
    /// ```
    ///
    /// - Throws: ``NavigationError`` with `invalidSavedTree` for data that is not a tree's JSON, or is larger
    ///   than ``maxSavedTreeBytes``.
    public func restore(from data: Data) throws(NavigationError) -> Restoration {
        guard data.count <= Self.maxSavedTreeBytes else {
            throw NavigationError(
                .invalidSavedTree, "the saved tree has \(data.count) bytes, more than \(Self.maxSavedTreeBytes)")
        }
        do {
            return restore(try JSONDecoder().decode(NavigationTree.self, from: data))
        } catch {
            throw NavigationError(.invalidSavedTree, "the saved tree is not a navigation tree's JSON")
        }
    }

    /// Restores a saved tree through the router: each screen is its link routed again, so a renamed parameter or
    /// a moved route comes back as the route file says now. A screen whose link no longer opens a route is
    /// dropped with the screens above it in its stack (the stack restores as far as its nearest parent that
    /// still routes); a presentation whose screen is dropped goes with those above it. Tabs are the declared
    /// ones, at their declared roots; a saved tab that is not declared, or saved a second time, is dropped, and a
    /// selected tab that was not restored leaves the cold start's selection.
    /// - Complexity: Linear in the saved tree's size; at most ``maxRestoredScreens`` screens are routed.
    public func restore(_ saved: NavigationTree) -> Restoration {
        var restoring = Restoring(navigator: self, tree: coldStart())
        var restoredTabs: Set<String> = []
        for tab in saved.tabs {
            let location = NavigationTree.Location.tab(tab.name)
            guard restoring.tree.tabs.contains(where: { $0.name == tab.name }) else {
                restoring.drop(
                    [tab.root] + tab.path, at: location, NavigationError(.unknownTab, "no tab is named '\(tab.name)'"))
                continue
            }
            guard restoredTabs.insert(tab.name).inserted else {
                restoring.drop(
                    [tab.root] + tab.path, at: location,
                    NavigationError(.invalidSavedTree, "the tab '\(tab.name)' is saved twice: the first was restored"))
                continue
            }
            restoring.tree.setPath(restoring.restore(tab.path, at: location), at: location)
        }
        if let selected = saved.selectedTab, restoredTabs.contains(selected) { restoring.tree.selectedTab = selected }
        if restoring.tree.tabs.isEmpty {
            restoring.tree.path = restoring.restore(saved.path, at: .main)
        } else {
            restoring.drop(saved.path, at: .main, NavigationError(.unknownTab, "an app with tabs has no main stack"))
        }
        for (index, presentation) in saved.presentations.enumerated() {
            let location = NavigationTree.Location.presentation(restoring.tree.presentations.count)
            guard let screen = restoring.restore([presentation.screen], at: location).first else {
                restoring.drop(
                    presentation.path + saved.presentations[(index + 1)...].flatMap { [$0.screen] + $0.path },
                    at: location, NavigationError(.parentDropped, "a screen below it was not restored"))
                break
            }
            let path = restoring.restore(presentation.path, at: location)
            restoring.tree.presentations.append(
                NavigationTree.Presentation(style: presentation.style, screen: screen, path: path))
        }
        return Restoration(tree: restoring.tree, dropped: restoring.dropped)
    }
}

/// A restoration under way: the tree so far, what was dropped, and how many screens may still be routed.
private struct Restoring {
    let navigator: Navigator
    var tree: NavigationTree
    var dropped: [Restoration.Drop] = []
    var budget = Navigator.maxRestoredScreens

    /// The screens of a saved stack that still route, bottom first, up to the first that does not.
    mutating func restore(_ screens: [NavigationTree.Screen], at location: NavigationTree.Location)
        -> [NavigationTree.Screen]
    {
        var restored: [NavigationTree.Screen] = []
        for (index, saved) in screens.enumerated() {
            guard budget > 0 else {
                let limit = Navigator.maxRestoredScreens
                drop(
                    screens[index...], at: location,
                    NavigationError(.overLimit, "more than \(limit) screens were saved"))
                break
            }
            budget -= 1
            do {
                restored.append(try navigator.screen(for: saved.link))
            } catch {
                dropped.append(Restoration.Drop(link: saved.link, location: location, reason: error))
                drop(
                    screens[(index + 1)...], at: location,
                    NavigationError(.parentDropped, "a screen below it, \(saved.link), was not restored"))
                break
            }
        }
        return restored
    }

    mutating func drop(
        _ screens: some Collection<NavigationTree.Screen>, at location: NavigationTree.Location,
        _ reason: NavigationError
    ) {
        dropped += screens.map { Restoration.Drop(link: $0.link, location: location, reason: reason) }
    }
}
