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
    /// the registration's description; what the registration runs stays with the table (``RouteBehavior``).
    private let fields: Fields

    /// A route's object keeps what every route has inline, and what few routes have (a name, a tag, a priority
    /// other than 0, a scheme's table) in a second object, made only for them and shared by the routes of one
    /// registration: a route without them takes 60 bytes (its pattern 24, see ``Expansions``), where it took 118 with
    /// those fields inline and its pattern at 40.
    private final class Fields: Sendable {
        let pattern: RoutePattern
        /// Bit `d` is set when segment `d` is a parameter, for the first 64 segments: a match collects the values
        /// without reading the segments.
        let parameterDepths: UInt64
        let extras: Extras?
        /// Which of the pattern's expansions the route is: fewer than 2 to the power of
        /// ``RoutePattern/maxOptionalGroups`` (8), so at most 255.
        private let storedExpansionIndex: UInt16
        let isDuplicate: Bool
        /// Whether a parameter comes after the first 64 segments, where ``parameterDepths`` cannot tell.
        let hasDeepParameters: Bool

        var expansionIndex: Int { Int(storedExpansionIndex) }
        var name: String? { extras?.name }
        var priority: Int { extras?.priority ?? 0 }
        var tag: Int? { extras?.tag }
        var table: RouteTable { extras?.table ?? .global }

        init(
            pattern: RoutePattern, extras: Extras?, expansionIndex: Int, isDuplicate: Bool, parameterDepths: UInt64,
            hasDeepParameters: Bool
        ) {
            self.pattern = pattern
            self.extras = extras
            storedExpansionIndex = UInt16(clamping: expansionIndex)
            self.isDuplicate = isDuplicate
            self.parameterDepths = parameterDepths
            self.hasDeepParameters = hasDeepParameters
        }

        /// The fields of another expansion of the same registration, whose segments are `segments`.
        convenience init(
            pattern: RoutePattern, extras: Extras?, expansionIndex: Int, segments: [Segment], isDuplicate: Bool
        ) {
            var depths: UInt64 = 0
            var hasDeepParameters = false
            for (depth, segment) in segments.enumerated() where segment.isParameter {
                if depth < 64 { depths |= 1 << depth } else { hasDeepParameters = true }
            }
            self.init(
                pattern: pattern, extras: extras, expansionIndex: expansionIndex, isDuplicate: isDuplicate,
                parameterDepths: depths, hasDeepParameters: hasDeepParameters)
        }
    }

    /// What few routes have.
    private final class Extras: Sendable {
        let name: String?
        let priority: Int
        let tag: Int?
        let table: RouteTable

        /// What a route with these values keeps apart: `nil` when they are all the defaults.
        static func make(name: String?, priority: Int, tag: Int?, table: RouteTable) -> Extras? {
            name == nil && priority == 0 && tag == nil && table == .global
                ? nil : Extras(name: name, priority: priority, tag: tag, table: table)
        }

        private init(name: String?, priority: Int, tag: Int?, table: RouteTable) {
            self.name = name
            self.priority = priority
            self.tag = tag
            self.table = table
        }
    }

    /// The route of a pattern's expansion at `index` (`0`, the longest, for a pattern without groups), whose
    /// segments the caller has from the parser (the pattern does not keep them).
    init(
        pattern: RoutePattern, name: String?, priority: Int, tag: Int?, expansion index: Int, segments: [Segment],
        in table: RouteTable
    ) {
        fields = Fields(
            pattern: pattern, extras: Extras.make(name: name, priority: priority, tag: tag, table: table),
            expansionIndex: index, segments: segments, isDuplicate: false)
    }

    private init(fields: Fields) {
        self.fields = fields
    }

    /// The route of the registration's first expansion, whose segments are `segments`; what the registration runs
    /// is not part of it.
    init(_ registration: Registration, segments: [Segment], in table: RouteTable) {
        self.init(
            pattern: registration.pattern, name: registration.name, priority: registration.priority,
            tag: registration.tag, expansion: 0, segments: segments, in: table)
    }

    /// The route of the same registration's expansion at `index`, whose segments are `segments`, marked as a
    /// duplicate or not.
    func sibling(expansion index: Int, segments: [Segment], isDuplicate: Bool) -> Route {
        Route(
            fields: Fields(
                pattern: fields.pattern, extras: fields.extras, expansionIndex: index, segments: segments,
                isDuplicate: isDuplicate))
    }

    /// The same route, marked as a duplicate or not.
    func with(isDuplicate: Bool) -> Route {
        guard isDuplicate != fields.isDuplicate else { return self }
        return Route(
            fields: Fields(
                pattern: fields.pattern, extras: fields.extras, expansionIndex: fields.expansionIndex,
                isDuplicate: isDuplicate, parameterDepths: fields.parameterDepths,
                hasDeepParameters: fields.hasDeepParameters))
    }

    /// The registration the route comes from, with what it runs, which its table keeps.
    func registration(with behavior: RouteBehavior) -> Registration {
        Registration(
            pattern: fields.pattern, name: fields.name, priority: fields.priority, constraints: behavior.constraints,
            action: behavior.action, tag: fields.tag)
    }

    /// The expansion's segments, parsed again from its text (see ``Expansion``).
    var segments: [Segment] { fields.pattern.expanded[fields.expansionIndex].segments }

    /// Calls `body` with the name of each of the expansion's parameters, in order, read from its text without
    /// parsing it.
    func forEachParameterName(_ body: (String) -> Void) {
        fields.pattern.expanded[fields.expansionIndex].forEachParameterName(body)
    }

    /// The values the route's parameters capture from a link's components, in pattern order: one allocation, for
    /// a route with parameters.
    func parameterValues(in components: SplitComponents) -> [String] {
        var depths = fields.parameterDepths
        guard !fields.hasDeepParameters else {
            // Past the mask's reach, the depths come from the expansion's text, read without parsing it.
            var values: [String] = []
            fields.pattern.expanded[fields.expansionIndex].forEachWrittenSegment { depth, kind, _ in
                if kind == .parameter { values.append(components.value(at: depth)) }
            }
            return values
        }
        guard depths != 0 else { return [] }
        var values: [String] = []
        values.reserveCapacity(depths.nonzeroBitCount)
        while depths != 0 {
            values.append(components.value(at: depths.trailingZeroBitCount))
            depths &= depths - 1
        }
        return values
    }

    /// The pattern as written, with its optional groups.
    public var pattern: RoutePattern { fields.pattern }
    /// This route's expansion of the pattern (`/path/:thing/new`).
    public var expansion: String { fields.pattern.expanded[fields.expansionIndex].text }
    /// The name given at registration, for reverse routing and diagnostics.
    public var name: String? { fields.name }
    /// The priority given at registration: higher is tried first. The default is 0.
    public var priority: Int { fields.priority }
    /// The table the route is in.
    public var table: RouteTable { fields.table }
    /// Whether another route in the same table has a pattern of the same shape (the same segments, parameter
    /// names aside). Both are kept: the one registered first runs first, the other only if it declines.
    public var isDuplicate: Bool { fields.isDuplicate }
    /// A number the registrant chose: the index of a route file's declaration.
    package var tag: Int? { fields.tag }

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
