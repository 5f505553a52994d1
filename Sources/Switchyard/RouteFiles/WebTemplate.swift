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
    package static func pieces(of template: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { pieces.append(.text(rest[..<open])) }
            guard let close = rest[open...].firstIndex(of: "}") else { return pieces + [.unclosed(rest[open...])] }
            pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        return rest.isEmpty ? pieces : pieces + [.text(rest)]
    }
}
