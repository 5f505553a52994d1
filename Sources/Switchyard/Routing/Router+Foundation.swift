#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Router {
    /// Returns the route that a Foundation `URL` matches first; the URL is read through its `absoluteString`.
    ///
    /// - Throws: ``URLRejection``, as ``match(_:)-(String)`` does.
    public func match(_ url: URL) throws(URLRejection) -> RouteMatch? {
        try match(url.absoluteString)
    }

    /// Returns every route that a Foundation `URL` matches, in dispatch order.
    public func matches(_ url: URL) throws(URLRejection) -> [RouteMatch] {
        try matches(url.absoluteString)
    }

    /// Returns whether some route matches a Foundation `URL`.
    public func canRoute(_ url: URL) -> Bool {
        canRoute(url.absoluteString)
    }
}

extension Router {
    /// Routes a Foundation `URL`, read through its `absoluteString`; see ``route(_:context:)-(String,_)``.
    public func route(_ url: URL, context: (any Sendable)? = nil) async -> RouteOutcome {
        await route(url.absoluteString, context: context)
    }
}
