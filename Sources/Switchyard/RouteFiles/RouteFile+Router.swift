import Logging

extension RouteFile {
    /// Creates a router with the file's routes, tables and options, for matching and for dispatch that acts on
    /// outcomes: routes have no handlers, so a chosen route handles the request by itself, and redirect routes
    /// are followed through the filter chain.
    ///
    /// - Throws: ``RouteFileError`` if a pattern does not parse (a file loaded through ``init(contentsOf:)-(String)``
    ///   has been checked already).
    public func makeRouter(logger: Logger? = nil) throws(RouteFileError) -> Router {
        try makeRouter(handlers: nil, logger: logger)
    }

    /// Creates a router whose routes run the handlers their destinations name; the default destination names
    /// the default route's handler.
    ///
    /// ```swift
    /// let router = try file.makeRouter(handlers: [
    ///     "ProductScreen": { request in await shop.show(request.parameters["id"] ?? "") },
    ///     "NotFound": { _ in await ui.showNotFound() },
    /// ])
    /// ```
    ///
    /// - Throws: ``RouteFileError`` with `RouteFileError.Code.unboundDestination` for a destination that has no
    ///   handler.
    public func makeRouter(
        handlers: [String: @Sendable (RouteRequest) async throws -> Void], logger: Logger? = nil
    ) throws(RouteFileError) -> Router {
        try makeRouter(handlers: Optional(handlers), logger: logger)
    }

    private func makeRouter(
        handlers: [String: @Sendable (RouteRequest) async throws -> Void]?, logger: Logger?
    ) throws(RouteFileError) -> Router {
        let router = Router(options: options, logger: logger)
        for (table, settings) in self.settings { router.updateSettings(for: table) { $0 = settings } }
        for (index, route) in routes.enumerated() {
            var action: RouteAction?
            if let handlers, route.redirect == nil, let destination = route.destination {
                guard let handler = handlers[destination] else {
                    throw RouteFileError(
                        .unboundDestination, file: path, at: route.location,
                        "no handler is bound to the destination '\(destination)'")
                }
                action = RouteAction { request in
                    try await handler(request)
                    return .handled
                }
            }
            do {
                try router.register(
                    route.parsedPattern, name: route.name, priority: route.priority, in: route.table,
                    constraints: route.constraints.mapValues(\.parameterConstraint),
                    action: action, access: route.access, tag: index)
            } catch {
                throw RouteFileError(
                    .invalidPattern, file: path, at: route.location + ".pattern", error.message, underlying: error)
            }
        }
        if let destination = defaultDestination, let handlers {
            guard let handler = handlers[destination] else {
                throw RouteFileError(
                    .unboundDestination, file: path, at: "default",
                    "no handler is bound to the destination '\(destination)'")
            }
            router.mapDefault(handler)
        }
        if routes.contains(where: { $0.redirect != nil }) {
            router.addFilter(RedirectRoutes(file: self))
        }
        return router
    }

    /// The declaration a route of this file's router comes from (the router tags each route with its place in
    /// ``routes``).
    package func declaration(of route: Route) -> RouteDeclaration? {
        route.tag.flatMap { routes.indices.contains($0) ? routes[$0] : nil }
    }

    /// Where the redirect route of `match` sends it; `nil` for a route that does not redirect, or a target that
    /// cannot be filled.
    package func redirectTarget(for match: RouteMatch) -> String? {
        guard let declaration = declaration(of: match.route), declaration.redirect != nil else { return nil }
        return try? redirectTarget(
            of: declaration, parameters: match.parameters.dictionary, wildcard: match.wildcardComponents)
    }

    /// The target a redirect route produces for a match: its redirect pattern filled with the match's
    /// parameters (and wildcard components), encoded as links are; `nil` for a route that does not redirect.
    ///
    /// - Throws: ``LinkError`` when the target needs a parameter the match does not have.
    package func redirectTarget(of route: RouteDeclaration, parameters: [String: String], wildcard: [String]?)
        throws(LinkError) -> String?
    {
        guard let target = route.parsedRedirect else { return nil }
        return try target.path(filledFrom: parameters, wildcard: wildcard ?? [])
    }
}

/// The filter that follows a route file's redirect routes: a request bound to one is routed again to its target.
private struct RedirectRoutes: RouteFilter {
    let file: RouteFile

    func filter(_ request: RouteRequest, next: FilterContinuation) async -> RouteOutcome {
        guard let route = request.route, let declaration = file.declaration(of: route),
            let target = try? file.redirectTarget(
                of: declaration, parameters: request.parameters.dictionary, wildcard: request.wildcardComponents)
        else { return await next(request) }
        return await next.redirect(to: target)
    }
}
