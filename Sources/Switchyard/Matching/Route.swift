/// A route as a table holds it: one expansion of a registered pattern, with its name, priority and table.
///
/// A pattern with optional groups gives one route per expansion; each reports the pattern as written.
///
/// ```swift
/// try router.add("/path/:thing(/new)", name: "thing")
/// router.routes(in: .global).map(\.expansion)  // ["/path/:thing/new", "/path/:thing"]
/// ```
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The fields, behind one reference: a match copies its route several times on its way out, and each copy
    /// costs one retain instead of one per field. The route's object is also the only record its table keeps of
    /// the registration it comes from, but for what it runs (see ``registration``).
    private let fields: Fields

    private final class Fields: Sendable {
        let registration: Registration
        /// Which of the pattern's expansions the route is.
        let expansionIndex: Int
        let table: RouteTable
        let isDuplicate: Bool

        init(registration: Registration, expansionIndex: Int, table: RouteTable, isDuplicate: Bool) {
            self.registration = registration
            self.expansionIndex = expansionIndex
            self.table = table
            self.isDuplicate = isDuplicate
        }
    }

    /// The route of a registration's expansion at `index` (`0`, the longest, for a pattern without groups).
    init(_ registration: Registration, expansion index: Int, in table: RouteTable, isDuplicate: Bool = false) {
        fields = Fields(registration: registration, expansionIndex: index, table: table, isDuplicate: isDuplicate)
    }

    /// The same route, marked as a duplicate or not.
    func with(isDuplicate: Bool) -> Route {
        if isDuplicate == fields.isDuplicate { return self }
        return Route(fields.registration, expansion: fields.expansionIndex, in: fields.table, isDuplicate: isDuplicate)
    }

    /// The registration the route comes from, without its action and constraints: the table keeps those (see
    /// ``RouteBehavior``).
    var registration: Registration { fields.registration }

    /// The expansion's segments.
    var segments: [Segment] { fields.registration.pattern.expanded[fields.expansionIndex].segments }

    /// The parameters, in pattern order, each with the component it captures.
    var parameters: [Expansion.Capture] { fields.registration.pattern.expanded[fields.expansionIndex].parameters }

    /// The pattern as written, with its optional groups.
    public var pattern: RoutePattern { fields.registration.pattern }
    /// This route's expansion of the pattern (`/path/:thing/new`).
    public var expansion: String { fields.registration.pattern.expanded[fields.expansionIndex].text }
    /// The name given at registration, for reverse routing and diagnostics.
    public var name: String? { fields.registration.name }
    /// The priority given at registration: higher is tried first. The default is 0.
    public var priority: Int { fields.registration.priority }
    /// The table the route is in.
    public var table: RouteTable { fields.table }
    /// Whether another route in the same table has a pattern of the same shape (the same segments, parameter
    /// names aside). Both are kept: the one registered first runs first, the other only if it declines.
    public var isDuplicate: Bool { fields.isDuplicate }
    /// A number the registrant chose: the index of a route file's declaration.
    package var tag: Int? { fields.registration.tag }

    /// Whether two routes have the same pattern, expansion, name, priority, table and duplicate flag.
    public static func == (lhs: Route, rhs: Route) -> Bool {
        if lhs.fields === rhs.fields { return true }
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
