/// An app's navigation tree that links change, with leave guards: a screen that must not be thrown away (a
/// half-written review, a payment under way) is consulted before a plan pops or dismisses it.
///
/// ```swift
/// let session = NavigationSession(navigator: navigator)
/// let token = session.addLeaveGuard(on: reviewScreen) { _ in draft.isEmpty ? .allow : .ask }
/// switch await session.open(outcome) {
/// case .applied(let plan)?: ui.show(plan.target)
/// case .asking(let question)?: ui.ask("Discard your review?") ? await question.leave() : question.stay()
/// case .pending?, .failed?, nil: break
/// }
/// ```
///
/// Links open one at a time, in the order they arrive, each planned against the tree its turn finds (so a guard
/// that answers slowly never has two links planned against one tree). A link that only pushes above a guarded
/// screen does not consult its guard. A refused link waits in ``pending``; it is offered again when a guard is
/// removed and on ``retryPending()``, never dropped. The UI writes what the person does (Back, a swipe, a tab) to
/// ``tree``. Safe from any thread; a guard must not open a link on its own session, which would wait for itself.
public final class NavigationSession: Sendable {
    private struct Guard: Sendable {
        let screen: NavigationTree.Screen
        let decide: @Sendable (LeaveRequest) async -> LeaveDecision
    }

    private struct State: Sendable {
        var tree: NavigationTree
        /// Whether the app is still as it launched: no link applied, nothing written to ``tree``. The first link
        /// is then planned as a cold start.
        var isColdStart: Bool
        var guards: [Int: Guard] = [:]
        var nextToken = 0
        var pending: [PendingLink] = []
        /// The link opening now, which the next waits for.
        var last: Task<Void, Never>?
    }

    /// The navigator that plans each link.
    public let navigator: Navigator
    private let state: Locked<State>

    /// A session of an app that is launching (``NavigationStart/coldStart``, the default: its first link builds its
    /// whole stack, parents included), or of one that shows a tree (restored, or the UI's own).
    public init(navigator: Navigator, start: NavigationStart = .coldStart) {
        self.navigator = navigator
        switch start {
        case .coldStart: state = Locked(State(tree: navigator.coldStart(), isColdStart: true))
        case .warm(let tree): state = Locked(State(tree: tree, isColdStart: false))
        }
    }

    /// The tree; set it to what the person did (Back, a swipe, a tab), which ends a cold start.
    public var tree: NavigationTree {
        get { state.withLock { $0.tree } }
        set {
            state.withLock { state in
                state.tree = newValue
                state.isColdStart = false
            }
        }
    }

    /// The links that wait because a guard refused, oldest first.
    public var pending: [PendingLink] { state.withLock { $0.pending } }

    /// A handle on a guard, to remove it.
    public struct LeaveGuardToken: Sendable, Hashable {
        let value: Int
    }

    /// Guards `screen`: before a plan pops or dismisses it, `decide` answers allow, refuse or ask.
    @discardableResult
    public func addLeaveGuard(
        on screen: NavigationTree.Screen, _ decide: @escaping @Sendable (LeaveRequest) async -> LeaveDecision
    ) -> LeaveGuardToken {
        state.withLock { state in
            state.nextToken += 1
            state.guards[state.nextToken] = Guard(screen: screen, decide: decide)
            return LeaveGuardToken(value: state.nextToken)
        }
    }

    /// Removes a guard (its screen went away, or its work was saved), then offers the pending links again.
    /// - Returns: what each pending link came to, in order.
    @discardableResult
    public func removeLeaveGuard(_ token: LeaveGuardToken) async -> [NavigationResult] {
        _ = state.withLock { $0.guards.removeValue(forKey: token.value) }
        return await retryPending()
    }

    /// Offers the pending links again, oldest first.
    /// - Returns: what each came to; one refused again waits again.
    @discardableResult
    public func retryPending() async -> [NavigationResult] {
        let links = state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
        var results: [NavigationResult] = []
        for link in links { results.append(await open(link.screen)) }
        return results
    }

    /// Opens the screen of a handled outcome (held links replayed included); `nil` for an outcome that opened no
    /// route.
    public func open(_ outcome: RouteOutcome) async -> NavigationResult? {
        guard outcome.status == .handled, let request = outcome.request, request.route != nil else { return nil }
        return await open(navigator.screen(for: request))
    }

    /// Opens a link that came from `origin`, matched without the router's handlers and filters but with its
    /// routes' access applied, as ``Router/route(_:origin:context:)`` applies it.
    ///
    /// ```swift
    /// let result = await session.open("myapp://account/delete", origin: .customScheme)
    /// ```
    ///
    /// - Parameters:
    ///   - link: a URL or an internal route string (`/product/7`, `myapp://cart`).
    ///   - origin: where the link came from: ``LinkOrigin/inApp`` for the app's own buttons; `nil` when unknown,
    ///     which only routes that name no origins accept.
    /// - Returns: `.failed` with `NavigationError.Code.originRefused` when every route the link matches refuses
    ///   the origin (nothing moved); `.confirming` when its route confirms a link from there (nothing moved until
    ///   the person confirms); else what opening its screen came to.
    public func open(_ link: String, origin: LinkOrigin?) async -> NavigationResult {
        do {
            let (screen, confirms) = try navigator.screen(for: link, from: origin)
            if confirms { return .confirming(NavigationConfirmation(destination: screen, session: self)) }
            return await open(screen)
        } catch {
            return .failed(error)
        }
    }

    /// Opens a screen, after the links before it.
    public func open(_ screen: NavigationTree.Screen) async -> NavigationResult {
        await open(screen, allowing: nil)
    }

    /// Opens `screen` in its turn; the guard of `allowed` (which the person chose to leave) is not asked.
    func open(_ screen: NavigationTree.Screen, allowing allowed: NavigationTree.Screen?) async -> NavigationResult {
        let turn: Task<NavigationResult, Never> = state.withLock { state in
            let previous = state.last
            let turn = Task { [self] in
                await previous?.value
                return await place(screen, allowing: allowed)
            }
            state.last = Task { _ = await turn.value }
            return turn
        }
        return await turn.value
    }

    /// How many times a link is planned again because the person changed the tree while its guards answered; past
    /// it, the link waits in ``pending``.
    static let maxReplans = 8

    /// Plans `screen`, asks the guards of the screens the plan removes (top first), and applies the plan when they
    /// allow it and the tree did not change meanwhile (else plans again).
    private func place(_ screen: NavigationTree.Screen, allowing allowed: NavigationTree.Screen?) async
        -> NavigationResult
    {
        for _ in 0..<Self.maxReplans {
            let (tree, isColdStart, guards) = state.withLock { ($0.tree, $0.isColdStart, $0.guards.values.map { $0 }) }
            let plan: NavigationPlan
            do {
                plan = try navigator.plan(opening: screen, from: isColdStart ? .coldStart : .warm(tree))
            } catch {
                return .failed(error)
            }
            let leaving = plan.removedScreens(from: tree)
            for leaver in leaving where leaver != allowed {
                for guarded in guards where guarded.screen == leaver {
                    switch await guarded.decide(LeaveRequest(screen: leaver, plan: plan)) {
                    case .allow: continue
                    case .refuse:
                        let pending = PendingLink(screen: screen, heldBy: leaver)
                        keep(pending)
                        return .pending(pending)
                    case .ask:
                        return .asking(LeaveQuestion(screen: leaver, destination: screen, session: self))
                    }
                }
            }
            let applied = state.withLock { state in
                guard state.tree == tree, state.isColdStart == isColdStart else { return false }
                state.tree = plan.target
                state.isColdStart = false
                return true
            }
            if applied { return .applied(plan) }
        }
        let pending = PendingLink(screen: screen, heldBy: allowed ?? screen)
        keep(pending)
        return .pending(pending)
    }

    /// Keeps a link to offer again.
    func keep(_ link: PendingLink) {
        state.withLock { $0.pending.append(link) }
    }
}

extension NavigationPlan {
    /// The screens the steps pop or dismiss from `tree`, top first: what leave guards are asked about.
    func removedScreens(from tree: NavigationTree) -> [NavigationTree.Screen] {
        var state = tree
        var removed: [NavigationTree.Screen] = []
        for step in steps {
            switch step {
            case .dismiss:
                if let top = state.presentations.last { removed += ([top.screen] + top.path).reversed() }
            case .pop(let keeping, let location):
                removed += state.path(at: location).dropFirst(keeping).reversed()
            default:
                break
            }
            state.apply(step)
        }
        return removed
    }
}
