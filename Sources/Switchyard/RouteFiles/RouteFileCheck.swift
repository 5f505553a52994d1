#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One problem `switchyard check` reports about a route file.
package struct RouteFileFinding: Sendable, Hashable {
    /// A stable name: `loadError`, `placement`, `duplicate`, `shadowed`, `duplicateName`, `ambiguous`,
    /// `unreachable`, `badRedirect`, `missingDestination`, `associations`; for notes, `overClaim`, `sensitiveRoute`.
    package let code: String
    /// What is wrong, in a sentence (for a load error, the error's whole description).
    package let message: String
    /// The locations of the routes involved (`routes[2]`, `schemes.myapp.routes[0]`), or of the bad value.
    package let locations: [String]
    /// A link that shows the problem, where one exists.
    package let example: String?
    /// Whether it is a note, which `switchyard check` reports without failing: a URL the association files claim
    /// that the route does not handle.
    package var isNote = false
}

extension RouteFile {
    /// Loads `data` and checks it: every load problem, then duplicates, ambiguous pairs, unreachable routes,
    /// bad redirects and missing destinations.
    package static func check(data: Data, path: String) -> [RouteFileFinding] {
        let (file, problems) = load(data: data, path: path)
        var findings = problems.map { problem in
            RouteFileFinding(
                code: RouteFileError.navigationCodes.contains(problem.code) ? "placement" : "loadError",
                message: problem.description, locations: problem.location.isEmpty ? [] : [problem.location],
                example: nil)
        }
        if problems.contains(where: { $0.code == .invalidJSON }) { return findings }
        findings += file.analyse()
        return findings
    }

    private struct Expanded {
        var declaration: Int
        var segments: [Segment]
        var shape: [Segment]
        var text: String
    }

    /// Every check, in the order `check` reports them.
    private func analyse() -> [RouteFileFinding] {
        let expansions = expandedRoutes()
        let duplicates = duplicateGroups(expansions)
        let unreachable = unreachableRoutes(expansions)
        return duplicateFindings(duplicates, expansions) + ambiguousFindings(expansions) + unreachable.findings
            + shadowedExpansions(expansions, skipping: unreachable.routes, duplicates: duplicates.map { Set($0) })
            + duplicateNames(expansions) + associationFindings() + sensitiveRouteFindings() + destinationFindings()
    }

    /// Each route's expansions, with their shapes folded as the router compares them.
    private func expandedRoutes() -> [Expanded] {
        let foldsCase = options.matchesLiteralsCaseInsensitively
        return routes.enumerated().flatMap { index, route in
            route.parsedPattern.expanded.map {
                Expanded(
                    declaration: index, segments: $0.segments, shape: Self.folded($0.shape, foldsCase), text: $0.text)
            }
        }
    }

    /// Routes that are duplicates: two declarations of the same shape in one table, from the first of them with no
    /// constraint (a constrained route lets the links it refuses through to the next). Each group in file order.
    private func duplicateGroups(_ expansions: [Expanded]) -> [[Int]] {
        var byShape: [[String]: [Int]] = [:]
        for (index, route) in routes.enumerated() {
            let shape = expansions.filter { $0.declaration == index }.map { "\($0.shape)" }
            byShape[[route.table.description] + shape, default: []].append(index)
        }
        return byShape.values.compactMap { indices -> [Int]? in
            guard let free = indices.firstIndex(where: { routes[$0].constraints.isEmpty }) else { return nil }
            let group = Array(indices[free...])
            return group.count > 1 ? group : nil
        }.sorted { $0[0] < $1[0] }
    }

    private func duplicateFindings(_ groups: [[Int]], _ expansions: [Expanded]) -> [RouteFileFinding] {
        groups.map { indices in
            let first = routes[indices[0]]
            return RouteFileFinding(
                code: "duplicate",
                message:
                    "\(indices.map { routes[$0].pattern }.joined(separator: " and ")) have the same shape in table "
                    + "\(first.table); only the first can win", locations: indices.map { routes[$0].location },
                example: example(expansions.first { $0.declaration == indices[0] }, table: first.table))
        }
    }

    /// Expansions of one pattern that tie on priority and specificity.
    private func ambiguousFindings(_ expansions: [Expanded]) -> [RouteFileFinding] {
        routes.enumerated().compactMap { index, route in
            let own = expansions.filter { $0.declaration == index }
            let tie = own.indices.lazy.compactMap { a in
                own.indices.first { b in b > a && own[a].shape == own[b].shape }.map { (own[a], own[$0]) }
            }.first
            guard let (a, b) = tie else { return nil }
            return RouteFileFinding(
                code: "ambiguous",
                message: "the expansions \(a.text) and \(b.text) of \(route.pattern) tie for the same links",
                locations: [route.location], example: example(a, table: route.table))
        }
    }

    /// Routes whose every expansion a route of higher priority in the same table covers.
    private func unreachableRoutes(_ expansions: [Expanded]) -> (routes: Set<Int>, findings: [RouteFileFinding]) {
        let foldsCase = options.matchesLiteralsCaseInsensitively
        var unreachable: Set<Int> = []
        var findings: [RouteFileFinding] = []
        for (index, route) in routes.enumerated() {
            let own = expansions.filter { $0.declaration == index }
            let shadows = own.map { expansion in
                expansions.first { other in
                    other.declaration != index && routes[other.declaration].table == route.table
                        && routes[other.declaration].priority > route.priority
                        && Self.covers(other.segments, expansion.segments, foldsCase)
                }
            }
            guard !own.isEmpty, shadows.allSatisfy({ $0 != nil }), let shadow = shadows.first ?? nil else { continue }
            unreachable.insert(index)
            let winner = routes[shadow.declaration]
            findings.append(
                RouteFileFinding(
                    code: "unreachable",
                    message:
                        "\(route.pattern) can never win: \(winner.pattern) (priority \(winner.priority)) matches "
                        + "every link it matches", locations: [route.location, winner.location],
                    example: example(own.first, table: route.table)))
        }
        return (unreachable, findings)
    }

    /// Routes with neither a destination nor a redirect, and redirects that are bad: beside a destination, with a
    /// target that no route matches or that the source cannot fill. Route by route.
    private func destinationFindings() -> [RouteFileFinding] {
        let router = try? makeRouter()
        return routes.flatMap { route in
            var findings: [RouteFileFinding] = []
            if route.redirect == nil, route.destination == nil {
                findings.append(
                    RouteFileFinding(
                        code: "missingDestination",
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
                    code: "badRedirect", message: "\(route.pattern) has both a destination and a redirect",
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
                            code: "badRedirect", message: "the redirect target \(target) matches no route",
                            locations: [route.location], example: target)
                    ]
                }
            } catch {
                return findings + [
                    RouteFileFinding(
                        code: "badRedirect",
                        message: "the redirect \(redirect) cannot be filled from \(expansion.text): \(error.message)",
                        locations: [route.location],
                        example: example(
                            Expanded(declaration: 0, segments: expansion.segments, shape: [], text: ""),
                            table: route.table))
                ]
            }
        }
        return findings
    }

    /// Expansions that another route's expansion of the same shape always beats: a higher priority, or the same
    /// priority and an earlier place in the file, with no constraint that could let the link through. Routes
    /// reported already (unreachable, or duplicates of each other) are left out.
    private func shadowedExpansions(_ expansions: [Expanded], skipping reported: Set<Int>, duplicates: [Set<Int>])
        -> [RouteFileFinding]
    {
        var findings: [RouteFileFinding] = []
        for (index, route) in routes.enumerated() where !reported.contains(index) {
            let own = expansions.filter { $0.declaration == index }
            let winners = own.map { expansion in
                expansions.first { other in
                    let winner = routes[other.declaration]
                    return other.declaration != index && winner.table == route.table && winner.constraints.isEmpty
                        && (winner.priority > route.priority
                            || (winner.priority == route.priority && other.declaration < index))
                        && other.shape == expansion.shape
                        && !duplicates.contains { $0.contains(index) && $0.contains(other.declaration) }
                }
            }
            guard let position = winners.firstIndex(where: { $0 != nil }), let winner = winners[position] else {
                continue
            }
            let beaten = own[position]
            let other = routes[winner.declaration]
            let by =
                winner.text == other.pattern
                ? other.pattern : "the expansion \(winner.text) of \(other.pattern)"
            let loser =
                winners.allSatisfy({ $0 != nil })
                ? route.pattern : "the expansion \(beaten.text) of \(route.pattern)"
            findings.append(
                RouteFileFinding(
                    code: "shadowed",
                    message: "\(loser) can never win: \(by) has the same shape and comes first",
                    locations: [route.location, other.location], example: example(beaten, table: route.table)))
        }
        return findings
    }

    /// For a file that declares apps: what keeps the association files from being made (a table universal links
    /// reach that makes its host a component, an Apple file over its size limit), or else, as notes, the URLs the
    /// files claim that their routes do not handle.
    private func associationFindings() -> [RouteFileFinding] {
        guard !apps.appleAppIDs.isEmpty || apps.androidPackage != nil else { return [] }
        do {
            return try associationFiles().overClaims.map { claim in
                RouteFileFinding(
                    code: "overClaim",
                    message: "the association files claim \(claim.example), which \(claim.pattern) does not take "
                        + "as a universal link (the files' wildcards cross '/'): a phone opens the app for it",
                    locations: [claim.location], example: claim.example, isNote: true)
            }
        } catch {
            return [
                RouteFileFinding(
                    code: "associations", message: error.message, locations: [error.location], example: nil)
            ]
        }
    }

    /// Names given to more than one route, in any tables: a link built by name (`url(for:)`, `switchyard url`)
    /// would take the first.
    private func duplicateNames(_ expansions: [Expanded]) -> [RouteFileFinding] {
        var byName: [String: [Int]] = [:]
        for (index, route) in routes.enumerated() {
            if let name = route.name { byName[name, default: []].append(index) }
        }
        return byName.filter { $0.value.count > 1 }.sorted { $0.value[0] < $1.value[0] }.map { name, indices in
            // A link of the second route: one that building by name never gives.
            let second = routes[indices[1]]
            return RouteFileFinding(
                code: "duplicateName",
                message:
                    "the name '\(name)' is given to \(indices.map { routes[$0].pattern }.joined(separator: " and ")); "
                    + "a link built by name takes the first", locations: indices.map { routes[$0].location },
                example: example(expansions.first { $0.declaration == indices[1] }, table: second.table))
        }
    }

    /// Whether every link that `narrow` matches is matched by `wide` too.
    private static func covers(_ wide: [Segment], _ narrow: [Segment], _ foldsCase: Bool) -> Bool {
        for (index, segment) in wide.enumerated() {
            if segment == .wildcard { return true }
            guard index < narrow.count else { return false }
            switch (segment, narrow[index]) {
            case (_, .wildcard): return false
            case (.parameter, _): continue
            case (.literal(let a), .literal(let b)):
                if foldsCase ? a.text.lowercased() != b.text.lowercased() : a != b { return false }
            default: return false
            }
        }
        return wide.count == narrow.count
    }

    private static func folded(_ shape: [Segment], _ foldsCase: Bool) -> [Segment] {
        guard foldsCase else { return shape }
        return shape.map { if case .literal(let text) = $0 { .literal(ExactText(text.text.lowercased())) } else { $0 } }
    }

    /// A link that the expansion matches, written as reverse routing writes links: parameters and a wildcard's one
    /// component filled with `value`.
    private func example(_ expansion: Expanded?, table: RouteTable) -> String? {
        guard let expansion else { return nil }
        let components = LinkWriter.components(of: expansion.segments, value: { _ in "value" }, wildcard: ["value"])
        return try? LinkWriter.link(
            components: components, query: [], scheme: table.scheme, host: nil,
            settings: settings[table] ?? TableSettings())
    }
}
