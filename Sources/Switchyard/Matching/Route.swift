/// A route as a table holds it: one expansion of a registered pattern, with its name, priority and table.
///
/// A pattern with optional groups gives one route per expansion; each reports the pattern as written.
///
/// ```swift
/// try router.add("/path/:thing(/new)", name: "thing")
/// router.routes(in: .global).map(\.expansion)  // ["/path/:thing/new", "/path/:thing"]
/// ```
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written, with its optional groups.
    public let pattern: RoutePattern
    /// This route's expansion of the pattern (`/path/:thing/new`).
    public let expansion: String
    /// The name given at registration, for reverse routing and diagnostics.
    public let name: String?
    /// The priority given at registration: higher is tried first. The default is 0.
    public let priority: Int
    /// The table the route is in.
    public let table: RouteTable
    /// Whether another route in the same table has a pattern of the same shape (the same segments, parameter
    /// names aside). Both are kept: the one registered first runs first, the other only if it declines.
    public let isDuplicate: Bool
    /// A number the registrant chose: the index of a route file's declaration.
    package let tag: Int?

    /// The expansion, with the table, name and priority where they are not the defaults.
    public var description: String {
        var text = expansion
        if table != .global { text = "[\(table)] " + text }
        if let name { text += " name: \(name)" }
        if priority != 0 { text += " priority: \(priority)" }
        return text
    }
}
