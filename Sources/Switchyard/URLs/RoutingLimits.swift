/// Bounds on the input a router accepts, so that every URL costs time linear in its length.
///
/// Limits are inclusive and counted in UTF-8 bytes as written in the input. An input that breaks one is
/// rejected with `URLRejection.Code.tooLong`, `URLRejection.Code.tooManyComponents`,
/// `URLRejection.Code.tooManyQueryItems` or `URLRejection.Code.valueTooLong`.
///
/// ```swift
/// var options = RouterOptions()
/// options.limits.maxComponents = 16
/// let router = Router(options: options)
/// ```
public struct RoutingLimits: Sendable, Hashable {
    /// The longest input, in UTF-8 bytes. The default is 8,192.
    public var maxInputLength: Int
    /// The most path components, counted after empty ones are dropped, with a host that became a
    /// component and those a routed fragment adds. The default is 64.
    public var maxComponents: Int
    /// The most query items, counted after empty pieces are dropped, with those a routed fragment adds.
    /// The default is 256.
    public var maxQueryItems: Int
    /// The longest path component, host, query name, query value or fragment, in UTF-8 bytes as written.
    /// The default is 2,048.
    public var maxValueLength: Int

    /// Creates limits; every argument has the documented default.
    public init(
        maxInputLength: Int = 8_192, maxComponents: Int = 64, maxQueryItems: Int = 256, maxValueLength: Int = 2_048
    ) {
        self.maxInputLength = maxInputLength
        self.maxComponents = maxComponents
        self.maxQueryItems = maxQueryItems
        self.maxValueLength = maxValueLength
    }
}
