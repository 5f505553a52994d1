/// Text compared and hashed by its UTF-8 bytes.
///
/// Swift's `String` equality follows Unicode canonical equivalence, so `"café"` (precomposed) equals
/// `"cafe\u{301}"`. A router must not: links carry bytes, values come back byte-exact, and a look-alike host
/// never equals an allowed one. Literals, hosts and allowed values are compared through this type.
struct ExactText: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        LiteralEdges.equal(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}

extension String {
    /// Whether the two strings have the same UTF-8 bytes (no canonical equivalence).
    func isExactly(_ other: String) -> Bool { ExactText(self) == ExactText(other) }

    /// Whether the text is a dot segment: exactly `.` or `..`.
    var isDotSegment: Bool {
        // No other text is canonically equivalent to "." or "..", so `==` compares bytes here.
        utf8.count <= 2 && (self == "." || self == "..")
    }
}
