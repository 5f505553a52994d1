import SwitchyardServer

/// Pieces of the explorer's HTML. Every value from the route file or a request goes through ``HTML/text(_:)``
/// (directly or through these), which escapes markup and writes characters a reader cannot see as `\u{202E}`.
enum Markup {
    /// A value in `<code>`, and a warning beside it when it holds characters that are shown as code points: a tester
    /// reads what the link really holds, not what a bidirectional override makes it look like.
    static func code(_ value: String) -> String {
        let escaped = "<code>\(HTML.text(value))</code>"
        guard hasInvisible(value) else { return escaped }
        return escaped + " <span class=\"warning\">holds invisible characters, shown as \\u{…}</span>"
    }

    /// `"<p>LABEL: VALUE</p>"` with the value in its true order (``code(_:)``) when it holds characters a reader cannot
    /// see, and nothing otherwise: a field shows such a value as typed, where an override can reorder it, so the page
    /// says it again beside the field.
    static func trueOrder(of value: String, label: String) -> String {
        hasInvisible(value) ? "<p>\(HTML.text(label)): \(code(value))</p>\n" : ""
    }

    /// Text of several lines for `<pre>`: each line escaped on its own, so the line breaks stay.
    static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { HTML.text(String($0)) }
            .joined(separator: "\n")
    }

    static func hasInvisible(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: HTML.isInvisible)
    }

    /// `input` around the UTF-8 byte `position`, with the character there marked and a caret under it: at most
    /// `radius` characters each side, so a long link costs a short excerpt.
    static func caret(_ input: String, at position: Int, radius: Int = 40) -> String {
        let scalars = input.unicodeScalars
        // The character the byte falls in (a position inside one counts as that character).
        var at = scalars.startIndex
        var offset = 0
        while at < scalars.endIndex, offset + UTF8.width(scalars[at]) <= position {
            offset += UTF8.width(scalars[at])
            scalars.formIndex(after: &at)
        }
        let start = scalars.index(at, offsetBy: -radius, limitedBy: scalars.startIndex) ?? scalars.startIndex
        let marked = at < scalars.endIndex ? scalars.index(after: at) : at
        let end = scalars.index(marked, offsetBy: radius, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let before = (start > scalars.startIndex ? "…" : "") + HTML.visible(scalars[start..<at])
        let after = HTML.visible(scalars[marked..<end]) + (end < scalars.endIndex ? "…" : "")
        let line =
            HTML.text(before) + "<mark>" + HTML.text(HTML.visible(scalars[at..<marked])) + "</mark>" + HTML.text(after)
        return line + "\n" + String(repeating: " ", count: before.count) + "^"
    }
}
