/// A stable name for one kind of error or outcome of `Domain`, such as ``URLRejection/Code`` or
/// ``RouteOutcome/Status``.
///
/// Each error type names its codes as static members of its own `Code`, so that a call site reads
/// `error.code == .tooLong`; the domain keeps the codes of one error apart from those of another, even where they
/// share a name (``URLRejection`` and ``PatternError`` both have `invalidUTF8`). A code is a struct, not an enum:
/// new codes may be added in a later release without breaking a `switch` that handles the known ones with a
/// `default`.
///
/// ```swift
/// do {
///     _ = try router.match("myapp://product/%ZZ")
/// } catch {
///     print(error.code)       // invalidPercentEncoding
///     print(error.code.name)  // the same text, as the command-line tool prints it
/// }
/// ```
public struct StableCode<Domain>: Sendable, Hashable, CustomStringConvertible {
    /// The code's stable name, as diagnostics and the command-line tool print it.
    public let name: String

    init(_ name: String) { self.name = name }

    /// The code's stable name.
    public var description: String { name }
}
