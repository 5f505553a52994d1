/// The `{name}` placeholders of a web fallback template, as the reader checks them and a match fills them.
package enum WebTemplate {
    package enum Piece: Equatable {
        /// Text written as it is.
        case text(Substring)
        /// `{name}`: the parameter's value goes here.
        case parameter(String)
        /// The rest of the template, from a `{` that no `}` closes.
        case unclosed(Substring)
    }

    /// The template's pieces, in order.
    ///
    /// The braces are looked for in the UTF-8 view: they are ASCII, so each is a boundary of Unicode scalars to cut
    /// at, and a visit of a link not cached fills a template without walking it by `Character`.
    package static func pieces(of template: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(template)
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            if open > rest.startIndex { pieces.append(.text(rest[..<open])) }
            guard let close = rest.utf8[open...].firstIndex(of: UInt8(ascii: "}")) else {
                pieces.append(.unclosed(rest[open...]))
                return pieces
            }
            pieces.append(.parameter(String(rest[rest.utf8.index(after: open)..<close])))
            rest = rest[rest.utf8.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        return pieces
    }
}
