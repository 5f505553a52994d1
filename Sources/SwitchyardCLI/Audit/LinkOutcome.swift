import Switchyard

/// What one route file does with one link, as much as an audit compares.
enum LinkOutcome {
    /// The link is rejected, with the rejection's code.
    case rejected(URLRejection.Code)
    /// No route matches: the default route, if the file has one, takes the link.
    case unmatched
    /// A route matches.
    case matched(RouteMatch)

    /// Routes `link` with `router`, made from `file`.
    init(_ link: String, router: Router) {
        do {
            self = try router.match(link).map(LinkOutcome.matched) ?? .unmatched
        } catch {
            self = .rejected(error.code)
        }
    }
}
