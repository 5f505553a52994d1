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
    /// The candidate at `index` would run next, and its route asks the person to confirm first; nothing of it ran.
    /// `progress` is what the candidates before it came to, for the run that resumes there.
    case awaitingConfirmation(index: Int, RouteRequest, progress: CandidateRunner.Progress)
}

/// Tries candidates in order until one handles the request: the one loop behind ``Router/route(_:context:)-(String,_)``
/// and each level of a hierarchical walk.
///
/// A candidate whose route requires another context type is skipped, as one that declined; a typed route whose
/// values do not decode declines with the reason; a route with no handler handles the request by itself.
/// Confirmation is decided here, per candidate, at the moment that candidate would run: a route that confirms is
/// never reached by way of another candidate that declined, unconfirmed.
struct CandidateRunner {
    /// The routes skipped so far and the first reason a typed route gave.
    struct Progress: Sendable {
        var skipped: [Route] = []
        var declineReason: (any Error)?
    }

    let logger: Logger?

    /// Runs the candidates in order, each with the request `bind` makes for it.
    ///
    /// - Parameters:
    ///   - progress: what earlier candidates came to, when a run resumes after a confirmation.
    ///   - confirms: whether the candidate at an index must wait for the person before its handler runs; asked
    ///     only of a candidate that would run (it has a handler and accepts the context).
    func run(
        _ candidates: ArraySlice<Candidate>, progress: Progress = Progress(),
        confirms: (Int, RouteAction) -> Bool = { _, _ in false }, bind: (Candidate) -> RouteRequest
    ) async -> CandidateRun {
        var progress = progress
        for (index, candidate) in zip(candidates.indices, candidates) {
            let route = candidate.match.route
            let request = bind(candidate)
            guard let action = candidate.action else {
                return .handled(candidate, request, RouteAction.Result(isHandled: true), skipped: progress.skipped)
            }
            guard action.acceptsContext(request.context) else {
                logger?.debug("skipped \(route): the context is not \(action.requiredContext ?? "-")")
                progress.skipped.append(route)
                continue
            }
            if confirms(index, action) {
                logger?.debug("\(route) waits for confirmation")
                return .awaitingConfirmation(index: index, request, progress: progress)
            }
            do {
                let result = try await action.run(request)
                if result.isHandled {
                    logger?.debug("handled by \(route)")
                    return .handled(candidate, request, result, skipped: progress.skipped)
                }
                if let reason = result.declineReason {
                    logger?.debug("skipped \(route): \(reason)")
                    progress.skipped.append(route)
                    progress.declineReason = progress.declineReason ?? reason
                } else {
                    logger?.debug("declined by \(route)")
                }
            } catch {
                logger?.debug("failed in \(route): \(error)")
                return .failed(request, error, skipped: progress.skipped)
            }
        }
        return .unhandled(skipped: progress.skipped, declineReason: progress.declineReason)
    }
}
