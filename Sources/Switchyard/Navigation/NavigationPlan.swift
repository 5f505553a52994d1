/// What opening a link does to a ``NavigationTree``: the steps from the tree as it was to the tree that shows the
/// link's screen, in the order a UI carries them out, and that tree.
///
/// The steps dismiss presentations from the top down, select a tab, pop stacks to the screens the target keeps,
/// push screens and present. A UI carries them out in one transaction (``NavigationCoordinator``, or a SwiftUI
/// model that sets ``target``). Applying the steps to the tree gives ``target``; no step pops or dismisses a
/// screen that the target keeps; the same link planned again against ``target`` gives no steps.
public struct NavigationPlan: Hashable, Sendable {
    /// The screen of the link.
    public let screen: NavigationTree.Screen
    /// The steps, in order.
    public let steps: [NavigationStep]
    /// The tree after the steps.
    public let target: NavigationTree

    /// Whether the plan changes nothing: the link's screen is shown already (a link delivered twice, say).
    public var isEmpty: Bool { steps.isEmpty }

    /// The plan from `current` to `target`, which shows `screen`.
    init(showing screen: NavigationTree.Screen, from current: NavigationTree, to target: NavigationTree) {
        self.screen = screen
        self.target = target
        steps = Self.steps(from: current, to: target)
    }

    /// The steps from `current` to `target`: presentations that differ dismissed top first, the tab selected,
    /// each stack popped to what the two share at its bottom and the rest pushed, new presentations presented.
    static func steps(from current: NavigationTree, to target: NavigationTree) -> [NavigationStep] {
        let kept = zip(current.presentations, target.presentations).prefix {
            $0.style == $1.style && $0.screen == $1.screen
        }.count
        var steps: [NavigationStep] = current.presentations[kept...].reversed().map { .dismiss($0) }
        if let tab = target.selectedTab, tab != current.selectedTab { steps.append(.selectTab(tab)) }
        for tab in target.tabs {
            steps += stackSteps(from: current.path(at: .tab(tab.name)), to: tab.path, in: .tab(tab.name))
        }
        steps += stackSteps(from: current.path, to: target.path, in: .main)
        for index in 0..<kept {
            steps += stackSteps(
                from: current.presentations[index].path, to: target.presentations[index].path, in: .presentation(index))
        }
        for (index, presentation) in target.presentations.enumerated().dropFirst(kept) {
            steps.append(.present(NavigationTree.Presentation(style: presentation.style, screen: presentation.screen)))
            steps += presentation.path.map { .push($0, in: .presentation(index)) }
        }
        return steps
    }

    /// Pops `current` to the screens it shares with `target` at the bottom, then pushes the rest of `target`.
    private static func stackSteps(
        from current: [NavigationTree.Screen], to target: [NavigationTree.Screen], in location: NavigationTree.Location
    ) -> [NavigationStep] {
        let shared = zip(current, target).prefix { $0 == $1 }.count
        var steps: [NavigationStep] = shared < current.count ? [.pop(keeping: shared, in: location)] : []
        steps += target[shared...].map { .push($0, in: location) }
        return steps
    }
}

/// One step of a ``NavigationPlan``.
///
/// Closed by nature: the steps are what a tab bar, a stack and a presentation can do (select, push, pop, present,
/// dismiss); no case will be added, so a `switch` over it needs no `default`.
public enum NavigationStep: Hashable, Sendable, CustomStringConvertible {
    /// Dismiss the top presentation, which is this one.
    case dismiss(NavigationTree.Presentation)
    /// Show the tab with this name.
    case selectTab(String)
    /// Pop the stack at the location until `keeping` pushed screens are left (0: to its root).
    case pop(keeping: Int, in: NavigationTree.Location)
    /// Push a screen on the stack at the location.
    case push(NavigationTree.Screen, in: NavigationTree.Location)
    /// Present a screen over everything, with an empty stack of its own (pushes into it follow).
    case present(NavigationTree.Presentation)

    /// `dismiss sheet /promo/XMAS`, `select tab cart`, `pop tab home to 1`, `push /product/7 in tab home`,
    /// `present cover /account/delete`.
    public var description: String {
        switch self {
        case .dismiss(let presentation): "dismiss \(presentation.style.rawValue) \(presentation.screen.link)"
        case .selectTab(let name): "select tab \(name)"
        case .pop(let keeping, let location): "pop \(location) to \(keeping == 0 ? "its root" : String(keeping))"
        case .push(let screen, let location): "push \(screen.link) in \(location)"
        case .present(let presentation): "present \(presentation.style.rawValue) \(presentation.screen.link)"
        }
    }
}

extension NavigationTree {
    /// Carries out one step: what a UI does, on the value.
    public mutating func apply(_ step: NavigationStep) {
        switch step {
        case .dismiss:
            if !presentations.isEmpty { presentations.removeLast() }
        case .selectTab(let name):
            if tabs.contains(where: { $0.name == name }) { selectedTab = name }
        case .pop(let keeping, let location):
            setPath(Array(path(at: location).prefix(max(keeping, 0))), at: location)
        case .push(let screen, let location):
            setPath(path(at: location) + [screen], at: location)
        case .present(let presentation):
            presentations.append(presentation)
        }
    }

    /// The tree after `steps`, in order.
    public func applying(_ steps: [NavigationStep]) -> NavigationTree {
        var tree = self
        for step in steps { tree.apply(step) }
        return tree
    }
}
