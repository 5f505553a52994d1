/// A route that matches a link, with what the route captured.
///
/// ```swift
/// try router.add("/user/view/:userID")
/// let match = try router.match("myapp://user/view/joeldev?userID=evil&tab=posts")
/// match?.route.pattern.written   // "/user/view/:userID"
/// match?.parameters["userID"]     // "joeldev"
/// match?.link.query.first("tab") // "posts"
/// match?.mergedParameters        // ["userID": "joeldev", "tab": "posts"]
/// ```
public struct RouteMatch: Sendable, Hashable {
    /// What the route captured: kept as the table's search made it, so that a match takes it whole.
    private let capture: RouteCapture
    /// The input, taken apart as the route's table sees it.
    public let link: DeepLink

    /// The match of `capture` in `link`.
    init(_ capture: RouteCapture, link: DeepLink) {
        self.capture = capture
        self.link = link
    }

    /// The route that matched.
    public var route: Route { capture.route }
    /// The route parameters, decoded once, by name: read in place, with no dictionary made.
    public var parameters: RouteParameters { RouteParameters(route: capture.route, values: capture.parameterValues) }
    /// The components the trailing `*` captured (`[]` when it captured none), or `nil` when the pattern has no
    /// wildcard.
    public var wildcardComponents: [String]? { capture.wildcardComponents }

    /// The table whose route matched (the global table after a fallback).
    public var table: RouteTable { route.table }

    /// The route parameters together with the query items: route parameters win over query items of the same
    /// name, and a repeated query name gives its first value.
    public var mergedParameters: [String: String] { link.query.merged(under: parameters.dictionary) }
}

/// A route that a link's components match, with what it captured, before it is given the link: what a table's
/// search makes while it borrows the components, which live no longer than the split.
struct RouteCapture: Sendable, Hashable {
    var route: Route
    /// The values of the route's parameters, in the order of its pattern.
    var parameterValues: [String]
    var wildcardComponents: [String]?
}

extension QueryItems {
    /// `parameters` with the query items added under them: a parameter wins over an item of the same name, and
    /// a repeated name gives its first value.
    func merged(under parameters: [String: String]) -> [String: String] {
        var merged = parameters
        for item in self where merged[item.name] == nil {
            merged[item.name] = item.value ?? ""
        }
        return merged
    }
}
