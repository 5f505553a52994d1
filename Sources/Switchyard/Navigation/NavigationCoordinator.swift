/// A type that carries out a ``NavigationPlan`` on screens of its own: a UIKit coordinator, which knows its tab
/// bar controller, its navigation controllers and what it presents.
///
/// ```swift
/// @MainActor final class ShopCoordinator: NavigationCoordinator {
///     func selectTab(named name: String) { tabBar.selectedIndex = tabIndex[name] ?? 0 }
///     func push(_ screen: NavigationTree.Screen, in location: NavigationTree.Location) {
///         navigationController(at: location).pushViewController(makeScreen(screen), animated: false)
///     }
///     …
/// }
/// coordinator.carryOut(plan)
/// ```
///
/// The plan decides; the coordinator only does each step, in order.
@MainActor
public protocol NavigationCoordinator {
    /// Dismisses the top presentation, which is `presentation`.
    func dismiss(_ presentation: NavigationTree.Presentation)
    /// Shows the tab named `name`.
    func selectTab(named name: String)
    /// Pops the stack at `location` until `keeping` pushed screens are left (0: to its root).
    func pop(keeping: Int, in location: NavigationTree.Location)
    /// Pushes `screen` on the stack at `location`.
    func push(_ screen: NavigationTree.Screen, in location: NavigationTree.Location)
    /// Presents `presentation`'s screen over everything.
    func present(_ presentation: NavigationTree.Presentation)
}

extension NavigationCoordinator {
    /// Carries out the plan's steps, in order.
    public func carryOut(_ plan: NavigationPlan) {
        for step in plan.steps {
            switch step {
            case .dismiss(let presentation): dismiss(presentation)
            case .selectTab(let name): selectTab(named: name)
            case .pop(let keeping, let location): pop(keeping: keeping, in: location)
            case .push(let screen, let location): push(screen, in: location)
            case .present(let presentation): present(presentation)
            }
        }
    }
}
