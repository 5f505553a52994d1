/// What a screen's leave guard answers when a link would pop or dismiss it.
///
/// Closed by nature: a screen lets go, holds on, or leaves it to the person; no case will be added, so a `switch`
/// over it needs no `default`.
public enum LeaveDecision: Sendable, Hashable {
    /// The screen may go.
    case allow
    /// The screen stays; the link waits (``NavigationSession/pending``).
    case refuse
    /// The person decides: the link's result is a ``LeaveQuestion`` for the app to put to them.
    case ask
}

/// What a leave guard is asked: the screen it guards, which the plan would pop or dismiss, and the link's plan.
public struct LeaveRequest: Sendable {
    /// The guarded screen.
    public let screen: NavigationTree.Screen
    /// The plan that would remove it.
    public let plan: NavigationPlan
}

/// A link that waits because a screen's guard refused to let it go: offered again when the guard goes away, or on
/// request (``NavigationSession/retryPending()``).
public struct PendingLink: Sendable, Hashable {
    /// The screen the link opens.
    public let screen: NavigationTree.Screen
    /// The guarded screen that refused.
    public let heldBy: NavigationTree.Screen
}

/// What opening a link in a ``NavigationSession`` came to.
public enum NavigationResult: Sendable {
    /// The plan was carried out: the session's tree is its target.
    case applied(NavigationPlan)
    /// A guard refused: the link waits in ``NavigationSession/pending``.
    case pending(PendingLink)
    /// A guard asks the person: answer with ``LeaveQuestion/leave()`` or ``LeaveQuestion/stay()``.
    case asking(LeaveQuestion)
    /// The link's route confirms a link from its origin (``RouteAccess/confirms``): nothing moved; answer with
    /// ``NavigationConfirmation/confirm()`` or ``NavigationConfirmation/cancel()``.
    case confirming(NavigationConfirmation)
    /// The link opens no screen.
    case failed(NavigationError)

    /// The plan carried out, if there was one.
    public var plan: NavigationPlan? {
        if case .applied(let plan) = self { plan } else { nil }
    }
}

/// A guard's question to the person: leave the guarded screen for the link, or stay. Answered once; a second
/// answer changes nothing and says so, and a question dropped unanswered keeps its link pending, so no link vanishes.
public final class LeaveQuestion: Sendable, Identifiable {
    /// The screen whose guard asks.
    public let screen: NavigationTree.Screen
    /// The screen the link opens.
    public let destination: NavigationTree.Screen
    private let session: NavigationSession
    private let answer = SingleAnswer()

    init(screen: NavigationTree.Screen, destination: NavigationTree.Screen, session: NavigationSession) {
        self.screen = screen
        self.destination = destination
        self.session = session
    }

    deinit {
        if !answer.wasGiven {
            session.keep(PendingLink(screen: destination, heldBy: screen))
        }
    }

    /// Leaves the screen: the link opens, planned against the tree as it is now (other guards on the way are asked).
    public func leave() async -> NavigationResult {
        guard answer.take() else { return SingleAnswer.givenAlready("question") }
        return await session.open(destination, allowing: screen)
    }

    /// Stays: the link waits in ``NavigationSession/pending``.
    public func stay() -> NavigationResult {
        guard answer.take() else { return SingleAnswer.givenAlready("question") }
        let pending = PendingLink(screen: destination, heldBy: screen)
        session.keep(pending)
        return .pending(pending)
    }

}

extension StableCode where Domain == NavigationError {
    /// A ``LeaveQuestion`` or a ``NavigationConfirmation`` answered a second time: nothing changed.
    public static var answeredTwice: Self { Self("answeredTwice") }
}
