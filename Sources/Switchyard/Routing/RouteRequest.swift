/// A routed link as filters and handlers see it: the link, the route it matched, what the route captured and
/// the caller's context.
///
/// ```swift
/// try router.map("/user/view/:userID") { request in
///     let id = request.parameters["userID"]           // route parameters
///     let tab = request.query.first("tab")            // query items
///     let push = request.context(as: PushPayload.self) // the typed context, if any
/// }
/// ```
public struct RouteRequest: Sendable {
    /// The link: input, scheme, host, path components, query and fragment.
    public var link: DeepLink
    /// The route this request is bound to; `nil` for the default route or when nothing matched.
    public let route: Route?
    /// The route parameters, decoded once, by name; empty for the default route.
    public let parameters: RouteParameters
    /// The components the route's trailing `*` captured, or `nil` when its pattern has none.
    public let wildcardComponents: [String]?
    /// Every route that matched, in the order they are tried. Filters see them all; ``route`` is the first.
    public let candidates: [Route]
    /// What the caller passed along with the link (a notification payload, a shortcut item), untouched by the
    /// link's content.
    public var context: (any Sendable)?
    /// The inputs routed before this one when a filter redirected, in order; empty when there was no redirect.
    public let redirectedFrom: [String]
    /// Where the link came from, as the caller said (``Router/route(_:origin:context:)``); `nil` when it did not.
    public let origin: LinkOrigin?

    init(
        link: DeepLink, route: Route?, parameters: RouteParameters, wildcardComponents: [String]?,
        candidates: [Route], context: (any Sendable)?, redirectedFrom: [String], origin: LinkOrigin? = nil
    ) {
        self.origin = origin
        self.link = link
        self.route = route
        self.parameters = parameters
        self.wildcardComponents = wildcardComponents
        self.candidates = candidates
        self.context = context
        self.redirectedFrom = redirectedFrom
    }

    /// The query items; a filter may change them, and the change reaches every handler.
    public var query: QueryItems {
        get { link.query }
        set { link.query = newValue }
    }

    /// Whether the link came from outside (a URL with a scheme) rather than from the app (a route string).
    public var isExternal: Bool { link.isExternal }

    /// The route parameters together with the query items: route parameters win, and a repeated query name
    /// gives its first value.
    public var mergedParameters: [String: String] { link.query.merged(under: parameters.dictionary) }

    /// Returns the context as a `T`, or `nil` when there is none or it is of another type.
    public func context<T: Sendable>(as type: T.Type) -> T? {
        context as? T
    }

    /// The same request bound to another of its candidates, keeping what filters changed.
    func bound(to match: RouteMatch) -> RouteRequest {
        var link = match.link
        link.query = self.link.query
        link.fragment = self.link.fragment
        // The first candidate's parameters are this request's already: an equal route captures the same names
        // from the same path.
        return RouteRequest(
            link: link, route: match.route, parameters: match.route == route ? parameters : match.parameters,
            wildcardComponents: match.wildcardComponents, candidates: candidates, context: context,
            redirectedFrom: redirectedFrom, origin: origin)
    }

    /// The same request with no route, for the default route.
    func unbound() -> RouteRequest {
        RouteRequest(
            link: link, route: nil, parameters: [:], wildcardComponents: nil, candidates: candidates,
            context: context, redirectedFrom: redirectedFrom, origin: origin)
    }
}
