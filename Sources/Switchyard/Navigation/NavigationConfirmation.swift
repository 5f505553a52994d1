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
    private let isAnswered = Locked(false)

    init(destination: NavigationTree.Screen, session: NavigationSession) {
        self.destination = destination
        self.session = session
    }

    /// Opens the screen in its turn, as ``NavigationSession/open(_:)-(NavigationTree.Screen)`` does (leave guards
    /// on the way are asked).
    public func confirm() async -> NavigationResult {
        guard answer() else { return Self.answeredTwice }
        return await session.open(destination)
    }

    /// Opens nothing.
    /// - Returns: a failure with `NavigationError.Code.cancelled`, or `answeredTwice` after another answer.
    public func cancel() -> NavigationResult {
        guard answer() else { return Self.answeredTwice }
        return .failed(NavigationError(.cancelled, "the person did not confirm '\(destination.link)'"))
    }

    private func answer() -> Bool {
        isAnswered.withLock { answered in
            defer { answered = true }
            return !answered
        }
    }

    private static let answeredTwice = NavigationResult.failed(
        NavigationError(.answeredTwice, "the confirmation was answered already"))
}

extension StableCode where Domain == NavigationError {
    /// The person cancelled a ``NavigationConfirmation``: nothing opened.
    public static var cancelled: Self { Self("cancelled") }
}
