/// What the routes a link matches make of the link's origin: the route that would open it, or the refusal.
package enum OriginVerdict: Sendable {
    /// No route matches the link.
    case unmatched
    /// Routes match, and every one of them refuses the origin; the first of them.
    case refused(RouteMatch)
    /// The first route that accepts the origin, and whether a link from there waits for the person's confirmation.
    case admitted(RouteMatch, confirms: Bool)
}

extension Router {
    /// What ``route(_:origin:context:)`` would make of `url`'s origin, without running anything: the first
    /// candidate whose route accepts `origin`, and whether it confirms, or the refusal when none accepts it. For
    /// callers that open a link without the handlers (a navigation session, the CLI's `route --origin`).
    ///
    /// - Throws: ``URLRejection`` for malformed input, as ``match(_:)`` does.
    package func match(_ url: String, from origin: LinkOrigin?) throws(URLRejection) -> OriginVerdict {
        let candidates = try currentTables.resolve(url, options: options.splitOptions).candidates
        guard let first = candidates.first else { return .unmatched }
        guard let admitted = candidates.first(where: { $0.action?.access?.admits(origin) ?? true }) else {
            return .refused(first.match)
        }
        let confirms = admitted.action?.access?.needsConfirmation(from: origin) ?? false
        return .admitted(admitted.match, confirms: confirms)
    }
}
