extension Router {
    /// Builds the link for the route named `name`: reverse routing.
    ///
    /// Every value is percent-encoded so that matching the link gives it back unchanged (`/`, `+`, `?`, `#`,
    /// `&`, `%`, spaces, non-ASCII letters and emoji included). An optional group is filled when its parameters
    /// are given: the longest expansion whose parameters are exactly those given is used.
    ///
    /// ```swift
    /// try router.add("/share/:text", name: "share", in: .scheme("app"))
    /// try router.url(for: "share", parameters: ["text": "a/b c"])  // "app://share/a%2Fb%20c"
    /// try router.add("/item/:id", name: "item")
    /// try router.url(for: "item", parameters: ["id": "7"])          // "/item/7"
    /// try router.url(for: "item", parameters: ["id": "7"], scheme: "app")  // "app://item/7"
    /// ```
    ///
    /// - Parameters:
    ///   - name: the route's name; the first route with that name, table by table in ``tables`` order.
    ///   - parameters: the route parameters, by name.
    ///   - wildcard: the components for a trailing `*`.
    ///   - query: query items, written in the order given.
    ///   - scheme: the scheme to write; by default the route's table's scheme, and none (an internal route
    ///     string) for the global table.
    ///   - host: the host to write; for a table with allowed hosts it must be one of them (by default the first).
    /// - Throws: ``LinkError`` for an unknown route, a missing or unknown parameter, a value that could not
    ///   come back unchanged or that fails the route's constraint, or a host that is not allowed.
    public func url(
        for name: String, parameters: [String: String] = [:], wildcard: [String] = [], query: [QueryItem] = [],
        scheme: String? = nil, host: String? = nil
    ) throws(LinkError) -> String {
        let snapshot = state.snapshot
        guard
            let (table, registration) = snapshot.tables.keys.sorted().lazy.compactMap({ table in
                snapshot.tables[table]?.registrations.first { $0.name == name }.map { (table, $0) }
            }).first
        else { throw LinkError(.unknownRoute, "no route is named '\(name)'") }
        let expansion = try Self.expansion(of: registration, for: parameters, name: name)
        var components: [String] = []
        for segment in expansion.segments {
            switch segment {
            case .literal(let literal):
                components.append(literal.text)
            case .parameter(let parameter):
                let value = parameters[parameter] ?? ""
                try LinkEncoding.checkValue(value, for: parameter)
                if let constraint = registration.constraints[parameter], !constraint.accepts(value) {
                    throw LinkError(
                        .constraintFailed, "the value '\(value)' of '\(parameter)' is not \(constraint.description)")
                }
                components.append(value)
            case .wildcard:
                for component in wildcard { try LinkEncoding.checkValue(component, for: "*") }
                components += wildcard
            }
        }
        return try link(
            components: components, query: query, scheme: scheme ?? table.scheme, host: host, snapshot: snapshot)
    }

    /// Builds a link from a scheme, a route and query items (Turnpike's
    /// `invokeExternalAppWithSchema:Route:AndQueryParameters:`).
    ///
    /// The route is text: it is split on `/` and each component is encoded, so
    /// `url(scheme: "app", route: "search", query: [QueryItem(name: "q", value: "a+b c")])` gives
    /// `app://search?q=a%2Bb%20c`. With no scheme the link is an internal route string.
    ///
    /// - Throws: ``LinkError`` for a component that could not come back unchanged, an invalid scheme, or a host
    ///   the scheme's table does not allow.
    public func url(scheme: String?, route: String, query: [QueryItem] = [], host: String? = nil) throws(LinkError)
        -> String
    {
        let components = route.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for component in components { try LinkEncoding.checkValue(component, for: route) }
        return try link(components: components, query: query, scheme: scheme, host: host, snapshot: state.snapshot)
    }

    /// The expansion to write: the longest whose parameters are exactly those given.
    private static func expansion(
        of registration: Registration, for parameters: [String: String], name: String
    ) throws(LinkError) -> Expansion {
        let known = Set(registration.pattern.parameterNames)
        if let unknown = parameters.keys.sorted().first(where: { !known.contains($0) }) {
            throw LinkError(.unknownParameter, "the route '\(name)' has no parameter '\(unknown)'")
        }
        let given = Set(parameters.keys)
        if let exact = registration.pattern.expanded.first(where: { Set($0.parameterNames) == given }) {
            return exact
        }
        // The expansion that uses every given parameter and needs the fewest more says what is missing.
        let nearest = registration.pattern.expanded
            .filter { given.isSubset(of: $0.parameterNames) }
            .min { $0.parameterNames.count < $1.parameterNames.count }
        let missing = nearest?.parameterNames.first { !given.contains($0) } ?? known.sorted().first ?? "-"
        throw LinkError(.missingParameter, "the route '\(name)' needs the parameter '\(missing)'")
    }

    private func link(
        components: [String], query: [QueryItem], scheme: String?, host: String?, snapshot: RouterState
    ) throws(LinkError) -> String {
        let path = components.map(LinkEncoding.encode).joined(separator: "/")
        let queryText = LinkEncoding.query(query)
        guard let scheme else { return "/" + path + queryText }
        let isScheme = scheme.utf8.withContiguousStorageIfAvailable {
            URLSplitter.firstNonSchemeByte($0, 0..<$0.count) == nil
        }
        guard isScheme ?? false else { throw LinkError(.invalidScheme, "'\(scheme)' is not a scheme") }
        let lowered = URLSplitter.lowercasedASCII(scheme)
        let settings = (snapshot.tables[.scheme(lowered)] ?? snapshot.tables[.global])?.settings ?? TableSettings()
        if let allowed = settings.allowedHosts {
            let chosen = host ?? allowed.first
            guard let chosen,
                settings.hostRules.allowedHosts?.contains(ExactText(URLSplitter.lowercasedASCII(chosen))) == true
            else { throw LinkError(.hostNotAllowed, "the host '\(host ?? "")' is not one of the allowed hosts") }
            return "\(lowered)://\(LinkEncoding.encode(chosen))/\(path)\(queryText)"
        }
        if let host { return "\(lowered)://\(LinkEncoding.encode(host))/\(path)\(queryText)" }
        if let first = components.first, LinkEncoding.readsBackAsHost(first, policy: settings.hostPolicy) {
            return "\(lowered)://\(path)\(queryText)"
        }
        return "\(lowered):///\(path)\(queryText)"
    }
}
