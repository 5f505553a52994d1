/// The one writer of links from patterns. Reverse routing (``Router/link(for:parameters:wildcard:query:scheme:host:)``),
/// redirect targets, `check`'s example links and the sample links `verify-site` tries all turn an expansion's
/// segments and values into a link here, so that they write the same link for the same route.
package enum LinkWriter {
    /// The decoded components of a link that the expansion matches: each literal's text, each parameter's value,
    /// and the wildcard's components.
    package static func components(of segments: [Segment], value: (String) -> String, wildcard: [String]) -> [String] {
        segments.flatMap { segment in
            switch segment {
            case .literal(let literal): [literal.text]
            case .parameter(let name): [value(name)]
            case .wildcard: wildcard
            }
        }
    }

    /// The components percent-encoded, each as one component, and joined by `/`: `caf%C3%A9/a%2Fb`.
    package static func path(_ components: [String]) -> String {
        components.map(LinkEncoding.encode).joined(separator: "/")
    }

    /// The link of `components` in a table with `settings`, as the specification's "Building URLs" says: with no
    /// scheme, an internal route string (`/product/7`); in a table with allowed hosts, `scheme://HOST/route` with
    /// the host given (which must be allowed) or the first; else `scheme://route` when the first component reads
    /// back as the host under the table's policy, and `scheme:///route` when it would not (`ABC` comes back
    /// lowercased).
    ///
    /// - Throws: ``LinkError`` for a query item that cannot be written, a scheme that is not one, a host that the
    ///   table does not allow, or a host no link could carry back (or one given without a scheme).
    static func link(
        components: [String], query: [QueryItem], scheme: String?, host: String?, settings: TableSettings
    ) throws(LinkError) -> String {
        let path = path(components)
        let queryText = try LinkEncoding.query(query)
        guard let scheme else {
            if let host {
                throw LinkError(.invalidHost, "a link without a scheme has no host: give a scheme with '\(host)'")
            }
            return "/" + path + queryText
        }
        guard URLSplitter.isScheme(scheme) else { throw LinkError(.invalidScheme, "'\(scheme)' is not a scheme") }
        let lowered = URLSplitter.lowercasedASCII(scheme)
        if let allowed = settings.allowedHosts {
            let chosen = host ?? allowed.first
            guard let chosen,
                settings.hostRules.allowedHosts?.contains(ExactText(HostName.allowedForm(chosen))) == true
            else { throw LinkError(.hostNotAllowed, "the host '\(host ?? "")' is not one of the allowed hosts") }
            return "\(lowered)://\(HostName.linkForm(chosen))/\(path)\(queryText)"
        }
        if let host {
            guard let (written, name) = HostName.checkedLinkForm(host) else {
                throw LinkError(.invalidHost, "'\(host)' is not a host name or a bracketed IP literal alone")
            }
            if let name, settings.hostPolicy.makesComponent(ofName: name) {
                throw LinkError(
                    .invalidHost,
                    "'\(host)' would be read back as the route's first component, under the host policy "
                        + "\(settings.hostPolicy) of the table the link routes to")
            }
            return "\(lowered)://\(written)/\(path)\(queryText)"
        }
        if let first = components.first, LinkEncoding.readsBackAsHost(first, policy: settings.hostPolicy) {
            return "\(lowered)://\(path)\(queryText)"
        }
        return "\(lowered):///\(path)\(queryText)"
    }

    /// An example link of an expansion in a table with `settings`, as `check` shows one: each parameter and the
    /// wildcard's one component filled with `value`; `nil` when the table's scheme is not one.
    static func example(of segments: [Segment], table: RouteTable, settings: TableSettings) -> String? {
        let components = components(of: segments, value: { _ in "value" }, wildcard: ["value"])
        return try? link(components: components, query: [], scheme: table.scheme, host: nil, settings: settings)
    }
}
