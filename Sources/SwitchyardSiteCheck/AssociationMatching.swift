import Switchyard
import SwitchyardWebLinks

extension AssociationRules {
    /// Whether the platform opens `link` in the app: the first component that matches it decides, and a link that
    /// none matches stays on the web.
    package func claims(_ link: RouteFile.SiteLink, query: String? = nil) -> Bool {
        guard let first = components.first(where: { $0.matches(link, query: query) }) else { return false }
        return !first.excludes
    }
}

extension AssociationRules.Component {
    /// Whether every pattern the component has matches its part of the link. A fragment or query pattern does not
    /// match a link without one, unless the pattern matches the empty text.
    package func matches(_ link: RouteFile.SiteLink, query linkQuery: String? = nil) -> Bool {
        if let path, !Self.glob(folded(path), matches: prepared(link.path)) { return false }
        if let fragment, !Self.glob(folded(fragment), matches: prepared(link.fragment ?? "")) { return false }
        switch query {
        case nil: return true
        case .whole(let pattern): return Self.glob(folded(pattern), matches: prepared(linkQuery ?? ""))
        case .items(let items):
            let present = Self.items(linkQuery ?? "").map { (prepared($0.name), prepared($0.value)) }
            return items.allSatisfy { name, pattern in
                present.contains { $0.0 == folded(name) && Self.glob(folded(pattern), matches: $0.1) }
            }
        }
    }

    /// A part of the link as the component compares it: decoded when its patterns are not percent-encoded, and
    /// folded when they ignore case.
    private func prepared(_ text: String) -> String {
        folded(percentEncoded ? text : (text.removingPercentEncoding ?? text))
    }

    /// A pattern or a decoded text, lowercased when the component ignores case.
    private func folded(_ text: String) -> String { caseSensitive ? text : text.lowercased() }

    private static func items(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// Whether `pattern` matches all of `text`: `*` any characters (none included), `?` exactly one, anything else
    /// itself. Characters are Unicode scalars, so `?` is one character of a decoded pattern too.
    ///
    /// Greedy with one backtrack point, the last `*`: a later `*` makes earlier choices final, so the work is at
    /// most the pattern's length times the text's, and linear for the patterns association files hold.
    package static func glob(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(text.unicodeScalars)
        var (p, t) = (0, 0)
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                // Let the last `*` take one more character, and try the rest again.
                star = (last.pattern, last.text + 1)
                p = last.pattern + 1
                t = last.text + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
