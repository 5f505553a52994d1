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

    package init(_ name: String) { self.name = name }

    /// The code's stable name.
    public var description: String { name }
}

/// An error or a finding named by a ``StableCode`` of its own type, with a sentence that says what happened: the
/// shape of ``LinkError``, ``LaunchError``, ``NavigationError`` and the others. Its description is `code: message`.
///
/// ```swift
/// func log(_ problem: some CodedDiagnostic) {
///     logger.notice("\(problem)", metadata: ["code": "\(problem.code.name)"])
/// }
/// ```
public protocol CodedDiagnostic: CustomStringConvertible, Sendable {
    /// What kind of problem: a stable name, which later releases may add to.
    var code: StableCode<Self> { get }
    /// What happened, in a sentence.
    var message: String { get }
}

extension CodedDiagnostic {
    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
