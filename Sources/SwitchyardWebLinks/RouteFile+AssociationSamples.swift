import Switchyard

/// Links to try against a site's live association files: what `switchyard verify-site` matches with Apple's and
/// Google's rules to find the links the app should open that the files would not send it, and the reverse.
extension RouteFile {
    /// A link on the site, without its host: a path as a browser sends it, and a fragment.
    package struct SiteLink: Sendable, Hashable, CustomStringConvertible {
        /// The path, percent-encoded: `/caf%C3%A9/1`.
        package var path: String
        /// The fragment without its `#`, percent-encoded; `nil` for none.
        package var fragment: String?
        /// The route it was made for (its name, or its pattern), or the rule of a live file.
        package var comment: String

        package init(path: String, fragment: String? = nil, comment: String) {
            self.path = path
            self.fragment = fragment
            self.comment = comment
        }

        /// `/product/1`, `/#/product/1`.
        package var description: String { path + (fragment.map { "#" + $0 } ?? "") }
    }

    /// Answers whether the app opens a link of the site: whether this file's router hands it to a route that
    /// universal links reach (not kept out with `"universalLink": false`).
    package struct UniversalLinkReach: Sendable {
        private let file: RouteFile
        private let router: Router
        private let host: String

        /// - Throws: ``RouteFileError`` when the file makes no router, or a table that universal links reach makes
        ///   its host a path component.
        package init(_ file: RouteFile) throws(RouteFileError) {
            self.file = file
            router = try file.makeRouter()
            host = file.universalLinkHost(of: try file.universalLinkTables())
        }

        package func opensApp(_ link: SiteLink) -> Bool {
            guard let match = try? router.match("https://\(HostName.linkForm(host))\(link)") else { return false }
            return file.declaration(of: match.route)?.isUniversalLink == true
        }
    }

    /// A link for each expansion of each route that universal links reach: parameters filled with values their
    /// constraints accept, a wildcard with one component. With fragment routing on, the same link split at every
    /// place the association rules are written for (``associationRules()``): at each `/` of its path
    /// (`/#/product/1`, `/product#/1`), and for a wildcard, inside it (`/files/more#/more`). Routes kept out of universal links give links too: the files must not
    /// claim those the router hands to them.
    ///
    /// - Throws: ``RouteFileError`` as ``UniversalLinkReach/init(_:)`` does.
    package func associationSamples() throws(RouteFileError) -> [SiteLink] {
        let router = try makeRouter()
        var seen = Set<String>()
        var links: [SiteLink] = []
        for table in try universalLinkTables() {
            for route in router.routes(in: table) {
                guard let declaration = declaration(of: route) else { continue }
                let components = LinkWriter.components(
                    of: route.segments, value: { declaration.constraints[$0]?.sample ?? "1" }, wildcard: ["more"])
                let path = "/" + LinkWriter.path(components)
                let comment = declaration.name ?? declaration.pattern
                var forms = [SiteLink(path: path, comment: comment)]
                if options.routesFragments {
                    forms += Self.fragmentSplits(
                        of: path, comment: comment,
                        endsInWildcard: route.segments.last.map { if case .wildcard = $0 { true } else { false } }
                            ?? false)
                }
                links += forms.filter { seen.insert($0.description).inserted }
            }
        }
        return links
    }

    /// `path` with the rest of it moved into the fragment at each `/` but the last character, as the rules'
    /// fragment splits are written; for a route that ends in a wildcard, one more wildcard component in the fragment.
    private static func fragmentSplits(of path: String, comment: String, endsInWildcard: Bool) -> [SiteLink] {
        let bytes = path.utf8
        var splits = bytes.indices.filter { bytes[$0] == UInt8(ascii: "/") && bytes.index(after: $0) != bytes.endIndex }
            .map { index in
                SiteLink(
                    path: index == bytes.startIndex ? "/" : String(path[..<index]), fragment: String(path[index...]),
                    comment: comment)
            }
        if endsInWildcard { splits.append(SiteLink(path: path, fragment: "/more", comment: comment)) }
        return splits
    }
}
