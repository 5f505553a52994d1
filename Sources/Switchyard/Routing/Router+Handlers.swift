extension Router {
    /// Adds a route whose handler always handles the request; `access` says who may open it (``RouteAccess``).
    ///
    /// ```swift
    /// try router.map("/product/:id", name: "product") { request in
    ///     await shop.showProduct(id: request.parameters["id"] ?? "")
    /// }
    /// ```
    ///
    /// - Throws: ``PatternError``, as ``add(_:name:priority:in:constraints:access:)`` does.
    public func map(
        _ pattern: String, name: String? = nil, priority: Int = 0, in table: RouteTable = .global,
        constraints: [String: ParameterConstraint] = [:], access: RouteAccess? = nil,
        handler: @escaping @Sendable (RouteRequest) async throws -> Void
    ) throws(PatternError) {
        let action = RouteAction { request in
            try await handler(request)
            return .handled
        }
        try register(
            pattern, name: name, priority: priority, in: table, constraints: constraints, action: action, access: access
        )
    }

    /// Adds a route whose handler may decline, so the next candidate is tried (JLRoutes' `return NO`); `access`
    /// says who may open it (``RouteAccess``).
    ///
    /// ```swift
    /// try router.mapDeclinable("/return/:value") { request in
    ///     request.parameters["value"] == "yes" ? .handled : .declined
    /// }
    /// ```
    ///
    /// - Throws: ``PatternError``, as ``add(_:name:priority:in:constraints:access:)`` does.
    public func mapDeclinable(
        _ pattern: String, name: String? = nil, priority: Int = 0, in table: RouteTable = .global,
        constraints: [String: ParameterConstraint] = [:], access: RouteAccess? = nil,
        handler: @escaping @Sendable (RouteRequest) async throws -> RouteDisposition
    ) throws(PatternError) {
        try register(
            pattern, name: name, priority: priority, in: table, constraints: constraints, action: RouteAction(handler),
            access: access)
    }

    /// Adds a route that runs only when the request's context is a `Context`, and receives it typed; `access` says
    /// who may open it (``RouteAccess``), as where a notification's payload lands.
    ///
    /// A request with another context, or none, skips the route as if it declined; if nothing else handles
    /// it, the outcome is `RouteOutcome.Status.wrongContextType`.
    ///
    /// ```swift
    /// try router.map("/pay/:id", context: PaymentPush.self) { push, request in
    ///     await payments.confirm(push.amount)
    /// }
    /// await router.route("myapp://pay/1", context: PaymentPush(amount: 5))
    /// ```
    ///
    /// - Throws: ``PatternError``, as ``add(_:name:priority:in:constraints:access:)`` does.
    public func map<Context: Sendable>(
        _ pattern: String, name: String? = nil, priority: Int = 0, in table: RouteTable = .global,
        constraints: [String: ParameterConstraint] = [:], context: Context.Type, access: RouteAccess? = nil,
        handler: @escaping @Sendable (Context, RouteRequest) async throws -> Void
    ) throws(PatternError) {
        let action = RouteAction(context: context) { context, request in
            try await handler(context, request)
            return RouteAction.Result(isHandled: true)
        }
        try register(
            pattern, name: name, priority: priority, in: table, constraints: constraints, action: action, access: access
        )
    }

    /// Sets the default route (Turnpike's 404, JLRoutes' unmatched handler): it runs, once, when no route
    /// handled a link. It replaces any earlier default.
    ///
    /// ```swift
    /// router.mapDefault { request in await ui.showNotFound(request.link.input) }
    /// ```
    public func mapDefault(_ handler: @escaping @Sendable (RouteRequest) async throws -> Void) {
        let action = RouteAction { request in
            try await handler(request)
            return .handled
        }
        state.withLock { $0.defaultAction = action }
    }

    /// Removes the default route.
    public func removeDefault() {
        state.withLock { $0.defaultAction = nil }
    }

    /// Appends a filter to the chain; filters run in the order they were added.
    public func addFilter(_ filter: some RouteFilter) {
        state.withLock { $0.filters.append(filter) }
    }

    /// Appends a filter made of a closure.
    ///
    /// ```swift
    /// router.addFilter { request, next in
    ///     analytics.record(request.link.input)
    ///     return await next(request)
    /// }
    /// ```
    public func addFilter(_ filter: @escaping @Sendable (RouteRequest, FilterContinuation) async -> RouteOutcome) {
        addFilter(ClosureFilter(body: filter))
    }

    /// Removes every filter.
    public func removeAllFilters() {
        state.withLock { $0.filters.removeAll() }
    }

    /// The outcomes that ``route(_:context:)-(String,_)`` could not return, as an asynchronous sequence that any
    /// number of tasks may iterate: held requests continued or replayed later, and reports of continuations called
    /// twice or dropped. See ``DeferredOutcomes``.
    public var deferredOutcomes: DeferredOutcomes { DeferredOutcomes(hub: deferred) }

    /// Adds an observer of the outcomes ``route(_:context:)-(String,_)`` could not return, with the semantics of
    /// ``deferredOutcomes``: it receives every one that completes while it is set, and, if it is the first
    /// observer or subscriber, those kept until then. Any number may be set.
    ///
    /// ```swift
    /// let observation = router.observeDeferredOutcomes { outcome in analytics.record(outcome) }
    /// // … when the screen that observes goes away:
    /// observation.cancel()
    /// ```
    ///
    /// - Returns: what ends the deliveries; an observation that is never cancelled lasts as long as the router.
    @discardableResult
    public func observeDeferredOutcomes(_ observer: @escaping @Sendable (RouteOutcome) -> Void)
        -> DeferredOutcomeObservation
    {
        deferred.observe(observer)
    }

    /// How many deferred outcomes were dropped: the oldest, kept beyond ``deferredOutcomeBufferLimit`` while
    /// nobody received them, or waiting for a subscriber too slow to take them.
    public var droppedDeferredOutcomeCount: Int { deferred.droppedCount }
}
