/// The error that says why a route pattern was refused at registration.
///
/// ```swift
/// do {
///     try router.add("/a/*/b")
/// } catch {
///     print(error)
///     // wildcardNotLast at byte 3: '*' must be the last segment
///     //   /a/*/b
///     //      ^
/// }
/// ```
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of pattern problem; new ones may be added.
    public typealias Code = StableCode<PatternError>

    /// What kind of problem this is.
    public let code: Code
    /// The 0-based UTF-8 byte offset of the problem in ``pattern``, or `nil` when it has no one place.
    public let position: Int?
    /// The pattern as written.
    public let pattern: String
    /// A sentence that says what is wrong, without the position.
    public let message: String

    init(_ code: Code, at position: Int?, in pattern: String, _ message: String) {
        self.code = code
        self.position = position
        self.pattern = pattern
        self.message = message
    }

    /// A diagnostic in the style of a compiler: the code, the position, the message, and the pattern with a
    /// caret under the problem.
    public var description: String {
        guard let position else { return "\(code) in '\(pattern)': \(message)" }
        return "\(code) at byte \(position): \(message)\n" + Excerpt.caretLines(pattern, at: position)
    }
}

extension StableCode where Domain == PatternError {
    /// A `:` with no name after it (`/:`).
    public static var emptyParameterName: Self { Self("emptyParameterName") }
    /// A parameter name with a character other than a letter, digit or `_`.
    public static var invalidParameterName: Self { Self("invalidParameterName") }
    /// A parameter name used twice in one pattern (`/a/:x/:x`).
    public static var duplicateParameterName: Self { Self("duplicateParameterName") }
    /// A `*` segment that is not the last (`/a/*/b`).
    public static var wildcardNotLast: Self { Self("wildcardNotLast") }
    /// A `*` inside a segment (`/a/b*`); write `%2A` for the character.
    public static var wildcardInSegment: Self { Self("wildcardInSegment") }
    /// A raw `#` or `?` (`/a?b`); write `%23` or `%3F` for the character.
    public static var reservedCharacter: Self { Self("reservedCharacter") }
    /// A `(` inside an optional group.
    public static var nestedGroup: Self { Self("nestedGroup") }
    /// A `(` with no `)`.
    public static var unclosedGroup: Self { Self("unclosedGroup") }
    /// A `)` with no `(`.
    public static var unopenedGroup: Self { Self("unopenedGroup") }
    /// An optional group with nothing in it: `()`.
    public static var emptyGroup: Self { Self("emptyGroup") }
    /// More optional groups than ``RoutePattern/maxOptionalGroups``.
    public static var tooManyGroups: Self { Self("tooManyGroups") }
    /// A literal with a bad percent escape.
    public static var invalidPercentEncoding: Self { Self("invalidPercentEncoding") }
    /// A literal whose escapes do not decode to UTF-8.
    public static var invalidUTF8: Self { Self("invalidUTF8") }
    /// A literal with a control character.
    public static var controlCharacter: Self { Self("controlCharacter") }
    /// A literal `.` or `..`, which no URL can match (such URLs are rejected).
    public static var dotSegment: Self { Self("dotSegment") }
    /// A constraint for a parameter that the pattern does not have.
    public static var unknownParameter: Self { Self("unknownParameter") }
}
