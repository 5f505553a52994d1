/// Finding bytes in a text's bytes: what taking a link apart looks for.
extension TextBytes {
    /// The first index in `range` whose byte is `character`.
    func firstIndex(of character: Unicode.Scalar, in range: Range<Int>) -> Int? {
        let target = UInt8(ascii: character)
        return firstIndex(in: range) { $0 == target }
    }

    /// Whether `//` starts at `index`.
    @inline(__always)
    func hasDoubleSlash(at index: Int) -> Bool {
        index >= 0 && index + 1 < count && self[index] == UInt8(ascii: "/") && self[index + 1] == UInt8(ascii: "/")
    }
}
