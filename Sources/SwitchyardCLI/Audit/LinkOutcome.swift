import Switchyard

/// What one route file does with one link, as much as an audit compares.
enum LinkOutcome {
    /// The link is rejected, with the rejection's code.
    case rejected(URLRejection.Code)
    /// No route matches: the default route, if the file has one, takes the link.
    case unmatched
    /// A route matches: the match, and where its route's declaration is in the file's ``RouteFile/routes``.
    case matched(RouteMatch, declaration: Int?)

    /// Routes `link` with `router`, made from `file`.
    init(_ link: String, file: RouteFile, router: Router) {
        do {
            guard let match = try router.match(link) else {
                self = .unmatched
                return
            }
            self = .matched(match, declaration: match.route.tag.flatMap { file.routes.indices.contains($0) ? $0 : nil })
        } catch {
            self = .rejected(error.code)
        }
    }
}

extension [RouteFile.RouteDeclaration] {
    /// The declaration at `index`, if there is one.
    subscript(declaration index: Int?) -> RouteFile.RouteDeclaration? {
        index.map { self[$0] }
    }
}

extension RouteFile {
    /// Where a redirect route sends a match; `nil` for a route that does not redirect, or a target that cannot be
    /// filled.
    func redirectTarget(of declaration: RouteDeclaration?, for match: RouteMatch) -> String? {
        guard let declaration, declaration.redirect != nil else { return nil }
        return try? redirectTarget(
            of: declaration, parameters: match.parameters.dictionary, wildcard: match.wildcardComponents)
    }
}
