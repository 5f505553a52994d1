/// Renders a window of an input with a caret under one byte, for diagnostics.
package enum Excerpt {
    /// Bytes shown on each side of the caret; a longer input is cut, with `…` marking the cut.
    static let radius = 40

    /// Two lines, each indented by two spaces: the input around `position`, and a caret under it.
    ///
    /// Control characters are shown as `?` so the caret stays aligned and the terminal is safe.
    static func caretLines(_ input: String, at position: Int) -> String {
        let bytes = Array(input.utf8)
        let position = min(max(position, 0), bytes.count)
        var start = max(0, position - radius)
        var end = min(bytes.count, position + radius)
        // Never cut inside a multi-byte character.
        while start > 0, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let before = visible(bytes[start..<position])
        let after = visible(bytes[position..<end])
        let head = start > 0 ? "…" : ""
        let tail = end < bytes.count ? "…" : ""
        let column = head.count + before.count
        return "  \(head)\(before)\(after)\(tail)\n  \(String(repeating: " ", count: column))^"
    }

    /// The input in quotes, cut after ``radius`` bytes (twice) with `…`, control characters shown as `?`: for a
    /// message that names what a caller gave, however long or hostile.
    package static func short(_ input: String) -> String {
        let bytes = Array(input.utf8)
        var end = min(bytes.count, radius * 2)
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + visible(bytes[0..<end]) + (end < bytes.count ? "…" : "") + "'"
    }

    private static func visible(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "?" : scalar
                }
            )
        )
    }
}
