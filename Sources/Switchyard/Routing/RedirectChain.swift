/// The one follower of a route file's redirect routes: navigation (``Navigator``), the link site's universal links
/// and the command-line tool follow a chain through it, with one limit, ``Router/maxRedirects`` hops. A chain that
/// comes back to a link it passed, or goes on past the limit, ends as a loop that the caller reports; none stops
/// silently. A dispatch's filters redirect under the same limit (`Router+Dispatch.swift`).
package enum RedirectChain {
    /// Where a chain of redirects ended.
    package enum End<Found> {
        /// At a link that does not redirect: what it matched, and the link.
        case reached(Found, link: String)
        /// At a link the chain passed before, or past ``Router/maxRedirects`` hops: the links, the first one first,
        /// the one that was not followed last.
        case loop([String])
    }

    /// Follows redirects from `link`: `match` finds what a link matches (its error ends the chain), and `target`
    /// where that redirects, `nil` when it does not.
    package static func follow<Found, Failure: Error>(
        from link: String, match: (String) throws(Failure) -> Found, target: (Found) -> String?
    ) throws(Failure) -> End<Found> {
        var links = [link]
        var found = try match(link)
        while let next = target(found) {
            // `links` holds the links before this hop: this is hop number `links.count`.
            guard links.count <= Router.maxRedirects, !links.contains(next) else { return .loop(links + [next]) }
            links.append(next)
            found = try match(next)
        }
        return .reached(found, link: links[links.count - 1])
    }
}
