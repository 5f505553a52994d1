/// Why a link matched, or why it did not: the matches, or the nearest routes and where each one failed.
///
/// ```swift
/// try router.add("/a/b/c")
/// print(router.explain("app://a/b/x"))
/// // app://a/b/x: no route matches in table global
/// //   nearest: /a/b/c: component 2 "x" does not equal the literal "c"
/// ```
public struct RouteExplanation: Sendable, CustomStringConvertible {
    /// A route that did not match, and where it stopped matching.
    public struct NearMiss: Sendable, Hashable {
        /// The route.
        public let route: Route
        /// How many leading components it matched.
        public let matchedComponents: Int
        /// The 0-based index of the component at which it failed; equal to the number of components when the
        /// link ended before the route did.
        public let failedComponent: Int
        /// What failed, in a sentence.
        public let reason: String
    }

    /// The input as given.
    public let input: String
    /// Why the input was refused, when it was.
    public let rejection: URLRejection?
    /// The table the link was routed to first.
    public let table: RouteTable?
    /// The routes that match, in dispatch order.
    public let matches: [RouteMatch]
    /// When nothing matches: the routes that came nearest (the most leading components matched), in match order.
    public let nearMisses: [NearMiss]
    /// Why the global table was not consulted or refused the link on fallback, when that matters.
    public let notes: [String]

    /// Several lines for a person.
    public var description: String {
        if let rejection { return "\(input): rejected, \(rejection)" }
        var lines: [String] = []
        if matches.isEmpty {
            lines.append("\(input): no route matches in table \(table?.description ?? "global")")
            lines += nearMisses.map { "  nearest: \($0.route): \($0.reason)" }
        } else {
            lines.append("\(input): \(matches.count) route(s) match, tried in this order:")
            lines += matches.map { "  \($0.route) \($0.parameters)" }
        }
        return (lines + notes.map { "  note: \($0)" }).joined(separator: "\n")
    }
}

extension Router {
    /// Explains how `url` is matched: the routes that match, or the routes that came nearest and the first
    /// component where each failed. For people debugging a link; it runs nothing.
    ///
    /// - Complexity: O(*r* × *n*) in the number of routes and the link's components.
    public func explain(_ url: String) -> RouteExplanation {
        let snapshot = state.snapshot
        let resolution: Resolution
        do {
            resolution = try snapshot.tables.resolve(url, options: options.splitOptions)
        } catch {
            return RouteExplanation(
                input: url, rejection: error, table: nil, matches: [], nearMisses: [], notes: [])
        }
        var notes: [String] = []
        let first = snapshot.tables[resolution.table]
        if let first, resolution.table != .global {
            if !first.settings.fallsBackToGlobalRoutes {
                notes.append("the table \(resolution.table) does not fall back to the global table")
            } else if let global = snapshot.tables[.global],
                global.hostRules != first.hostRules,
                case .failure(let refusal) = URLSplitter.split(
                    url, options: options.splitOptions, hostRules: { _ in global.hostRules })
            {
                notes.append("the global table refused the link on fallback: \(refusal.code)")
            }
        }
        guard resolution.candidates.isEmpty, let first else {
            return RouteExplanation(
                input: url, rejection: nil, table: resolution.table, matches: resolution.candidates.map(\.match),
                nearMisses: [], notes: notes)
        }
        let misses = first.nearMisses(for: resolution.link.pathComponents)
        return RouteExplanation(
            input: url, rejection: nil, table: resolution.table, matches: [], nearMisses: misses, notes: notes)
    }
}

extension CompiledTable {
    /// The routes that match the most leading components of `components`, with where each one failed.
    func nearMisses(for components: [String]) -> [RouteExplanation.NearMiss] {
        let misses = routesWithConstraints.map { nearMiss($0.route, $0.constraints, components) }
        let best = misses.map(\.matchedComponents).max() ?? 0
        return Array(misses.filter { $0.matchedComponents == best }.prefix(3))
    }

    private func nearMiss(
        _ route: Route, _ constraints: [String: ParameterConstraint], _ components: [String]
    ) -> RouteExplanation.NearMiss {
        let segments = route.segments
        for (index, segment) in segments.enumerated() {
            guard index < components.count else {
                return .init(
                    route: route, matchedComponents: index, failedComponent: index,
                    reason: "the link ends after \(components.count) component(s); the route needs more")
            }
            let component = components[index]
            switch segment {
            case .wildcard:
                return .init(
                    route: route, matchedComponents: components.count, failedComponent: components.count,
                    reason: "it matches; a constraint or the host rules refused it")
            case .literal(let literal):
                if trie.key(ExactText(component)) != trie.key(literal) {
                    return .init(
                        route: route, matchedComponents: index, failedComponent: index,
                        reason: "component \(index) \"\(component)\" does not equal the literal \"\(literal.text)\"")
                }
            case .parameter(let name):
                if let constraint = constraints[name], !constraint.accepts(component) {
                    return .init(
                        route: route, matchedComponents: index, failedComponent: index,
                        reason: "component \(index) \"\(component)\" fails the constraint on :\(name) (\(constraint))")
                }
            }
        }
        return .init(
            route: route, matchedComponents: segments.count, failedComponent: segments.count,
            reason: "the link has \(components.count) component(s); the route has only \(segments.count)")
    }
}
