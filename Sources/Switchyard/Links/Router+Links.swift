extension Router {
    /// Builds the link for the route named `name`: reverse routing.
    ///
    /// Every value is percent-encoded so that matching the link gives it back unchanged (`/`, `+`, `?`, `#`,
    /// `&`, `%`, spaces, non-ASCII letters and emoji included). An optional group is filled when its parameters
    /// are given: the longest expansion whose parameters are exactly those given is used.
    ///
    /// ```swift
    /// try router.add("/share/:text", name: "share", in: .scheme("app"))
    /// try router.link(for: "share", parameters: ["text": "a/b c"])  // "app://share/a%2Fb%20c"
    /// try router.add("/item/:id", name: "item")
    /// try router.link(for: "item", parameters: ["id": "7"])          // "/item/7"
    /// try router.link(for: "item", parameters: ["id": "7"], scheme: "app")  // "app://item/7"
    /// ```
    ///
    /// - Parameters:
    ///   - name: the route's name; the first route with that name, table by table in ``tables`` order.
    ///   - parameters: the route parameters, by name.
    ///   - wildcard: the components for a trailing `*`.
    ///   - query: query items, written in the order given.
    ///   - scheme: the scheme to write; by default the route's table's scheme, and none (an internal route
    ///     string) for the global table.
    ///   - host: the host to write, a name or a bracketed IP literal alone; for a table with allowed hosts it must be
    ///     one of them (by default the first). A link without a scheme has none.
    /// - Throws: ``LinkError`` for an unknown route, a missing or unknown parameter, a value that could not
    ///   come back unchanged or that fails the route's constraint, or a host that is not allowed or that no link
    ///   could carry.
    /// - Complexity: One lookup of `name` per table, then linear in the link's length: building the link of every
    ///   route costs linear time in the number of routes.
    public func link(
        for name: String, parameters: [String: String] = [:], wildcard: [String] = [], query: [QueryItem] = [],
        scheme: String? = nil, host: String? = nil
    ) throws(LinkError) -> String {
        let snapshot = state.snapshot
        guard
            let (table, registration) = snapshot.tables.names.lazy.compactMap({ table in
                snapshot.tables[table]?.registration(named: name).map { (table, $0) }
            }).first
        else { throw LinkError(.unknownRoute, "no route is named '\(name)'") }
        let components = try registration.pattern.components(
            parameters: parameters, wildcard: wildcard, constraints: registration.constraints, routeName: name)
        return try checkedLink(
            components: components, query: query, scheme: scheme ?? table.scheme, host: host, snapshot: snapshot)
    }

    /// Builds a link from a scheme, a route and query items (Turnpike's
    /// `invokeExternalAppWithSchema:Route:AndQueryParameters:`).
    ///
    /// The route is text: it is split on `/` and each component is encoded, so
    /// `link(scheme: "app", route: "search", query: [QueryItem(name: "q", value: "a+b c")])` gives
    /// `app://search?q=a%2Bb%20c`. With no scheme the link is an internal route string.
    ///
    /// - Throws: ``LinkError`` for a component that could not come back unchanged, an invalid scheme, or a host
    ///   the scheme's table does not allow or that no link could carry (`shop.example.com:443`; any host without a
    ///   scheme).
    public func link(scheme: String?, route: String, query: [QueryItem] = [], host: String? = nil) throws(LinkError)
        -> String
    {
        let components = route.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for component in components { try LinkEncoding.checkValue(component, for: route) }
        return try checkedLink(
            components: components, query: query, scheme: scheme, host: host, snapshot: state.snapshot)
    }

    /// The link for these components, refused when the router would reject it for its limits, so that every
    /// link this router builds comes back.
    func checkedLink(
        components: [String], query: [QueryItem], scheme: String?, host: String?, snapshot: RouterState
    ) throws(LinkError) -> String {
        let text = try unboundedLink(
            components: components, query: query, scheme: scheme, host: host, snapshot: snapshot)
        let table =
            (scheme.flatMap { snapshot.tables[.scheme(URLSplitter.lowercasedASCII($0))] }
                ?? snapshot.tables[.global])
        let rules = table?.hostRules ?? HostRules()
        if case .failure(let rejection) = URLSplitter.split(
            text, options: options.splitOptions, hostRules: { _ in rules }),
            [.tooLong, .tooManyComponents, .tooManyQueryItems, .valueTooLong].contains(rejection.code)
        {
            throw LinkError(.exceedsLimits, "the link would be rejected: \(rejection.code) (\(rejection.message))")
        }
        return text
    }

    private func unboundedLink(
        components: [String], query: [QueryItem], scheme: String?, host: String?, snapshot: RouterState
    ) throws(LinkError) -> String {
        let table = scheme.flatMap { snapshot.tables[.scheme(URLSplitter.lowercasedASCII($0))] }
        let settings = (table ?? snapshot.tables[.global])?.settings ?? TableSettings()
        return try LinkWriter.link(components: components, query: query, scheme: scheme, host: host, settings: settings)
    }
}
