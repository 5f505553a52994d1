/// Who may open a route, and whether the person must confirm its action: the origins it accepts, and confirmation
/// for a link from outside the app. A route that declares none accepts every origin and asks nothing.
///
/// ```swift
/// try router.add("/account/delete", name: "account.delete",
///                access: RouteAccess(origins: [.universalLink, .inApp], confirms: true))
/// ```
///
/// In a route file: `"origins": ["universalLink", "inApp"]` and `"confirm": true` beside the route's destination.
public struct RouteAccess: Sendable, Hashable {
    /// The origins whose links may open the route; `nil` for every origin.
    public var origins: Set<LinkOrigin>?
    /// Whether a link from outside the app (any origin but ``LinkOrigin/inApp``, or none given) waits for the person
    /// to confirm before the route's handler runs.
    public var confirms: Bool

    /// Access for `origins` (`nil`: every origin), with confirmation or without.
    public init(origins: Set<LinkOrigin>? = nil, confirms: Bool = false) {
        self.origins = origins
        self.confirms = confirms
    }

    /// Whether a link from `origin` may open the route. A link routed without an origin is admitted only where the
    /// route names no origins.
    public func admits(_ origin: LinkOrigin?) -> Bool {
        guard let origins else { return true }
        return origin.map(origins.contains) ?? false
    }

    /// Whether a link from `origin` must be confirmed: the route confirms, and the link did not come from inside
    /// the app.
    public func needsConfirmation(from origin: LinkOrigin?) -> Bool {
        confirms && origin?.isInsideApp != true
    }
}
