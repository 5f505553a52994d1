import Logging

/// What trying a link's candidates in order came to.
enum CandidateRun {
    /// A candidate handled the request, which is bound to its route; what its handler returned; the routes skipped
    /// before it.
    case handled(Candidate, RouteRequest, RouteAction.Result, skipped: [Route])
    /// A candidate's handler threw.
    case failed(RouteRequest, any Error, skipped: [Route])
    /// No candidate handled it: each declined, or was skipped for its context or because the link's values did not
    /// decode into it (the first such reason is kept).
    case unhandled(skipped: [Route], declineReason: (any Error)?)
}

/// Tries candidates in order until one handles the request: the one loop behind ``Router/route(_:context:)-(String,_)``
/// and each level of a hierarchical walk.
///
/// A candidate whose route requires another context type is skipped, as one that declined; a typed route whose
/// values do not decode declines with the reason; a route with no handler handles the request by itself.
struct CandidateRunner {
    let logger: Logger?

    /// Runs the candidates in order, each with the request `bind` makes for it.
    func run(_ candidates: [Candidate], bind: (Candidate) -> RouteRequest) async -> CandidateRun {
        var skipped: [Route] = []
        var declineReason: (any Error)?
        for candidate in candidates {
            let route = candidate.match.route
            let request = bind(candidate)
            guard let action = candidate.action else {
                return .handled(candidate, request, RouteAction.Result(isHandled: true), skipped: skipped)
            }
            guard action.acceptsContext(request.context) else {
                logger?.debug("skipped \(route): the context is not \(action.requiredContext ?? "-")")
                skipped.append(route)
                continue
            }
            do {
                let result = try await action.run(request)
                if result.isHandled {
                    logger?.debug("handled by \(route)")
                    return .handled(candidate, request, result, skipped: skipped)
                }
                if let reason = result.declineReason {
                    logger?.debug("skipped \(route): \(reason)")
                    skipped.append(route)
                    declineReason = declineReason ?? reason
                } else {
                    logger?.debug("declined by \(route)")
                }
            } catch {
                logger?.debug("failed in \(route): \(error)")
                return .failed(request, error, skipped: skipped)
            }
        }
        return .unhandled(skipped: skipped, declineReason: declineReason)
    }
}
