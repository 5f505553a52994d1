/// Parses a written pattern into its expansions (DESIGN §3 and §11).
struct PatternParser {
    private let pattern: String
    private let bytes: [UInt8]

    init(_ pattern: String) {
        self.pattern = pattern
        bytes = Array(pattern.utf8)
    }

    /// A run of the written pattern: always present, or one optional group.
    private struct Piece {
        var range: Range<Int>
        var isOptional: Bool
    }

    /// The expansions, longest first; ties keep group order (a combination with an earlier group comes first).
    func expand() throws(PatternError) -> [Expansion] {
        let pieces = try splitGroups()
        let groups = pieces.indices.filter { pieces[$0].isOptional }
        // Most patterns have no group: one expansion, the whole pattern.
        if groups.isEmpty { return [try parseExpansion(Array(bytes.indices))] }
        var expansions: [Expansion] = []
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
            expansions.append(try parseExpansion(positions))
        }
        // A stable sort: longest first, the mask order kept among equals.
        return expansions.enumerated()
            .sorted { ($0.element.segments.count, -$0.offset) > ($1.element.segments.count, -$1.offset) }
            .map(\.element)
    }

    private func splitGroups() throws(PatternError) -> [Piece] {
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

    /// Parses one expansion, given as the positions in the written pattern of its bytes.
    private func parseExpansion(_ positions: [Int]) throws(PatternError) -> Expansion {
        // The expansion's bytes in one array; a segment is a range of it, and `positions` maps an offset back
        // to the written pattern for errors.
        let expansion = positions.map { bytes[$0] }
        var segments: [Segment] = []
        // The expansion as text: `/` and the segments, empty segments dropped.
        var text: [UInt8] = []
        text.reserveCapacity(expansion.count + 1)
        // Few parameters are compared in a scan; a set takes over past that, so many stay linear.
        var names: [String] = []
        var manyNames = Set<String>()
        var wildcardPosition: Int?
        var start = 0
        while start < expansion.count {
            var end = start
            while end < expansion.count, expansion[end] != UInt8(ascii: "/") { end += 1 }
            if end > start {
                if let wildcardPosition {
                    throw PatternError(
                        .wildcardNotLast, at: wildcardPosition, in: pattern, "'*' must be the last segment")
                }
                let segment = try parseSegment(start..<end, of: expansion, positions)
                switch segment {
                case .wildcard:
                    wildcardPosition = positions[start]
                case .parameter(let name):
                    if names.count == 16 { manyNames = Set(names) }
                    let isRepeated = names.count < 16 ? names.contains(name) : !manyNames.insert(name).inserted
                    names.append(name)
                    if isRepeated {
                        throw PatternError(
                            .duplicateParameterName, at: positions[start], in: pattern,
                            "the parameter name '\(name)' is used twice")
                    }
                case .literal:
                    break
                }
                segments.append(segment)
                text.append(UInt8(ascii: "/"))
                text.append(contentsOf: expansion[start..<end])
            }
            start = end + 1
        }
        if text.isEmpty { text.append(UInt8(ascii: "/")) }
        return Expansion(segments: segments, text: String(decoding: text, as: UTF8.self))
    }

    /// Parses one segment: a range of an expansion's bytes, whose offsets `positions` maps to the written pattern.
    private func parseSegment(
        _ range: Range<Int>, of expansion: [UInt8], _ positions: [Int]
    ) throws(PatternError) -> Segment {
        let segment = expansion[range]
        if let reserved = segment.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) {
            throw PatternError(
                .reservedCharacter, at: positions[reserved], in: pattern,
                "'#' and '?' cannot appear in a pattern; write %23 or %3F for the character")
        }
        if segment.count == 1, segment.first == UInt8(ascii: "*") { return .wildcard }
        if let star = segment.firstIndex(of: UInt8(ascii: "*")) {
            throw PatternError(
                .wildcardInSegment, at: positions[star], in: pattern,
                "'*' must be a whole segment; write %2A for the character")
        }
        if segment.first == UInt8(ascii: ":") {
            guard segment.count > 1 else {
                throw PatternError(
                    .emptyParameterName, at: positions[segment.startIndex], in: pattern, "a parameter needs a name")
            }
            if let bad = segment.dropFirst().firstIndex(where: { !isNameByte($0) }) {
                throw PatternError(
                    .invalidParameterName, at: positions[bad], in: pattern,
                    "a parameter name is made of letters, digits and '_'")
            }
            return .parameter(String(decoding: segment.dropFirst(), as: UTF8.self))
        }
        let literal = try decodeLiteral(range, of: expansion, positions)
        if literal.isDotSegment {
            throw PatternError(
                .dotSegment, at: positions[segment.startIndex], in: pattern,
                "'\(literal)' can never match: such URLs are rejected")
        }
        return .literal(ExactText(literal))
    }

    private func decodeLiteral(
        _ range: Range<Int>, of expansion: [UInt8], _ positions: [Int]
    ) throws(PatternError) -> String {
        do throws(DecodingFailure) {
            return try expansion.withUnsafeBufferPointer { buffer throws(DecodingFailure) in
                try PercentDecoding.decode(buffer, range)
            }
        } catch {
            let code: PatternError.Code =
                switch error.code {
                case .invalidPercentEncoding: .invalidPercentEncoding
                case .invalidUTF8: .invalidUTF8
                default: .controlCharacter
                }
            throw PatternError(code, at: positions[error.position], in: pattern, error.message)
        }
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        URLSplitter.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}
