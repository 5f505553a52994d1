/// The error that says why a URL or route string was refused before any route was tried.
///
/// A rejected input runs no filter, no handler and no default route. Each rejection carries a stable
/// ``Code``, the 0-based UTF-8 byte offset of the problem in the input as given, and, for problems in
/// the path, the 0-based index of the path component.
///
/// ```swift
/// do {
///     _ = try router.match("myapp://product/%ZZ")
/// } catch {
///     print(error.code)      // invalidPercentEncoding
///     print(error.position)  // 16
/// }
/// ```
public struct URLRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of rejection.
    ///
    /// Codes keep their meaning from release to release; new ones may be added.
    public typealias Code = StableCode<URLRejection>

    /// What kind of problem this is.
    public let code: Code
    /// The 0-based UTF-8 byte offset of the problem in ``input``.
    public let position: Int
    /// The 0-based index of the path component at fault, for problems in the path (a host that became
    /// the first component counts as component 0).
    public let componentIndex: Int?
    /// The input as given.
    public let input: String
    /// A sentence that says what is wrong, without the position.
    public let message: String

    init(_ code: Code, at position: Int, component: Int? = nil, in input: String, _ message: String) {
        self.code = code
        self.position = position
        self.componentIndex = component
        self.input = input
        self.message = message
    }

    /// A diagnostic in the style of a compiler: the code, the position, the message, and the input with a caret
    /// under the problem.
    ///
    /// ```
    /// invalidPercentEncoding at byte 8 (path component 1): '%' must be followed by two hexadecimal digits
    ///   app://a/%ZZ
    ///           ^
    /// ```
    public var description: String {
        var location = "at byte \(position)"
        if let componentIndex { location += " (path component \(componentIndex))" }
        return "\(code) \(location): \(message)\n" + Excerpt.caretLines(input, at: position)
    }
}

extension StableCode where Domain == URLRejection {
    /// A `%` not followed by two hexadecimal digits (`%ZZ`, `%4`, a trailing `%`).
    public static var invalidPercentEncoding: Self { Self("invalidPercentEncoding") }
    /// Bytes that do not decode to UTF-8 (`%FF`, the overlong `%C0%AF`, a surrogate, a cut sequence).
    public static var invalidUTF8: Self { Self("invalidUTF8") }
    /// A C0 control, DEL or C1 control character, raw or percent-encoded (`%00` included).
    public static var controlCharacter: Self { Self("controlCharacter") }
    /// A component that decodes to exactly `.` or `..`; resolving it would change the route.
    public static var dotSegment: Self { Self("dotSegment") }
    /// User information before the host (`https://example.com@evil.com/`), even when empty.
    public static var userinfo: Self { Self("userinfo") }
    /// A host that the route table's allowed hosts do not list, or no host where the table needs one.
    public static var hostNotAllowed: Self { Self("hostNotAllowed") }
    /// Text before `://` that is not an RFC 3986 scheme (`my_app://x`).
    public static var invalidScheme: Self { Self("invalidScheme") }
    /// An authority that does not parse: unbalanced brackets, or a port that is not a number up to 65535.
    public static var invalidHost: Self { Self("invalidHost") }
    /// An input longer than ``RoutingLimits/maxInputLength``.
    public static var tooLong: Self { Self("tooLong") }
    /// More path components than ``RoutingLimits/maxComponents``.
    public static var tooManyComponents: Self { Self("tooManyComponents") }
    /// More query items than ``RoutingLimits/maxQueryItems``.
    public static var tooManyQueryItems: Self { Self("tooManyQueryItems") }
    /// A path component, host, query name, query value or fragment longer than
    /// ``RoutingLimits/maxValueLength``.
    public static var valueTooLong: Self { Self("valueTooLong") }
}
