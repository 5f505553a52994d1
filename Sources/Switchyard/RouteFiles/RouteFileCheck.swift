#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One problem `switchyard check` reports about a route file.
package struct RouteFileFinding: Sendable, Hashable {
    /// A stable name for a kind of finding; new ones may be added.
    package typealias Code = StableCode<RouteFileFinding>

    /// What kind of finding: `loadError`, `placement`, `duplicate`, `shadowed`, `duplicateName`, `ambiguous`,
    /// `unreachable`, `badRedirect`, `missingDestination`, `shortLinkCollision`, `associations`; for notes,
    /// `overClaim`, `sensitiveRoute` (the router's own findings keep their ``RouteFinding/Code`` names).
    package let code: Code
    /// What is wrong, in a sentence (for a load error, the error's whole description).
    package let message: String
    /// The locations of the routes involved (`routes[2]`, `schemes.myapp.routes[0]`), or of the bad value.
    package let locations: [String]
    /// A link that shows the problem, where one exists.
    package let example: String?
    /// Whether it is a note, which `switchyard check` reports without failing: a URL the association files claim
    /// that the route does not handle.
    package var isNote = false

    package init(code: Code, message: String, locations: [String], example: String?, isNote: Bool = false) {
        self.code = code
        self.message = message
        self.locations = locations
        self.example = example
        self.isNote = isNote
    }
}

extension RouteFile {
    /// Loads `data` and checks it: every load problem, then duplicates, ambiguous pairs, unreachable routes,
    /// what `siteChecks` finds (the web side, which another module makes), sensitive routes, bad redirects and
    /// missing destinations.
    package static func check(
        data: Data, path: String, siteChecks: (RouteFile) -> [RouteFileFinding] = { _ in [] }
    ) -> [RouteFileFinding] {
        let (file, problems) = load(data: data, path: path)
        var findings = problems.map { problem in
            RouteFileFinding(
                code: RouteFileError.navigationCodes.contains(problem.code) ? .placement : .loadError,
                message: problem.description, locations: problem.location.isEmpty ? [] : [problem.location],
                example: nil)
        }
        if problems.contains(where: { $0.code == .invalidJSON }) { return findings }
        findings += file.analyse(siteChecks: siteChecks)
        return findings
    }

    /// Every check, in the order `check` reports them: the router's own (``Router/check()``), then the file's.
    private func analyse(siteChecks: (RouteFile) -> [RouteFileFinding]) -> [RouteFileFinding] {
        let router = try? makeRouter()
        return routeFindings(router) + siteChecks(self) + sensitiveRouteFindings() + destinationFindings(router)
            + shortLinkFindings(router)
    }

    /// The router's findings, each with the places in the file of the routes involved.
    private func routeFindings(_ router: Router?) -> [RouteFileFinding] {
        (router?.check() ?? []).map { finding in
            RouteFileFinding(
                code: RouteFileFinding.Code(finding.code.name), message: finding.message,
                locations: finding.routes.compactMap { declaration(of: $0)?.location }, example: finding.example)
        }
    }

    /// Routes with neither a destination nor a redirect, and redirects that are bad: beside a destination, with a
    /// target that no route matches or that the source cannot fill. Route by route.
    private func destinationFindings(_ router: Router?) -> [RouteFileFinding] {
        routes.flatMap { route in
            var findings: [RouteFileFinding] = []
            if route.redirect == nil, route.destination == nil {
                findings.append(
                    RouteFileFinding(
                        code: .missingDestination,
                        message: "\(route.pattern) has neither a destination nor a redirect",
                        locations: [route.location], example: nil))
            }
            return findings + redirectFindings(route, router: router)
        }
    }

    /// What is wrong with a route's redirect: a destination beside it, then the first expansion whose target no
    /// route matches or cannot be filled, tried with values the route's constraints accept.
    private func redirectFindings(_ route: RouteDeclaration, router: Router?) -> [RouteFileFinding] {
        guard let redirect = route.redirect else { return [] }
        let source = route.parsedPattern
        var findings: [RouteFileFinding] = []
        if route.destination != nil {
            findings.append(
                RouteFileFinding(
                    code: .badRedirect, message: "\(route.pattern) has both a destination and a redirect",
                    locations: [route.location], example: nil))
        }
        for expansion in source.expanded {
            let parameters = Dictionary(
                uniqueKeysWithValues: expansion.parameterNames.map { ($0, route.constraints[$0]?.sample ?? "value") })
            let wildcard = expansion.hasWildcard ? ["value"] : []
            do {
                guard let target = try redirectTarget(of: route, parameters: parameters, wildcard: wildcard) else {
                    continue
                }
                if router?.canRoute(target) != true {
                    return findings + [
                        RouteFileFinding(
                            code: .badRedirect, message: "the redirect target \(target) matches no route",
                            locations: [route.location], example: target)
                    ]
                }
            } catch {
                return findings + [
                    RouteFileFinding(
                        code: .badRedirect,
                        message: "the redirect \(redirect) cannot be filled from \(expansion.text): \(error.message)",
                        locations: [route.location],
                        example: LinkWriter.example(
                            of: expansion.segments, table: route.table,
                            settings: settings[route.table] ?? TableSettings()))
                ]
            }
        }
        return findings
    }

    /// A route that takes the short-link site's links: a tapped short link would open that route, not its target.
    /// The site is probed with a slug no route names; a literal route under the prefix reserves its one slug, which
    /// the site refuses to give.
    private func shortLinkFindings(_ router: Router?) -> [RouteFileFinding] {
        guard let site = shortLinks, let router else { return [] }
        let probe = site.link(for: Self.probeSlug)
        guard let route = (try? router.match(probe))?.route, let declaration = declaration(of: route) else { return [] }
        return [
            RouteFileFinding(
                code: .shortLinkCollision,
                message: "\(declaration.pattern) takes the short links of \(site.host) (\(probe)): a tapped short link "
                    + "would open that route, not its target", locations: [declaration.location, "shortLinks"],
                example: probe)
        ]
    }

    /// A slug that no route names, to probe with.
    private static let probeSlug = (try? Slug("x-short-link-probe_0")) ?? Slug.random()
}

extension StableCode where Domain == RouteFileFinding {
    /// The file does not load: a JSON, key, value or pattern problem at its location.
    package static var loadError: Self { Self("loadError") }
    /// A placement or a tab that does not fit the routes (a parent that is no route, a cycle, an unknown tab).
    package static var placement: Self { Self("placement") }
    /// A route whose destination the app gave no handler for.
    package static var missingDestination: Self { Self("missingDestination") }
    /// A redirect that has a destination too, or whose target no route matches.
    package static var badRedirect: Self { Self("badRedirect") }
    /// A route that takes the site's short links.
    package static var shortLinkCollision: Self { Self("shortLinkCollision") }
    /// A note: a sensitive route that a custom scheme can still open.
    package static var sensitiveRoute: Self { Self("sensitiveRoute") }
    /// A note: a link the association files claim that the route does not handle.
    package static var overClaim: Self { Self("overClaim") }
    /// The association files cannot be made from the file.
    package static var associations: Self { Self("associations") }
}
