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
        var segments: [Segment] = []
        var texts: [String] = []
        var names = Set<String>()
        var wildcardPosition: Int?
        var start = 0
        while start < positions.count {
            var end = start
            while end < positions.count, bytes[positions[end]] != UInt8(ascii: "/") { end += 1 }
            if end > start {
                let segmentPositions = Array(positions[start..<end])
                if let wildcardPosition {
                    throw PatternError(
                        .wildcardNotLast, at: wildcardPosition, in: pattern, "'*' must be the last segment")
                }
                let segment = try parseSegment(segmentPositions)
                switch segment {
                case .wildcard:
                    wildcardPosition = segmentPositions[0]
                case .parameter(let name):
                    if !names.insert(name).inserted {
                        throw PatternError(
                            .duplicateParameterName, at: segmentPositions[0], in: pattern,
                            "the parameter name '\(name)' is used twice")
                    }
                case .literal:
                    break
                }
                segments.append(segment)
                texts.append(String(decoding: segmentPositions.map { bytes[$0] }, as: UTF8.self))
            }
            start = end + 1
        }
        return Expansion(segments: segments, text: "/" + texts.joined(separator: "/"))
    }

    private func parseSegment(_ positions: [Int]) throws(PatternError) -> Segment {
        let segmentBytes = positions.map { bytes[$0] }
        if let reserved = segmentBytes.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) {
            throw PatternError(
                .reservedCharacter, at: positions[reserved], in: pattern,
                "'#' and '?' cannot appear in a pattern; write %23 or %3F for the character")
        }
        if segmentBytes == [UInt8(ascii: "*")] { return .wildcard }
        if let star = segmentBytes.firstIndex(of: UInt8(ascii: "*")) {
            throw PatternError(
                .wildcardInSegment, at: positions[star], in: pattern,
                "'*' must be a whole segment; write %2A for the character")
        }
        if segmentBytes[0] == UInt8(ascii: ":") {
            guard segmentBytes.count > 1 else {
                throw PatternError(.emptyParameterName, at: positions[0], in: pattern, "a parameter needs a name")
            }
            if let bad = segmentBytes.indices.dropFirst().first(where: { !isNameByte(segmentBytes[$0]) }) {
                throw PatternError(
                    .invalidParameterName, at: positions[bad], in: pattern,
                    "a parameter name is made of letters, digits and '_'")
            }
            return .parameter(String(decoding: segmentBytes.dropFirst(), as: UTF8.self))
        }
        let literal = try decodeLiteral(segmentBytes, positions)
        if literal.isDotSegment {
            throw PatternError(
                .dotSegment, at: positions[0], in: pattern, "'\(literal)' can never match: such URLs are rejected")
        }
        return .literal(ExactText(literal))
    }

    private func decodeLiteral(_ segmentBytes: [UInt8], _ positions: [Int]) throws(PatternError) -> String {
        do throws(DecodingFailure) {
            return try segmentBytes.withUnsafeBufferPointer { buffer throws(DecodingFailure) in
                try PercentDecoding.decode(buffer, 0..<buffer.count)
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
