#if canImport(Darwin)
    import Darwin
#elseif os(Linux)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Text compared and hashed by its UTF-8 bytes.
///
/// Swift's `String` equality follows Unicode canonical equivalence, so `"café"` (precomposed) equals
/// `"cafe\u{301}"`. A router must not: links carry bytes, values come back byte-exact, and a look-alike host
/// never equals an allowed one. Literals, hosts and allowed values are compared through this type.
struct ExactText: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        let count = lhs.text.utf8.count
        guard count == rhs.text.utf8.count else { return false }
        let same = lhs.text.utf8.withContiguousStorageIfAvailable { left in
            rhs.text.utf8.withContiguousStorageIfAvailable { right in
                guard let left = left.baseAddress, let right = right.baseAddress else { return count == 0 }
                return memcmp(left, right, count) == 0
            }
        }
        return (same ?? nil) ?? lhs.text.utf8.elementsEqual(rhs.text.utf8)
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
    var isDotSegment: Bool { URLSplitter.isDotSegment(utf8) }
}
