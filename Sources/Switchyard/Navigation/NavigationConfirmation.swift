/// A link from outside the app whose route confirms its action (``RouteAccess/confirms``), waiting in a
/// ``NavigationSession`` for the person: nothing has moved until ``confirm()``.
///
/// ```swift
/// if case .confirming(let confirmation) = await session.open(url, origin: .customScheme) {
///     let result = await ui.ask("Delete your account?") ? await confirmation.confirm() : confirmation.cancel()
/// }
/// ```
///
/// Answered once: a second answer changes nothing and fails with `NavigationError.Code.answeredTwice`. One dropped
/// unanswered opens nothing, as a cancel does: opening needs the person's yes.
public final class NavigationConfirmation: Sendable, Identifiable {
    /// The screen the link opens once confirmed.
    public let destination: NavigationTree.Screen
    private let session: NavigationSession
    private let answer = SingleAnswer()

    init(destination: NavigationTree.Screen, session: NavigationSession) {
        self.destination = destination
        self.session = session
    }

    /// Opens the screen in its turn, as ``NavigationSession/open(_:)-(NavigationTree.Screen)`` does (leave guards
    /// on the way are asked).
    public func confirm() async -> NavigationResult {
        guard answer.take() else { return SingleAnswer.givenAlready("confirmation") }
        return await session.open(destination)
    }

    /// Opens nothing.
    /// - Returns: a failure with `NavigationError.Code.cancelled`, or `answeredTwice` after another answer.
    public func cancel() -> NavigationResult {
        guard answer.take() else { return SingleAnswer.givenAlready("confirmation") }
        return .failed(NavigationError(.cancelled, "the person did not confirm '\(destination.link)'"))
    }

}

extension StableCode where Domain == NavigationError {
    /// The person cancelled a ``NavigationConfirmation``: nothing opened.
    public static var cancelled: Self { Self("cancelled") }
}
