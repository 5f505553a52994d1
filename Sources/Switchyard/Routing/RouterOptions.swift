/// Router-wide options, fixed when the router is created.
///
/// ```swift
/// var options = RouterOptions()
/// options.routesFragments = true        // myapp://oauth/callback#token=abc adds the query item token
/// options.limits.maxInputLength = 4_096
/// let router = Router(options: options)
/// ```
public struct RouterOptions: Sendable, Hashable {
    /// Whether a raw `+` in a path parameter or wildcard component means a space, as in JLRoutes. Literals
    /// are never affected and `%2B` is always a plus. The default is `false`: in a path, `+` is a plus.
    public var decodesPlusInPath: Bool
    /// Whether the fragment takes part in routing: `#/more/path?x=y` continues the path and adds its query
    /// items; `#a=b&c=d` adds query items after the URL's own; any other fragment is left alone. The
    /// default is `false`: the fragment is kept on the link and ignored by matching.
    public var routesFragments: Bool
    /// Whether literal segments compare case-insensitively, with Unicode lowercasing. Parameter values
    /// keep their case. The default is `false`.
    public var matchesLiteralsCaseInsensitively: Bool
    /// Bounds on the input.
    public var limits: RoutingLimits

    /// Creates options; every argument has the documented default.
    public init(
        decodesPlusInPath: Bool = false, routesFragments: Bool = false,
        matchesLiteralsCaseInsensitively: Bool = false, limits: RoutingLimits = RoutingLimits()
    ) {
        self.decodesPlusInPath = decodesPlusInPath
        self.routesFragments = routesFragments
        self.matchesLiteralsCaseInsensitively = matchesLiteralsCaseInsensitively
        self.limits = limits
    }

    var splitOptions: SplitOptions {
        SplitOptions(routesFragments: routesFragments, decodesPlusInPath: decodesPlusInPath, limits: limits)
    }
}
