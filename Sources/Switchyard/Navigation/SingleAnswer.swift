/// The answer to a question put to the person (a ``LeaveQuestion``, a ``NavigationConfirmation``): the first answer
/// takes it, and every later one changes nothing and is told so.
struct SingleAnswer: Sendable {
    private let isTaken = Locked(false)

    /// Whether an answer was given.
    var wasGiven: Bool { isTaken.withLock { $0 } }

    /// Takes the answer: `true` the first time, `false` after.
    func take() -> Bool {
        isTaken.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }

    /// What a second answer comes to.
    static func givenAlready(_ question: String) -> NavigationResult {
        .failed(NavigationError(.answeredTwice, "the \(question) was answered already"))
    }
}
