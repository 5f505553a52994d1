import Switchyard

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The association files that let links on the web open the app (Apple's universal links, Android's App Links), made
/// from the routes that universal links reach, so that the files and the app's routing never drift apart.
extension RouteFile {
    /// One rule of the association files, tried in order: a path pattern (`*` any characters, `?` one, `?*` one or
    /// more; none stops at `/`), and whether it keeps the paths it matches out.
    package struct AssociationRule: Sendable, Hashable {
        package var path: String
        /// The fragment it needs, a pattern as `path` is; `nil` for any fragment. Set when fragment routing lets a
        /// fragment that starts with `/` continue the path: `/#/product/1988` reaches `/product/:id`.
        package var fragment: String? = nil
        package var excludes: Bool
        /// The route it comes from: its name, or its pattern.
        package var comment: String
    }

    /// A URL that the rules claim, for a route that would not handle it: the files' wildcards cross `/`, and a
    /// route kept out may have a shape no rule can exclude exactly.
    package struct OverClaim: Sendable, Hashable {
        /// The route, as written, and where it is in the file.
        package var pattern: String
        package var location: String
        /// A path that the rules claim and the route does not handle.
        package var example: String
    }

    /// The rules of both association files, and the URLs they claim beyond the routes.
    ///
    /// Every path the router hands to a universal-link route (one whose table `https` or `http` links reach, not kept
    /// out with `"universalLink": false`) is claimed: a parameter becomes `?*`, optional groups expand, a trailing
    /// wildcard claims its bare prefix too, literals are percent-encoded as links are. A route kept out becomes an
    /// `exclude` rule, placed first, when it is all literals and the router hands its path to it; its other paths
    /// stay claimed, and are listed as over-claims.
    ///
    /// With fragment routing on (`"options": {"fragmentRouting": true}`), each rule is also written for every place
    /// a link can move the rest of its path into the fragment: `/product/?*` gives `/` with the fragment
    /// `/product/?*`, and `/product` with `/?*`. These rules come first, exclusions before inclusions, because a rule
    /// without a fragment matches every fragment.
    ///
    /// - Throws: ``RouteFileError`` when a table that universal links reach makes its host a path component.
    package func associationRules() throws(RouteFileError) -> (rules: [AssociationRule], overClaims: [OverClaim]) {
        let router = try makeRouter()
        let tables = try universalLinkTables()
        var collector = RuleCollector(file: self, router: router, origin: "https://" + universalLinkHost(of: tables))
        for table in tables {
            for route in router.routes(in: table) {
                guard let declaration = declaration(of: route) else { continue }
                if declaration.isUniversalLink {
                    collector.include(route, declaration)
                } else {
                    collector.exclude(route, declaration)
                }
            }
        }
        let rules = collector.excluded + collector.included
        guard options.routesFragments else { return (rules, collector.overClaims) }
        var split = Set<AssociationRule>()
        return (rules.flatMap(Self.fragmentSplits).filter { split.insert($0).inserted } + rules, collector.overClaims)
    }

    /// The rules and over-claims of the routes seen so far, in match order.
    private struct RuleCollector {
        let file: RouteFile
        let router: Router
        /// `https://HOST`, the start of the links the router is asked about.
        let origin: String
        var excluded: [AssociationRule] = []
        var included: [AssociationRule] = []
        var claimed = Set<String>()
        var overClaims: [OverClaim] = []

        /// The route that the router hands `path` to.
        private func handler(of path: String) -> Route? { (try? router.match(origin + path))?.route }

        /// Claims every path of a universal-link route's expansion, and notes the path its parameters' `?*` claims
        /// across a `/`, when no universal-link route takes it.
        mutating func include(_ route: Route, _ declaration: RouteDeclaration) {
            let segments = route.segments
            for path in RouteFile.rulePaths(segments) where claimed.insert(path).inserted {
                included.append(
                    AssociationRule(path: path, excludes: false, comment: declaration.name ?? declaration.pattern))
            }
            let crossing = RouteFile.samplePath(segments, value: "a/b")
            let taker = handler(of: crossing).flatMap { file.declaration(of: $0) }
            if crossing != RouteFile.samplePath(segments, value: "a"), taker?.isUniversalLink != true {
                overClaims.append(
                    OverClaim(pattern: declaration.pattern, location: declaration.location, example: crossing))
            }
        }

        /// Excludes a kept-out route's path when it is all literals and the router hands it that path; otherwise its
        /// paths stay claimed, and are noted.
        mutating func exclude(_ route: Route, _ declaration: RouteDeclaration) {
            let segments = route.segments
            let path = RouteFile.samplePath(segments, value: "")
            if segments.allSatisfy({ if case .literal = $0 { true } else { false } }), handler(of: path) == route {
                excluded.append(
                    AssociationRule(path: path, excludes: true, comment: declaration.name ?? declaration.pattern))
            } else {
                overClaims.append(
                    OverClaim(
                        pattern: declaration.pattern, location: declaration.location,
                        example: RouteFile.samplePath(segments, value: "value")))
            }
        }
    }

    /// The rule for each place a link can move the rest of `rule`'s path into a fragment that starts with `/`: at
    /// each `/` of the rule's path, and, for a path that ends in a wildcard (`/files/*`), anywhere inside the
    /// wildcard's components (`/files/a#/b/c` is `/files/a/b/c`).
    private static func fragmentSplits(_ rule: AssociationRule) -> [AssociationRule] {
        let path = rule.path.utf8
        let splits = path.indices.filter { path[$0] == UInt8(ascii: "/") && path.index(after: $0) != path.endIndex }
            .map {
                var split = rule
                split.path = $0 == path.startIndex ? "/" : String(rule.path[..<$0])
                split.fragment = String(rule.path[$0...])
                return split
            }
        guard rule.path.hasSuffix("/*") else { return splits }
        var insideWildcard = rule
        insideWildcard.fragment = "/*"
        return splits + [insideWildcard]
    }

    /// The host the router is asked about when the files' paths are tried: the first that one of `tables` allows, or
    /// `example.com` when they allow any.
    func universalLinkHost(of tables: [RouteTable]) -> String {
        tables.lazy.compactMap { settings[$0]?.allowedHosts?.first }.first ?? "example.com"
    }

    /// The tables that `https` and `http` links reach: those schemes' tables, and the global table where they fall
    /// back to it (or where there are none).
    /// - Throws: ``RouteFileError`` for such a table that makes the host a path component.
    func universalLinkTables() throws(RouteFileError) -> [RouteTable] {
        var tables = ["https", "http"].map(RouteTable.scheme).filter { settings[$0] != nil }
        if tables.isEmpty || tables.contains(where: { settings[$0]?.fallsBackToGlobalRoutes == true }) {
            tables.append(.global)
        }
        for table in tables where settings[table]?.hostPolicy == .pathComponent {
            let location = table == .global ? "hostPolicy" : "schemes.\(table).hostPolicy"
            throw RouteFileError(
                .invalidValue, file: path, at: location,
                "universal links reach the table \(table), which makes the host a path component: the association "
                    + "files cannot say which paths it handles")
        }
        return tables
    }

    /// The rule paths of an expansion: `/product/?*`; a trailing wildcard claims its bare prefix too.
    fileprivate static func rulePaths(_ segments: [Segment]) -> [String] {
        var parts: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let text): parts.append(LinkEncoding.encode(text.text))
            case .parameter: parts.append("?*")
            case .wildcard:
                let prefix = "/" + parts.joined(separator: "/")
                return [prefix, (parts.isEmpty ? "" : prefix) + "/*"]
            }
        }
        return ["/" + parts.joined(separator: "/")]
    }

    /// A path the expansion matches, each parameter (and a wildcard's one component) filled with `value`.
    fileprivate static func samplePath(_ segments: [Segment], value: String) -> String {
        "/"
            + segments.map { segment in
                if case .literal(let text) = segment { LinkEncoding.encode(text.text) } else { value }
            }.joined(separator: "/")
    }
}
