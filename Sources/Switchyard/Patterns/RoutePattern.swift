/// A route pattern: the path a route matches, with parameters, a trailing wildcard and optional groups.
///
/// | syntax | meaning |
/// | --- | --- |
/// | `product` | a literal component, compared decoded (`café` ≡ `caf%C3%A9`) and case-sensitively |
/// | `:id` | a parameter: exactly one non-empty component |
/// | `*` | the last segment only: zero or more remaining components |
/// | `(/foo/:a)` | an optional group; groups do not nest |
///
/// Slashes at either end and doubled slashes carry no meaning. Optional groups expand into every
/// combination, longest first; ties keep group order:
///
/// ```swift
/// let pattern = try RoutePattern("/the(/foo/:a)(/bar/:b)")
/// pattern.expansions  // ["/the/foo/:a/bar/:b", "/the/foo/:a", "/the/bar/:b", "/the"]
/// ```
///
/// Two patterns are equal when they expand to the same segments with the same parameter names, so
/// `/test/` equals `test`.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The most optional groups one pattern may have (each doubles the expansions).
    public static let maxOptionalGroups = 8

    /// The pattern as written.
    public let written: String
    /// The expansions, longest first, each as a pattern without groups.
    public var expansions: [String] { expanded.map(\.text) }
    /// The parameter names, in the order they first appear.
    public var parameterNames: [String] {
        var seen = Set<String>()
        return expanded.flatMap(\.parameterNames).filter { seen.insert($0).inserted }
    }

    /// Whether some expansion has a parameter named `name`.
    func hasParameter(_ name: String) -> Bool {
        expanded.contains { $0.segments.contains { $0.parameterName == name } }
    }

    let expanded: Expansions

    /// Parses a pattern.
    ///
    /// - Throws: ``PatternError`` naming the byte offset of the first problem.
    public init(_ pattern: String) throws(PatternError) {
        written = pattern
        expanded = try PatternParser(pattern).expand()
    }

    /// The pattern as written.
    public var description: String { written }

    /// Whether two patterns expand to the same segments with the same parameter names.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.expanded.map(\.segments) == rhs.expanded.map(\.segments)
    }

    /// Hashes the expansions' segments.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(expanded.map(\.segments))
    }
}

/// One segment of an expanded pattern.
enum Segment: Sendable, Hashable {
    /// A component that must equal this decoded text, byte for byte.
    case literal(ExactText)
    /// A component captured under this name.
    case parameter(String)
    /// Zero or more remaining components.
    case wildcard

    /// The parameter's name, for a parameter.
    var parameterName: String? {
        if case .parameter(let name) = self { name } else { nil }
    }

    /// Whether the segment is a parameter.
    var isParameter: Bool {
        if case .parameter = self { true } else { false }
    }

    /// How specific the segment is: lower wins.
    var rank: Int {
        switch self {
        case .literal: 0
        case .parameter: 1
        case .wildcard: 3
        }
    }
}

/// A pattern's expansions, longest first, never empty. The first is kept inline, so that a pattern without
/// optional groups (one expansion, the usual case) allocates no list for them: 64 bytes a route less.
struct Expansions: RandomAccessCollection, Sendable, Hashable {
    private let first: Expansion
    /// The expansions after the first: none for a pattern without optional groups.
    private let others: [Expansion]

    init(first: Expansion, others: [Expansion] = []) {
        self.first = first
        self.others = others
    }

    var startIndex: Int { 0 }
    var endIndex: Int { others.count + 1 }

    subscript(position: Int) -> Expansion {
        position == 0 ? first : others[position - 1]
    }
}

/// One expansion of a pattern: segments without groups.
struct Expansion: Sendable, Hashable {
    let segments: [Segment]
    /// The expansion as pattern text, segments as written (`/the/foo/:a`).
    let text: String

    /// An expansion of these segments.
    init(segments: [Segment], text: String) {
        self.segments = segments
        self.text = text
    }

    /// How many parameter segments there are.
    var parameterCount: Int { segments.count(where: \.isParameter) }

    /// The names of the parameter segments, in order.
    var parameterNames: [String] { segments.compactMap(\.parameterName) }

    var hasWildcard: Bool { segments.last == .wildcard }

    /// The segments' shape with parameter names left out, for finding duplicates.
    var shape: [Segment] {
        segments.map { if case .parameter = $0 { .parameter("") } else { $0 } }
    }
}
