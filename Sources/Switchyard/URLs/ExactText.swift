/// Text compared and hashed by its UTF-8 bytes.
///
/// Swift's `String` equality follows Unicode canonical equivalence, so `"café"` (precomposed) equals
/// `"cafe\u{301}"`. A router must not: links carry bytes, values come back byte-exact, and a look-alike host
/// never equals an allowed one. Literals, hosts and allowed values are compared through this type.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) { self.text = text }

    package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        let (left, right) = (lhs.text.utf8, rhs.text.utf8)
        guard left.count == right.count else { return false }
        // Native strings keep their bytes in one piece: compared there, not through the view's generic iterator.
        let inPlace = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
        }
        return (inPlace ?? nil) ?? left.elementsEqual(right)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}

extension String {
    /// Whether the two strings have the same UTF-8 bytes (no canonical equivalence).
    func isExactly(_ other: String) -> Bool { ExactText(self) == ExactText(other) }

    /// Whether the text is a dot segment: exactly `.` or `..`.
    var isDotSegment: Bool { URLSplitter.isDotSegment(utf8) }
}
