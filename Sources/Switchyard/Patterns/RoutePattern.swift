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

    /// Each expansion's parameter names, longest expansion first.
    package var parameterNamesByExpansion: [[String]] { expanded.map(\.parameterNames) }

    /// Whether some expansion has a parameter named `name`.
    func hasParameter(_ name: String) -> Bool {
        expanded.contains { $0.parameterNames.contains(name) }
    }

    /// The expansions, as ``Expansions`` lists them (none for a pattern that is its one expansion's text).
    private let listedExpansions: [Expansion]
    /// The segments of the expansions, as the parser made them, for a pattern parsed from text; `nil` for a pattern
    /// a table gave back (``Route/pattern``), whose records keep texts only (see ``Expansion``).
    private let parsedSegments: ExpansionSegments?

    var expanded: Expansions { Expansions(written: written, listed: listedExpansions) }

    /// Parses a pattern.
    ///
    /// - Throws: ``PatternError`` naming the byte offset of the first problem.
    public init(_ pattern: String) throws(PatternError) {
        let (expanded, segments) = try PatternParser(pattern).expand()
        written = expanded.written
        listedExpansions = expanded.listed
        parsedSegments = segments
    }

    /// The pattern whose expansions are `expanded`, as a table's records keep them.
    init(_ expanded: Expansions) {
        written = expanded.written
        listedExpansions = expanded.listed
        parsedSegments = nil
    }

    /// The segments of the expansions: the parser's, or, for a pattern a table gave back, read from the
    /// expansions' texts.
    var segments: ExpansionSegments {
        parsedSegments ?? ExpansionSegments(first: expanded[0].segments, others: expanded.dropFirst().map(\.segments))
    }

    /// The pattern as written.
    public var description: String { written }

    /// Whether two patterns expand to the same segments with the same parameter names.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        lhs.segments == rhs.segments
    }

    /// Hashes the expansions' segments.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(segments)
    }
}

/// One segment of an expanded pattern.
package enum Segment: Sendable, Hashable {
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

    /// A segment's kind, without its text.
    enum Kind {
        case literal, parameter, wildcard

        /// How specific a segment of the kind is: lower wins. 2, between a parameter and a wildcard, is the rank of
        /// "the pattern ends here".
        var rank: UInt8 {
            switch self {
            case .literal: 0
            case .parameter: 1
            case .wildcard: 3
            }
        }

        /// The kind of a segment written so in an expansion's text (see ``Expansion``).
        init(written: Slice<TextBytes>) {
            if written.first == UInt8(ascii: ":") {
                self = .parameter
            } else {
                self = written.count == 1 && written.first == UInt8(ascii: "*") ? .wildcard : .literal
            }
        }
    }
}

/// A pattern's expansions, longest first, never empty.
///
/// The usual pattern has no optional groups and is written as its expansion's text (`/product/:id`): its one
/// expansion is the pattern as written, and no list is kept (a pattern is then its text and an empty list, 24
/// bytes); the others list every expansion.
struct Expansions: RandomAccessCollection, Sendable {
    /// The pattern as written.
    let written: String
    /// Every expansion, or none when the one expansion is the pattern as written.
    let listed: [Expansion]

    init(written: String, listed: [Expansion]) {
        self.written = written
        self.listed = listed
    }

    var startIndex: Int { 0 }
    var endIndex: Int { listed.isEmpty ? 1 : listed.count }

    subscript(position: Int) -> Expansion {
        listed.isEmpty ? Expansion(text: written) : listed[position]
    }
}

/// One expansion of a pattern: segments without groups, kept as text.
///
/// A pattern keeps its expansions' texts and not their segments: a list of segments (24 bytes a segment, with
/// padding) would cost several times a route's record. Matching needs no segments (the trie holds
/// what it compares); what does reads them from the text, which the parser wrote, so the rules that let it tell the
/// kinds apart hold: a parameter begins with `:` and a wildcard is `*`, where a literal has either character
/// escaped.
struct Expansion: Sendable, Hashable {
    /// The expansion as pattern text, segments as written (`/the/foo/:a`).
    let text: String

    /// The segments, read from the text by the rules the parser wrote it by: a parameter is `:name`, a wildcard
    /// `*`, and a literal is percent-decoded (its escapes were checked when the pattern was parsed).
    var segments: [Segment] {
        var segments: [Segment] = []
        forEachWrittenSegment { _, kind, written in
            let range = written.startIndex..<written.endIndex
            switch kind {
            case .wildcard: segments.append(.wildcard)
            case .parameter: segments.append(.parameter(written.base.text(range.lowerBound + 1..<range.upperBound)))
            case .literal: segments.append(.literal(ExactText(PercentDecoding.decodeChecked(written.base, range))))
            }
        }
        return segments
    }

    /// Calls `body` with each segment's depth, kind and written bytes (`:id`, `*`, `product`), read from the text
    /// without parsing it.
    func forEachWrittenSegment(
        _ body: (_ depth: Int, _ kind: Segment.Kind, _ written: Slice<TextBytes>) -> Void
    ) {
        TextBytes.with(text) { bytes in
            var depth = 0
            URLSplitter.forEachComponent(of: bytes, in: 0..<bytes.count) { range in
                let written = bytes[range]
                body(depth, Segment.Kind(written: written), written)
                depth += 1
            }
        }
    }

    /// The names of the parameter segments, in order.
    var parameterNames: [String] {
        var names: [String] = []
        forEachParameterName { names.append($0) }
        return names
    }

    /// Calls `body` with the name of each parameter segment, in order (no list of them made).
    func forEachParameterName(_ body: (String) -> Void) {
        forEachWrittenSegment { _, kind, written in
            if kind == .parameter { body(written.base.text(written.startIndex + 1..<written.endIndex)) }
        }
    }

    /// How many parameter segments there are.
    var parameterCount: Int {
        var count = 0
        forEachWrittenSegment { _, kind, _ in if kind == .parameter { count += 1 } }
        return count
    }

    /// Each segment's rank, closed by the rank of "the pattern ends here", for ordering routes by specificity.
    var ranks: [UInt8] {
        var ranks: [UInt8] = []
        forEachWrittenSegment { _, kind, _ in ranks.append(kind.rank) }
        ranks.append(2)
        return ranks
    }

    var hasWildcard: Bool {
        var lastKind: Segment.Kind?
        forEachWrittenSegment { _, kind, _ in lastKind = kind }
        return lastKind == .wildcard
    }

    /// The segments' shape with parameter names left out, for finding duplicates.
    var shape: [Segment] {
        segments.map { if case .parameter = $0 { .parameter("") } else { $0 } }
    }
}

/// The segments of each of a pattern's expansions, in the pattern's order; the first apart, so that a pattern
/// without optional groups makes no list of lists.
struct ExpansionSegments: Sendable, Hashable {
    private let first: [Segment]
    private let others: [[Segment]]

    init(first: [Segment], others: [[Segment]] = []) {
        self.first = first
        self.others = others
    }

    subscript(index: Int) -> [Segment] {
        index == 0 ? first : others[index - 1]
    }
}
