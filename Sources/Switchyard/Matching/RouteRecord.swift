/// A route's fields, as a table keeps them end to end in its list of records, with no object of their own (what few
/// routes have is in one object shared by a registration's expansions). A ``Route`` holds a copy of its record.
struct RouteRecord: Sendable {
    /// The pattern as written.
    private let written: String
    /// What few routes have, in an object made only for them and shared by the routes of one registration.
    private let extras: Extras?
    /// Bit `d` is set when segment `d` is a parameter, for the first 32 segments: a match collects the values
    /// without reading the segments.
    private let parameterDepths: UInt32
    /// Which of the pattern's expansions the route is: fewer than 2 to the power of
    /// ``RoutePattern/maxOptionalGroups`` (8), so at most 255.
    private let storedExpansionIndex: UInt8
    /// Whether another route in the same table has a pattern of the same shape (the same segments, parameter
    /// names aside). Both are kept: the one registered first runs first, the other only if it declines.
    private(set) var isDuplicate: Bool
    /// Whether a parameter comes after the first 32 segments, where ``parameterDepths`` cannot tell.
    private let hasDeepParameters: Bool
    /// Whether the trie keeps constraints on the route's parameters (few routes have any): it sets this when it
    /// takes the route, and looks them up only for such routes.
    var isConstrained = false

    /// What few routes have: a name, a tag, a priority other than 0, a scheme's table, or a pattern with optional
    /// groups, whose expansions are listed.
    private final class Extras: Sendable {
        let name: String?
        let priority: Int
        let tag: Int?
        let table: RouteTable
        let listedExpansions: [Expansion]

        /// What a route with these values keeps apart: `nil` when they are all the defaults.
        static func make(pattern: RoutePattern, name: String?, priority: Int, tag: Int?, table: RouteTable) -> Extras? {
            let listed = pattern.expanded.listed
            guard name != nil || priority != 0 || tag != nil || table != .global || !listed.isEmpty else { return nil }
            return Extras(name: name, priority: priority, tag: tag, table: table, listedExpansions: listed)
        }

        private init(name: String?, priority: Int, tag: Int?, table: RouteTable, listedExpansions: [Expansion]) {
            self.name = name
            self.priority = priority
            self.tag = tag
            self.table = table
            self.listedExpansions = listedExpansions
        }
    }

    /// The fields of an expansion whose segments are `segments`.
    private init(written: String, extras: Extras?, expansionIndex: Int, segments: [Segment], isDuplicate: Bool) {
        var depths: UInt32 = 0
        var hasDeepParameters = false
        for (depth, segment) in segments.enumerated() where segment.isParameter {
            if depth < 32 { depths |= 1 << depth } else { hasDeepParameters = true }
        }
        self.written = written
        self.extras = extras
        storedExpansionIndex = UInt8(clamping: expansionIndex)
        self.isDuplicate = isDuplicate
        parameterDepths = depths
        self.hasDeepParameters = hasDeepParameters
    }

    /// The fields of a pattern's first expansion (the longest; the only one of a pattern without groups), whose
    /// segments the caller has from the parser (the pattern does not keep them).
    init(pattern: RoutePattern, name: String?, priority: Int, tag: Int?, segments: [Segment], in table: RouteTable) {
        self.init(
            written: pattern.written,
            extras: Extras.make(pattern: pattern, name: name, priority: priority, tag: tag, table: table),
            expansionIndex: 0, segments: segments, isDuplicate: false)
    }

    /// The fields of the registration's first expansion, whose segments are `segments`; what the registration runs
    /// is not part of it.
    init(_ registration: Registration, segments: [Segment], in table: RouteTable) {
        self.init(
            pattern: registration.pattern, name: registration.name, priority: registration.priority,
            tag: registration.tag, segments: segments, in: table)
    }

    /// The fields of the same registration's expansion at `index`, whose segments are `segments`.
    func sibling(expansion index: Int, segments: [Segment]) -> RouteRecord {
        RouteRecord(written: written, extras: extras, expansionIndex: index, segments: segments, isDuplicate: false)
    }

    /// The same fields, marked as a duplicate or not.
    func with(isDuplicate: Bool) -> RouteRecord {
        var marked = self
        marked.isDuplicate = isDuplicate
        return marked
    }

    /// Which of the pattern's expansions the route is.
    var expansionIndex: Int { Int(storedExpansionIndex) }

    private var expanded: Expansions { Expansions(written: written, listed: extras?.listedExpansions ?? []) }

    /// The registration the route comes from, with what it runs, which its table keeps.
    func registration(with behavior: RouteBehavior) -> Registration {
        Registration(
            pattern: pattern, name: name, priority: priority, constraints: behavior.constraints,
            action: behavior.action, tag: tag)
    }

    /// The expansion's segments, parsed again from its text (see ``Expansion``).
    var segments: [Segment] { expanded[expansionIndex].segments }

    /// The names of the expansion's parameters, in order.
    var parameterNames: [String] { expanded[expansionIndex].parameterNames }

    /// The position among the expansion's parameters of the one named `name`, read from its text without making
    /// a name.
    func parameterIndex(named name: String) -> Int? {
        var index = 0
        var found: Int?
        expanded[expansionIndex].forEachWrittenSegment { _, kind, written in
            guard kind == .parameter, found == nil else { return }
            if written.dropFirst().elementsEqual(name.utf8) { found = index }
            index += 1
        }
        return found
    }

    /// The values the route captures from a link's components, in pattern order: one allocation, for a route with
    /// parameters.
    func parameterValues(in components: SplitComponents) -> [String] {
        guard !hasDeepParameters else { return deepParameterValues(in: components) }
        var depths = parameterDepths
        // One or two parameters, the usual routes, as array literals: made at their size in one step.
        let first = depths.trailingZeroBitCount
        switch depths.nonzeroBitCount {
        case 0: return []
        case 1: return [components.value(at: first)]
        case 2:
            return [components.value(at: first), components.value(at: (depths & (depths - 1)).trailingZeroBitCount)]
        default: break
        }
        var values: [String] = []
        values.reserveCapacity(depths.nonzeroBitCount)
        while depths != 0 {
            values.append(components.value(at: depths.trailingZeroBitCount))
            depths &= depths - 1
        }
        return values
    }

    /// The values of a route with parameters past the mask's reach, whose depths come from the expansion's text,
    /// read without parsing it.
    private func deepParameterValues(in components: SplitComponents) -> [String] {
        var values: [String] = []
        expanded[expansionIndex].forEachWrittenSegment { depth, kind, _ in
            if kind == .parameter { values.append(components.value(at: depth)) }
        }
        return values
    }

    /// The pattern as written, with its optional groups.
    var pattern: RoutePattern { RoutePattern(expanded) }
    /// This route's expansion of the pattern (`/path/:thing/new`).
    var expansion: String { expanded[expansionIndex].text }
    /// The name given at registration, for reverse routing and diagnostics.
    var name: String? { extras?.name }
    /// The priority given at registration: higher is tried first. The default is 0.
    var priority: Int { extras?.priority ?? 0 }
    /// The table the route is in.
    var table: RouteTable { extras?.table ?? .global }
    /// A number the registrant chose: the index of a route file's declaration.
    var tag: Int? { extras?.tag }

    /// Whether two records are the same expansion of the same pattern as written, and so have the same parameter
    /// names in the same order, whatever their tables, names or priorities.
    func hasSameExpansion(as other: RouteRecord) -> Bool {
        storedExpansionIndex == other.storedExpansionIndex && written == other.written
    }

    /// Whether two records are the same route: the same text and the same extras are the same pattern, name,
    /// priority, table and tag.
    func isIdentical(to other: RouteRecord) -> Bool {
        written == other.written && extras === other.extras && storedExpansionIndex == other.storedExpansionIndex
            && isDuplicate == other.isDuplicate
    }
}
