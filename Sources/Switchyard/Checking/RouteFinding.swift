/// A problem with a router's routes that no lookup reports: routes that can never win, and names reverse routing
/// cannot tell apart. ``Router/check()`` finds them; `switchyard check` reports the same findings for a route file,
/// with each route's place in it.
///
/// ```swift
/// try router.add("/product/:id")
/// try router.add("/product/:sku")
/// router.check().map(\.code)     // [duplicate]
/// router.check().first?.example  // "/product/value"
/// ```
public struct RouteFinding: Sendable, Hashable, CodedDiagnostic {
    /// A stable name for a kind of finding; new ones may be added.
    public typealias Code = StableCode<RouteFinding>

    /// What kind of problem.
    public let code: Code
    /// What is wrong, in a sentence.
    public let message: String
    /// The routes involved, each as its pattern's first expansion, in the order the message names them.
    public let routes: [Route]
    /// A link that shows the problem.
    public let example: String?

    init(_ code: Code, _ message: String, routes: [Route], example: String?) {
        self.code = code
        self.message = message
        self.routes = routes
        self.example = example
    }

}

extension StableCode where Domain == RouteFinding {
    /// Routes of the same shape in one table, from the first without constraints: only the first can win.
    public static var duplicate: Self { Self("duplicate") }
    /// Two expansions of one pattern that tie for the same links.
    public static var ambiguous: Self { Self("ambiguous") }
    /// A route whose every expansion a route of higher priority matches first.
    public static var unreachable: Self { Self("unreachable") }
    /// An expansion that one of another route, of the same shape, always beats.
    public static var shadowed: Self { Self("shadowed") }
    /// A name given to more than one route: a link built by name takes the first.
    public static var duplicateName: Self { Self("duplicateName") }
}
