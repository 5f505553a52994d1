extension Router {
    /// Routes a URL or route string: matches it, runs the filter chain once, then tries the candidates'
    /// handlers in order, then the default route.
    ///
    /// ```swift
    /// let outcome = await router.route("myapp://product/1988", context: notification.payload)
    /// ```
    ///
    /// A handler that declines passes the request to the next candidate (then to the global table where a
    /// scheme table falls back); the default route runs, once, if nothing handled it. A rejected input runs
    /// nothing. Handlers and filters may route again (a redirect): nothing is locked while they run.
    ///
    /// - Parameters:
    ///   - url: a URL or an internal route string.
    ///   - context: any value to pass along (a notification payload, a shortcut item); never merged with what
    ///     the link says.
    /// - Returns: what happened; nothing is printed.
    public func route(_ url: String, context: (any Sendable)? = nil) async -> RouteOutcome {
        await dispatch(url, origin: nil, context: context, history: [])
    }

    /// Routes a link that came from `origin`, as ``route(_:context:)-(String,_)`` does, with the routes' access
    /// applied: a route that does not accept the origin is no candidate (when every route the link matched refuses
    /// it, the outcome is `RouteOutcome.Status.originRefused` and nothing runs, not even a filter), and a route that
    /// confirms its action waits, after the filters, for ``RouteOutcome/confirmation``.
    ///
    /// ```swift
    /// let outcome = await router.route(url, origin: .customScheme)
    /// ```
    ///
    /// - Parameters:
    ///   - url: a URL or an internal route string.
    ///   - origin: where the link came from; `nil` when unknown, which only routes that name no origins accept.
    ///   - context: any value to pass along, as ``route(_:context:)-(String,_)`` takes it.
    public func route(_ url: String, origin: LinkOrigin?, context: (any Sendable)? = nil) async -> RouteOutcome {
        await dispatch(url, origin: origin, context: context, history: [])
    }

    private func dispatch(_ input: String, origin: LinkOrigin?, context: (any Sendable)?, history: [String]) async
        -> RouteOutcome
    {
        let snapshot = state.snapshot
        var resolution: Resolution
        do {
            resolution = try snapshot.tables.resolve(input, options: options.splitOptions)
        } catch {
            logger?.debug("rejected \(input): \(error.code) at byte \(error.position)")
            return RouteOutcome(.rejected, request: nil, rejection: error)
        }
        logger?.debug("routing \(input): \(resolution.candidates.count) candidate(s) in table \(resolution.table)")
        if let refused = admit(&resolution, origin: origin, context: context, history: history) { return refused }
        let request = Self.request(for: resolution, origin: origin, context: context, history: history)
        let handlers = handlers(for: resolution, origin: origin, defaultAction: snapshot.defaultAction)
        return await runChain(snapshot.filters[...], request, history: history + [input], then: handlers)
    }

    /// Leaves out the candidates whose access refuses `origin`; the outcome `originRefused` when that leaves none
    /// of the routes the link matched. Kept out of the async dispatch, whose frame stays as small as it was.
    private func admit(
        _ resolution: inout Resolution, origin: LinkOrigin?, context: (any Sendable)?, history: [String]
    ) -> RouteOutcome? {
        // A route that declares no access costs nothing more than this look at its action.
        guard resolution.candidates.contains(where: { $0.action?.access != nil }) else { return nil }
        let admitted = resolution.candidates.filter { $0.action?.access?.admits(origin) ?? true }
        guard admitted.isEmpty, let refused = resolution.candidates.first?.match else {
            resolution.candidates = admitted
            return nil
        }
        logger?.debug(
            "refused \(refused.link.input): no route it matched accepts the origin \(origin?.name ?? "(none)")")
        let request = RouteRequest(
            link: refused.link, route: refused.route, parameters: refused.parameters,
            wildcardComponents: refused.wildcardComponents, candidates: [], context: context, redirectedFrom: history,
            origin: origin)
        return RouteOutcome(.originRefused, request: request)
    }

    /// The request bound to the first candidate, as the filters see it.
    private static func request(
        for resolution: Resolution, origin: LinkOrigin?, context: (any Sendable)?, history: [String]
    ) -> RouteRequest {
        let first = resolution.candidates.first?.match
        return RouteRequest(
            link: first?.link ?? resolution.link, route: first?.route, parameters: first?.parameters ?? [:],
            wildcardComponents: first?.wildcardComponents, candidates: resolution.candidates.map(\.match.route),
            context: context, redirectedFrom: history, origin: origin)
    }

    /// What runs after the filters: the candidates' handlers, each asking the person first where its route confirms
    /// links from `origin`, then the default route.
    private func handlers(for resolution: Resolution, origin: LinkOrigin?, defaultAction: RouteAction?)
        -> @Sendable (RouteRequest) async -> RouteOutcome
    {
        { [self] request in
            await runHandlers(request, resolution.candidates[...], origin: origin, default: defaultAction)
        }
    }

    private func runChain(
        _ filters: ArraySlice<any RouteFilter>, _ request: RouteRequest, history: [String],
        then handlers: @escaping @Sendable (RouteRequest) async -> RouteOutcome
    ) async -> RouteOutcome {
        guard let filter = filters.first else { return await handlers(request) }
        let rest = filters.dropFirst()
        let next = FilterContinuation(
            request: request,
            proceed: { [self] request in
                await runChain(rest, request, history: history, then: handlers)
            },
            redirect: { [self] target, request in
                guard history.count <= Router.maxRedirects else {
                    logger?.debug("redirect loop: \(history + [target])")
                    return RouteOutcome(
                        .failed, request: request, error: DispatchError(code: .redirectLoop, inputs: history + [target])
                    )
                }
                logger?.debug("redirecting \(request.link.input) to \(target)")
                return await dispatch(target, origin: request.origin, context: request.context, history: history)
            },
            report: { [deferred] outcome in deferred.deliver(outcome) })
        let outcome = await filter.filter(request, next: next)
        if outcome.status == .held {
            logger?.debug("held \(request.link.input)")
            next.markHeld()
        }
        return outcome
    }

    /// Runs `candidates` in order, then the default route. A candidate whose route confirms links from `origin` is
    /// asked about when it would run, not before: the outcome waits with a ``Confirmation`` that, confirmed, runs
    /// that candidate and goes on with the ones after it.
    ///
    /// - Parameters:
    ///   - confirmed: the first of `candidates` has been confirmed (the run resumes after a ``Confirmation``).
    ///   - progress: what the candidates before `candidates` came to.
    private func runHandlers(
        _ request: RouteRequest, _ candidates: ArraySlice<Candidate>, origin: LinkOrigin?,
        default defaultAction: RouteAction?, confirmed: Bool = false,
        progress: CandidateRunner.Progress = CandidateRunner.Progress()
    ) async -> RouteOutcome {
        let run = await CandidateRunner(logger: logger).run(
            candidates, progress: progress,
            confirms: { index, action in
                !(confirmed && index == candidates.startIndex)
                    && action.access?.needsConfirmation(from: origin) == true
            },
            bind: { request.bound(to: $0.match) })
        let skipped: [Route]
        let declineReason: (any Error)?
        switch run {
        case .handled(_, let bound, _, let skippedRoutes):
            return RouteOutcome(.handled, request: bound, skippedRoutes: skippedRoutes)
        case .failed(let bound, let error, let skippedRoutes):
            return RouteOutcome(.failed, request: bound, error: error, skippedRoutes: skippedRoutes)
        case .awaitingConfirmation(let index, let bound, let progress):
            let rest = candidates[index...]
            let resume: @Sendable (RouteRequest) async -> RouteOutcome = { [self] _ in
                await runHandlers(
                    request, rest, origin: origin, default: defaultAction, confirmed: true, progress: progress)
            }
            // Weakly: an observer that keeps the outcome keeps its confirmation, which must not keep the hub.
            let wait = Confirmation.waiting(then: resume) { [weak deferred] outcome in deferred?.deliver(outcome) }
            return await wait(bound)
        case .unhandled(let skippedRoutes, let reason):
            (skipped, declineReason) = (skippedRoutes, reason)
        }
        let unbound = request.unbound()
        if let defaultAction {
            do {
                _ = try await defaultAction.run(unbound)
                logger?.debug("handled by the default route")
                return RouteOutcome(.handledByDefault, request: unbound, skippedRoutes: skipped)
            } catch {
                return RouteOutcome(.failed, request: unbound, error: error, skippedRoutes: skipped)
            }
        }
        if let declineReason {
            return RouteOutcome(.decodingFailed, request: unbound, error: declineReason, skippedRoutes: skipped)
        }
        return RouteOutcome(skipped.isEmpty ? .notHandled : .wrongContextType, request: unbound, skippedRoutes: skipped)
    }
}
