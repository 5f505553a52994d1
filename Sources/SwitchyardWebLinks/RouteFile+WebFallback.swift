import Switchyard

/// Where a browser goes for a universal link when the app is not installed: the route's `web` template.
extension RouteFile {
    /// The web fallback of `match`'s route, filled from the match: each `{name}` becomes the parameter's value,
    /// percent-encoded as one component (empty where an optional group left the parameter out), and the link's
    /// query items follow, re-encoded, before any fragment of the template.
    ///
    /// For `"web": "https://shop.example.com/products/{id}"`, the link `https://shop.example.com/product/a%2Fb?ref=mail`
    /// falls back to `https://shop.example.com/products/a%2Fb?ref=mail`.
    ///
    /// The template comes from the file and each value is encoded, so the result stays on the template's host and
    /// holds no character a `Location` header could not carry.
    ///
    /// - Returns: `nil` when the route declares no web fallback.
    package func webFallback(for match: RouteMatch) -> String? {
        guard let template = declaration(of: match.route)?.web else { return nil }
        // The reader checked that every `{` has its `}` and names a parameter. A parameter is looked up by name in
        // the match (a scan of the route's few names), as each visit of a link not cached fills its template.
        var filled = ""
        filled.reserveCapacity(template.utf8.count)
        for piece in WebTemplate.pieces(of: template) {
            switch piece {
            case .text(let text), .unclosed(let text): filled += text
            case .parameter(let name): filled += LinkEncoding.encode(match.parameters[name] ?? "")
            }
        }
        // Query items with a control character cannot be written back; the fallback then goes without the query.
        return (try? LinkEncoding.appending(Array(match.link.query), to: filled)) ?? filled
    }
}
