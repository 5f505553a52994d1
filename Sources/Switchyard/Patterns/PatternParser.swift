/// Parses a written pattern into its expansions, as the pattern syntax in <doc:PatternsAndPrecedence> says.
struct PatternParser {
    private let pattern: String

    init(_ pattern: String) {
        self.pattern = pattern
    }

    /// A run of the written pattern: always present, or one optional group.
    private struct Piece {
        var range: Range<Int>
        var isOptional: Bool
    }

    /// An expansion as parsed: its text, which a pattern keeps (unless it is the pattern as written, as `isWritten`
    /// tells), and its segments.
    private typealias Parsed = (expansion: Expansion, segments: [Segment], isWritten: Bool)

    /// The expansions, longest first; ties keep group order (a combination with an earlier group comes first); and
    /// their segments, in the same order.
    func expand() throws(PatternError) -> (expansions: Expansions, segments: ExpansionSegments) {
        try TextBytes.with(pattern) { bytes in Result { () throws(PatternError) in try expand(bytes) } }.get()
    }

    private func expand(
        _ bytes: TextBytes
    ) throws(PatternError) -> (expansions: Expansions, segments: ExpansionSegments) {
        // Most patterns have no group: one expansion, the whole pattern, whose offsets are the pattern's own.
        if !bytes.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }) {
            return collect(try parseExpansion(bytes, positions: nil))
        }
        let pieces = try splitGroups(bytes)
        let groups = pieces.indices.filter { pieces[$0].isOptional }
        if groups.isEmpty { return collect(try parseExpansion(bytes, positions: nil)) }
        var expansions: [Parsed] = []
        // Masks from all groups down to none, the first group as the highest bit: earlier groups first.
        for mask in stride(from: (1 << groups.count) - 1, through: 0, by: -1) {
            var positions: [Int] = []
            for (pieceIndex, piece) in pieces.enumerated() {
                if piece.isOptional {
                    let bit = groups.count - 1 - (groups.firstIndex(of: pieceIndex) ?? 0)
                    if mask & (1 << bit) == 0 { continue }
                }
                positions.append(contentsOf: piece.range)
            }
            let expansion = positions.map { bytes[$0] }
            expansions.append(
                try TextBytes.with(expansion) { expansion in
                    Result { () throws(PatternError) in try parseExpansion(expansion, positions: positions) }
                }.get())
        }
        // A stable sort: longest first, the mask order kept among equals. One group gives two masks at least, so
        // the list is never empty.
        let sorted = expansions.enumerated()
            .sorted { ($0.element.segments.count, -$0.offset) > ($1.element.segments.count, -$1.offset) }
            .map(\.element)
        return collect(sorted[0], others: Array(sorted.dropFirst()))
    }

    private func collect(
        _ first: Parsed, others: [Parsed] = []
    ) -> (expansions: Expansions, segments: ExpansionSegments) {
        (
            Expansions(
                written: pattern,
                listed: others.isEmpty && first.isWritten ? [] : [first.expansion] + others.map(\.expansion)),
            ExpansionSegments(first: first.segments, others: others.map(\.segments))
        )
    }

    private func splitGroups(_ bytes: TextBytes) throws(PatternError) -> [Piece] {
        var pieces: [Piece] = []
        var start = 0
        var openGroup: Int?
        var groupCount = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "("):
                if openGroup != nil {
                    throw PatternError(.nestedGroup, at: index, in: pattern, "optional groups cannot be nested")
                }
                groupCount += 1
                if groupCount > RoutePattern.maxOptionalGroups {
                    throw PatternError(
                        .tooManyGroups, at: index, in: pattern,
                        "a pattern may have at most \(RoutePattern.maxOptionalGroups) optional groups")
                }
                if index > start { pieces.append(Piece(range: start..<index, isOptional: false)) }
                openGroup = index
                start = index + 1
            case UInt8(ascii: ")"):
                guard let open = openGroup else {
                    throw PatternError(.unopenedGroup, at: index, in: pattern, "')' has no matching '('")
                }
                if index == open + 1 {
                    throw PatternError(.emptyGroup, at: open, in: pattern, "an optional group must not be empty")
                }
                pieces.append(Piece(range: start..<index, isOptional: true))
                openGroup = nil
                start = index + 1
            default:
                continue
            }
        }
        if let openGroup {
            throw PatternError(.unclosedGroup, at: openGroup, in: pattern, "'(' has no matching ')'")
        }
        if start < bytes.count { pieces.append(Piece(range: start..<bytes.count, isOptional: false)) }
        return pieces
    }

    /// Parses one expansion: `expansion` holds its bytes, and `positions` maps an offset in them back to the
    /// written pattern for errors (`nil` when the expansion is the whole pattern).
    private func parseExpansion(
        _ expansion: TextBytes, positions: [Int]?
    ) throws(PatternError) -> Parsed {
        // One allocation for the segments, of their count (the list is kept) unless slashes are doubled: one more
        // than the slashes, less a slash at either end.
        var slashes = 0
        for byte in expansion where byte == UInt8(ascii: "/") { slashes += 1 }
        var segmentCount = slashes + 1
        if expansion.first == UInt8(ascii: "/") { segmentCount -= 1 }
        if expansion.count > 1, expansion.last == UInt8(ascii: "/") { segmentCount -= 1 }
        var segments: [Segment] = []
        segments.reserveCapacity(segmentCount)
        var parameterCount = 0
        // Past a few parameters, a set finds a repeated name, so that many stay linear.
        var manyNames = Set<String>()
        var wildcardPosition: Int?
        // Written as its own text (`/a/:b`): one leading `/`, no empty segment between slashes, no trailing `/`.
        var emptySegments = 0
        var start = 0
        while start < expansion.count {
            var end = start
            while end < expansion.count, expansion[end] != UInt8(ascii: "/") { end += 1 }
            if end == start { emptySegments += 1 }
            if end > start {
                if let wildcardPosition {
                    throw PatternError(
                        .wildcardNotLast, at: wildcardPosition, in: pattern, "'*' must be the last segment")
                }
                let segment = try parseSegment(start..<end, of: expansion, positions)
                switch segment {
                case .wildcard:
                    wildcardPosition = position(start, positions)
                case .parameter(let name):
                    if parameterCount == 16 { manyNames = Set(segments.compactMap(\.parameterName)) }
                    let isRepeated =
                        parameterCount < 16
                        ? segments.contains { $0.parameterName == name } : !manyNames.insert(name).inserted
                    parameterCount += 1
                    if isRepeated {
                        throw PatternError(
                            .duplicateParameterName, at: position(start, positions), in: pattern,
                            "the parameter name '\(name)' is used twice")
                    }
                case .literal:
                    break
                }
                segments.append(segment)
            }
            start = end + 1
        }
        let isWrittenAsText =
            expansion.first == UInt8(ascii: "/") && emptySegments == 1
            && (expansion.count == 1 || expansion.last != UInt8(ascii: "/"))
        // The pattern itself when it is written so already: no new string.
        let isWritten = positions == nil && isWrittenAsText
        return (Expansion(text: isWritten ? pattern : text(of: expansion)), segments, isWritten)
    }

    /// The expansion as text: `/` and the segments, empty segments dropped.
    private func text(of expansion: TextBytes) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(expansion.count + 1)
        var start = 0
        while start < expansion.count {
            var end = start
            while end < expansion.count, expansion[end] != UInt8(ascii: "/") { end += 1 }
            if end > start {
                text.append(UInt8(ascii: "/"))
                text.append(contentsOf: expansion[start..<end])
            }
            start = end + 1
        }
        if text.isEmpty { text.append(UInt8(ascii: "/")) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The offset in the written pattern of an expansion's byte.
    private func position(_ offset: Int, _ positions: [Int]?) -> Int {
        positions.map { $0[offset] } ?? offset
    }

    /// Parses one segment: a range of an expansion's bytes, whose offsets `positions` maps to the written pattern.
    private func parseSegment(
        _ range: Range<Int>, of expansion: TextBytes, _ positions: [Int]?
    ) throws(PatternError) -> Segment {
        // One pass finds what the checks below need: the first reserved character, the first `*`, the first byte
        // after the first that a parameter name cannot hold, and whether the segment is printable ASCII without
        // escapes (its text then needs no decoding).
        var reserved: Int?
        var star: Int?
        var notName: Int?
        var isPlain = true
        for index in range {
            let byte = expansion[index]
            if isNameByte(byte) { continue }
            if notName == nil, index > range.lowerBound { notName = index }
            if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") {
                if reserved == nil { reserved = index }
            } else if byte == UInt8(ascii: "*") {
                if star == nil { star = index }
            } else if byte == UInt8(ascii: "%") || byte &- 0x20 >= 0x5F {
                isPlain = false
            }
        }
        if let reserved {
            throw PatternError(
                .reservedCharacter, at: position(reserved, positions), in: pattern,
                "'#' and '?' cannot appear in a pattern; write %23 or %3F for the character")
        }
        let text = expansion[range]
        // The kind by the same rule that reads it back from an expansion's text (see `Expansion`).
        let kind = Segment.Kind(written: text)
        if kind == .wildcard { return .wildcard }
        if let star {
            throw PatternError(
                .wildcardInSegment, at: position(star, positions), in: pattern,
                "'*' must be a whole segment; write %2A for the character")
        }
        if kind == .parameter {
            guard range.count > 1 else {
                throw PatternError(
                    .emptyParameterName, at: position(range.lowerBound, positions), in: pattern,
                    "a parameter needs a name")
            }
            if let notName {
                throw PatternError(
                    .invalidParameterName, at: position(notName, positions), in: pattern,
                    "a parameter name is made of letters, digits and '_'")
            }
            return .parameter(expansion.text(range.lowerBound + 1..<range.upperBound))
        }
        let literal =
            isPlain ? expansion.text(range) : try decodeLiteral(range, of: expansion, positions)
        if literal.isDotSegment {
            throw PatternError(
                .dotSegment, at: position(range.lowerBound, positions), in: pattern,
                "'\(literal)' can never match: such URLs are rejected")
        }
        return .literal(ExactText(literal))
    }

    private func decodeLiteral(
        _ range: Range<Int>, of expansion: TextBytes, _ positions: [Int]?
    ) throws(PatternError) -> String {
        do throws(DecodingFailure) {
            return try PercentDecoding.decode(expansion, range)
        } catch {
            let code: PatternError.Code =
                switch error.code {
                case .invalidPercentEncoding: .invalidPercentEncoding
                case .invalidUTF8: .invalidUTF8
                default: .controlCharacter
                }
            throw PatternError(code, at: position(error.position, positions), in: pattern, error.message)
        }
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        URLSplitter.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}
