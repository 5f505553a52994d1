/// A hierarchical walk that succeeded: the levels it went through and what each captured.
public struct RouteWalk: Sendable {
    /// One level of the walk.
    public struct Step: Sendable {
        /// The route that matched at this level.
        public let route: Route
        /// The components this level consumed.
        public let components: [String]
        /// The parameters this level's route captured (a single-token route's token is ``token``).
        public let parameters: RouteParameters
        /// The token a single-token route captured, or `nil`.
        public var token: String? { parameters[RouteLevel.tokenName] }
        /// What the level's handler returned: the next routable, or the last value of the walk.
        public let result: (any Sendable)?
    }

    /// The link, taken apart.
    public let link: DeepLink
    /// The context passed along.
    public let context: (any Sendable)?
    /// The levels, root first.
    public let steps: [Step]
}

/// The error that ends a hierarchical walk.
public struct WalkError: Error, Sendable, CustomStringConvertible {
    /// A stable name for why a walk ended; new ones may be added.
    public typealias Code = StableCode<WalkError>

    /// Why the walk ended.
    public let code: Code
    /// The components not yet routed when the walk ended (for a handler's error, those before its level).
    public let remaining: [String]
    /// The levels that ran before the walk ended; their handlers are not undone.
    public let steps: [RouteWalk.Step]
    /// The rejection, for `Code.invalidURL` of a malformed link.
    public let rejection: URLRejection?
    /// The handler's error, for `Code.handlerFailed`.
    public let underlying: (any Error)?
    /// The context passed along.
    public let context: (any Sendable)?

    /// The code and what remained.
    public var description: String {
        var text = "\(code)"
        if !remaining.isEmpty { text += " (remaining: \(remaining.joined(separator: "/")))" }
        if let rejection { text += ": \(rejection.code) at byte \(rejection.position)" }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}

/// Walks a link through a chain of routables.
struct RouteWalker {
    let url: String
    let context: (any Sendable)?
    let hostPolicy: HostPolicy
    let options: RouterOptions

    func walk(from root: some Routable) async throws(WalkError) -> RouteWalk {
        let split: SplitURL
        switch URLSplitter.split(url, options: options.splitOptions, hostRules: { _ in HostRules(policy: hostPolicy) })
        {
        case .success(let value): split = value
        case .failure(let rejection): throw error(.invalidURL, remaining: [], steps: [], rejection: rejection)
        }
        let components = split.link.pathComponents
        guard !components.isEmpty else { throw error(.invalidURL, remaining: [], steps: []) }
        // The components' keys end to end, which each level reads from where the last one stopped, without a copy.
        var keyBytes: [UInt8] = []
        var keyRanges: [Range<Int>] = []
        for component in components {
            let start = keyBytes.count
            keyBytes += component.utf8
            keyRanges.append(start..<keyBytes.count)
        }
        var level: any Routable = root
        var consumed = 0
        var steps: [RouteWalk.Step] = []
        while true {
            let remaining = components[consumed...]
            if Task.isCancelled { throw error(.cancelled, remaining: Array(remaining), steps: steps) }
            let table = level.routes.compiled
            let candidates = SplitComponents.withRanges(
                in: keyBytes, keyRanges[consumed...], values: split.values[consumed...]
            ) { table.prefixMatches(link: split.link, remaining: remaining, $0) }
            let step = try await runLevel(candidates, remaining: remaining, steps: steps)
            steps.append(step)
            consumed += step.components.count
            // What remains is made into a list only for an error: a walk reads it in place.
            let left = { Array(components[consumed...]) }
            if Task.isCancelled { throw error(.cancelled, remaining: left(), steps: steps) }
            if consumed == components.count { break }
            guard let result = step.result else { throw error(.noMatch, remaining: left(), steps: steps) }
            guard let child = result as? any Routable else {
                throw error(.notRoutable, remaining: left(), steps: steps)
            }
            level = child
        }
        return RouteWalk(link: split.link, context: context, steps: steps)
    }

    /// Runs the first of a level's candidates (longest prefix first) that handles the walk.
    private func runLevel(
        _ candidates: [Candidate], remaining: ArraySlice<String>, steps: [RouteWalk.Step]
    ) async throws(WalkError) -> RouteWalk.Step {
        let run = await CandidateRunner(logger: nil).run(candidates[...]) { candidate in
            RouteRequest(
                link: candidate.match.link, route: candidate.match.route, parameters: candidate.match.parameters,
                wildcardComponents: candidate.match.wildcardComponents, candidates: [candidate.match.route],
                context: context, redirectedFrom: [])
        }
        switch run {
        case .handled(let candidate, _, let result, _):
            return RouteWalk.Step(
                route: candidate.match.route, components: candidate.match.link.pathComponents,
                parameters: candidate.match.parameters, result: result.child)
        case .failed(_, let underlying, _):
            throw error(.handlerFailed, remaining: Array(remaining), steps: steps, underlying: underlying)
        case .unhandled(let skipped, _):
            throw error(skipped.isEmpty ? .noMatch : .wrongContextType, remaining: Array(remaining), steps: steps)
        case .awaitingConfirmation(_, _, let progress):
            // A walk asks for no confirmation (the run above is given no `confirms`), so this is not reached; were
            // it, nothing ran, which is what no match says.
            throw error(
                progress.skipped.isEmpty ? .noMatch : .wrongContextType, remaining: Array(remaining), steps: steps)
        }
    }

    private func error(
        _ code: WalkError.Code, remaining: [String], steps: [RouteWalk.Step], rejection: URLRejection? = nil,
        underlying: (any Error)? = nil
    ) -> WalkError {
        WalkError(
            code: code, remaining: remaining, steps: steps, rejection: rejection, underlying: underlying,
            context: context)
    }
}

extension StableCode where Domain == WalkError {
    /// No route of a level matches the remaining components (``WalkError/remaining``).
    public static var noMatch: Self { Self("noMatch") }
    /// The link was rejected (``WalkError/rejection``) or has no components to route.
    public static var invalidURL: Self { Self("invalidURL") }
    /// Routes matched, but none accepts the context's type.
    public static var wrongContextType: Self { Self("wrongContextType") }
    /// A handler returned a value that is not ``Routable`` while components remain.
    public static var notRoutable: Self { Self("notRoutable") }
    /// A handler threw (``WalkError/underlying``, unchanged).
    public static var handlerFailed: Self { Self("handlerFailed") }
    /// The task was cancelled; no later handler ran.
    public static var cancelled: Self { Self("cancelled") }
}

extension WalkError: Hashable {
    /// Whether two errors say the same: the same code, remaining components, rejection, levels (each level's route
    /// and components) and handler error, compared by its description.
    ///
    /// The context and what the levels' handlers returned are not compared: they may be of any type.
    public static func == (lhs: WalkError, rhs: WalkError) -> Bool {
        lhs.code == rhs.code && lhs.remaining == rhs.remaining && lhs.rejection == rhs.rejection
            && lhs.steps.map(\.route) == rhs.steps.map(\.route)
            && lhs.steps.map(\.components) == rhs.steps.map(\.components)
            && lhs.underlying.map { String(reflecting: $0) } == rhs.underlying.map { String(reflecting: $0) }
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(remaining)
        hasher.combine(rejection)
        for step in steps {
            hasher.combine(step.route)
            hasher.combine(step.components)
        }
        hasher.combine(underlying.map { String(reflecting: $0) })
    }
}
