/// The error that says why a link could not be placed in a ``NavigationTree``, why a ``Navigation`` does not fit
/// its router, or why a saved tree could not be read.
///
/// ```swift
/// do {
///     _ = try navigator.plan(opening: "myapp://nowhere", from: .warm(tree))
/// } catch {
///     print(error)  // unmatched: no route matches 'myapp://nowhere'
/// }
/// ```
public struct NavigationError: Error, Sendable, Hashable, CodedDiagnostic {
    /// A stable name for a kind of problem; new ones may be added.
    public typealias Code = StableCode<NavigationError>

    /// What went wrong.
    public let code: Code
    /// A sentence that says what is wrong.
    public let message: String
    /// Why the router rejected the link, for `Code.rejected`.
    public let rejection: URLRejection?

    init(_ code: Code, _ message: String, rejection: URLRejection? = nil) {
        self.code = code
        self.message = message
        self.rejection = rejection
    }

}

extension StableCode where Domain == NavigationError {
    /// The router rejected the link (``NavigationError/rejection`` says why).
    public static var rejected: Self { Self("rejected") }
    /// No route matches the link.
    public static var unmatched: Self { Self("unmatched") }
    /// Every route the link matches refuses the origin it came from (``RouteAccess/origins``).
    public static var originRefused: Self { Self("originRefused") }
    /// The link's redirect routes lead back to themselves, or on for more than ``Router/maxRedirects`` hops.
    public static var redirectLoop: Self { Self("redirectLoop") }
    /// A parent's link could not be built from the link's parameters (a constraint it fails, say).
    public static var parentLinkFailed: Self { Self("parentLinkFailed") }
    /// A saved tree that is not JSON of a tree, or larger than ``Navigator/maxSavedTreeBytes``.
    public static var invalidSavedTree: Self { Self("invalidSavedTree") }
}

/// The errors that report where screens go: a ``Navigator`` built in code and a route file's reader find the same
/// placement problems, by one check, and name them with the same codes, declared once below.
public protocol PlacementProblems {}

extension NavigationError: PlacementProblems {}
extension RouteFileError: PlacementProblems {}

extension StableCode where Domain: PlacementProblems {
    /// A placement names a tab that is not declared.
    public static var unknownTab: Self { Self("unknownTab") }
    /// Two tabs have one name, or a tab's name is empty.
    public static var duplicateTab: Self { Self("duplicateTab") }
    /// A tab's root or a parent names no route.
    public static var unknownRoute: Self { Self("unknownRoute") }
    /// A route is among its own parents.
    public static var parentCycle: Self { Self("parentCycle") }
    /// A parent needs parameters that a link of the route does not give.
    public static var unfillableParent: Self { Self("unfillableParent") }
    /// A tab's root, or a route placed as a root, takes parameters.
    public static var rootWithParameters: Self { Self("rootWithParameters") }
}
