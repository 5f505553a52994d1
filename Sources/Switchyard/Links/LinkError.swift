/// The error that says why a link could not be built.
///
/// ```swift
/// do {
///     _ = try router.link(for: "share", parameters: [:])
/// } catch {
///     print(error)  // missingParameter: the route 'share' needs the parameter 'text'
/// }
/// ```
public struct LinkError: Error, Sendable, Hashable, CodedDiagnostic {
    /// A stable name for a kind of problem; new ones may be added.
    public typealias Code = StableCode<LinkError>

    /// What went wrong.
    public let code: Code
    /// A sentence that says what is wrong.
    public let message: String
    /// The error this one wraps: for `Code.invalidPattern`, the pattern's own error with its position.
    public let underlying: PatternError?

    init(_ code: Code, _ message: String, underlying: PatternError? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

}

extension StableCode where Domain == LinkError {
    /// No route has that name.
    public static var unknownRoute: Self { Self("unknownRoute") }
    /// A parameter the route needs was not given.
    public static var missingParameter: Self { Self("missingParameter") }
    /// A parameter that the route's pattern does not have was given (a typo must not vanish).
    public static var unknownParameter: Self { Self("unknownParameter") }
    /// A value that could not come back unchanged: empty, `.`, `..`, or with a control character.
    public static var unrepresentableValue: Self { Self("unrepresentableValue") }
    /// A value that fails the route's constraint, so the link would not match the route.
    public static var constraintFailed: Self { Self("constraintFailed") }
    /// A host that the table's allowed hosts do not list.
    public static var hostNotAllowed: Self { Self("hostNotAllowed") }
    /// A host no link could carry back (not a name or a bracketed IP literal alone: `shop.example.com:443`,
    /// `user@shop.example.com`), or one given for a link without a scheme, which is a route string.
    public static var invalidHost: Self { Self("invalidHost") }
    /// A link the router would reject for its length or counts (``RoutingLimits``).
    public static var exceedsLimits: Self { Self("exceedsLimits") }
    /// A scheme that is not an RFC 3986 scheme.
    public static var invalidScheme: Self { Self("invalidScheme") }
    /// A typed route whose pattern does not parse (``LinkError/underlying`` says where in it).
    public static var invalidPattern: Self { Self("invalidPattern") }
}
