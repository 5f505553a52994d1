/// A route as a table holds it: one expansion of a registered pattern, with its name, priority and table.
///
/// A pattern with optional groups gives one route per expansion; each reports the pattern as written. A route is a
/// value: one found before its table changes (a duplicate added, say) keeps what it was.
///
/// ```swift
/// try router.add("/path/:thing(/new)", name: "thing")
/// router.routes(in: .global).map(\.expansion)  // ["/path/:thing/new", "/path/:thing"]
/// ```
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The route's fields: a copy of its table's record, so that a route keeps nothing else of its table alive.
    let record: RouteRecord

    init(_ record: RouteRecord) {
        self.record = record
    }

    /// The pattern as written, with its optional groups.
    public var pattern: RoutePattern { record.pattern }
    /// This route's expansion of the pattern (`/path/:thing/new`).
    public var expansion: String { record.expansion }
    /// The name given at registration, for reverse routing and diagnostics.
    public var name: String? { record.name }
    /// The priority given at registration: higher is tried first. The default is 0.
    public var priority: Int { record.priority }
    /// The table the route is in.
    public var table: RouteTable { record.table }
    /// Whether another route in the same table has a pattern of the same shape (the same segments, parameter
    /// names aside). Both are kept: the one registered first runs first, the other only if it declines.
    public var isDuplicate: Bool { record.isDuplicate }
    /// A number the registrant chose: the index of a route file's declaration.
    package var tag: Int? { record.tag }

    /// The expansion's segments, parsed again from its text (see ``Expansion``).
    package var segments: [Segment] { record.segments }

    /// Whether two routes have the same pattern, expansion, name, priority, table and duplicate flag.
    public static func == (lhs: Route, rhs: Route) -> Bool {
        if lhs.record.isIdentical(to: rhs.record) { return true }
        return lhs.pattern == rhs.pattern && lhs.expansion == rhs.expansion && lhs.name == rhs.name
            && lhs.priority == rhs.priority && lhs.table == rhs.table && lhs.isDuplicate == rhs.isDuplicate
            && lhs.tag == rhs.tag
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(expansion)
        hasher.combine(name)
        hasher.combine(priority)
        hasher.combine(table)
        hasher.combine(isDuplicate)
        hasher.combine(tag)
    }

    /// The expansion, with the table, name and priority where they are not the defaults.
    public var description: String {
        var text = expansion
        if table != .global { text = "[\(table)] " + text }
        if let name { text += " name: \(name)" }
        if priority != 0 { text += " priority: \(priority)" }
        return text
    }
}
