/// The error that says why a link could not be built.
///
/// ```swift
/// do {
///     _ = try router.url(for: "share", parameters: [:])
/// } catch {
///     print(error)  // missingParameter: the route 'share' needs the parameter 'text'
/// }
/// ```
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of problem; new ones may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String

        init(_ name: String) { self.name = name }

        /// No route has that name.
        public static let unknownRoute = Code("unknownRoute")
        /// A parameter the route needs was not given.
        public static let missingParameter = Code("missingParameter")
        /// A parameter that the route's pattern does not have was given (a typo must not vanish).
        public static let unknownParameter = Code("unknownParameter")
        /// A value that could not come back unchanged: empty, `.`, `..`, or with a control character.
        public static let unrepresentableValue = Code("unrepresentableValue")
        /// A value that fails the route's constraint, so the link would not match the route.
        public static let constraintFailed = Code("constraintFailed")
        /// A host that the table's allowed hosts do not list.
        public static let hostNotAllowed = Code("hostNotAllowed")
        /// A link the router would reject for its length or counts (``RoutingLimits``).
        public static let exceedsLimits = Code("exceedsLimits")
        /// A scheme that is not an RFC 3986 scheme.
        public static let invalidScheme = Code("invalidScheme")

        /// The code's stable name.
        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// A sentence that says what is wrong.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message.
    public var description: String { "\(code): \(message)" }
}
