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

extension Router {
    /// Builds the link for the route named `name` as a Foundation `URL`; see
    /// ``link(for:parameters:wildcard:query:scheme:host:)``, which gives it as text.
    ///
    /// ```swift
    /// let url = try router.url(for: "product", parameters: ["id": "7"], scheme: "myapp")  // myapp://product/7
    /// ```
    ///
    /// - Throws: ``LinkError``; `unrepresentableValue` also when Foundation's `URL` does not take the link.
    public func url(
        for name: String, parameters: [String: String] = [:], wildcard: [String] = [], query: [QueryItem] = [],
        scheme: String? = nil, host: String? = nil
    ) throws(LinkError) -> URL {
        try Self.foundationURL(
            link(for: name, parameters: parameters, wildcard: wildcard, query: query, scheme: scheme, host: host))
    }

    /// Returns the link for a typed route's value as a Foundation `URL`; see ``link(for:scheme:host:)-(Link,_,_)``,
    /// which gives it as text.
    ///
    /// ```swift
    /// let url = try router.url(for: ProductLink(id: 7), scheme: "myapp")  // myapp://product/7
    /// ```
    ///
    /// - Throws: ``LinkError``; `unrepresentableValue` also when Foundation's `URL` does not take the link.
    public func url<Link: DeepLinkRoute>(for value: Link, scheme: String? = nil, host: String? = nil)
        throws(LinkError) -> URL
    {
        try Self.foundationURL(link(for: value, scheme: scheme, host: host))
    }

    /// Returns the link for a value of a link set as a Foundation `URL`; see
    /// ``link(for:scheme:host:)-(LinkSet,_,_)``, which gives it as text.
    ///
    /// - Throws: ``LinkError``; `unrepresentableValue` also when Foundation's `URL` does not take the link.
    public func url<LinkSet: DeepLinkSet>(for value: LinkSet, scheme: String? = nil, host: String? = nil)
        throws(LinkError) -> URL
    {
        try Self.foundationURL(link(for: value, scheme: scheme, host: host))
    }

    private static func foundationURL(_ text: String) throws(LinkError) -> URL {
        guard let url = URL(string: text) else {
            throw LinkError(.unrepresentableValue, "Foundation's URL does not take the link \(text)")
        }
        return url
    }
}
