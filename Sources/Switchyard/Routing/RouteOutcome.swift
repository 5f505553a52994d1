/// What routing a link did.
///
/// ```swift
/// let outcome = await router.route("myapp://product/1988")
/// if outcome.status == .handled {
///     print("handled by", outcome.route?.pattern ?? "-")
/// } else if let rejection = outcome.rejection {
///     print(rejection)
/// }
/// ```
public struct RouteOutcome: Sendable, CustomStringConvertible {
    /// A stable name for what happened; new ones may be added.
    public typealias Status = StableCode<RouteOutcome>

    /// What happened.
    public let status: Status
    /// The request as it last ran: bound to the handling route, unbound for the default route, as the filters
    /// left it when stopped, held or not handled. `nil` when the input was rejected.
    public let request: RouteRequest?
    /// Why the input was refused, for `Status.rejected`.
    public let rejection: URLRejection?
    /// The handler's error, unchanged, or a ``DispatchError``, for `Status.failed`.
    public let error: (any Error)?
    /// Routes skipped because the context did not fit the type they require, or because the link's values did not
    /// decode into a typed route.
    public let skippedRoutes: [Route]
    /// What confirms or cancels the link, for `Status.awaitingConfirmation`.
    public let confirmation: Confirmation?

    init(
        _ status: Status, request: RouteRequest?, rejection: URLRejection? = nil, error: (any Error)? = nil,
        skippedRoutes: [Route] = [], confirmation: Confirmation? = nil
    ) {
        self.status = status
        self.request = request
        self.rejection = rejection
        self.error = error
        self.skippedRoutes = skippedRoutes
        self.confirmation = confirmation
    }

    /// An outcome that says a filter stopped `request`: return it from a filter that does not continue.
    public static func stopped(_ request: RouteRequest) -> RouteOutcome {
        RouteOutcome(.stopped, request: request)
    }

    /// The route that handled the request, or `nil`.
    public var route: Route? { status == .handled ? request?.route : nil }

    /// Whether a route or the default route handled the request.
    public var isHandled: Bool { status == .handled || status == .handledByDefault }

    /// The status, with the route, the rejection or the error.
    public var description: String {
        switch status {
        case .handled: "handled by \(request?.route?.description ?? "-")"
        case .rejected: "rejected: \(rejection?.code.description ?? "-")"
        case .failed: "failed: \(error.map { String(describing: $0) } ?? "-")"
        default: status.name
        }
    }
}

/// An error of dispatch itself, as opposed to one a handler threw.
public struct DispatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of dispatch error; new ones may be added.
    public typealias Code = StableCode<DispatchError>

    /// What went wrong.
    public let code: Code
    /// The inputs routed, in order: for a redirect loop, the first input and every redirect target.
    public let inputs: [String]

    /// The code and the inputs.
    public var description: String { "\(code): \(inputs.joined(separator: " → "))" }
}

extension StableCode where Domain == RouteOutcome {
    /// A route's handler handled the request (``RouteOutcome/request`` is bound to that route).
    public static var handled: Self { Self("handled") }
    /// No route handled it; the default route ran, once.
    public static var handledByDefault: Self { Self("handledByDefault") }
    /// No route handled it and there is no default route.
    public static var notHandled: Self { Self("notHandled") }
    /// The input was refused before anything ran (``RouteOutcome/rejection`` says why).
    public static var rejected: Self { Self("rejected") }
    /// A filter stopped the request; no handler ran.
    public static var stopped: Self { Self("stopped") }
    /// A filter holds the request; the rest runs when it continues, and that outcome goes to the router's
    /// ``Router/deferredOutcomes`` and observers (``Router/observeDeferredOutcomes(_:)``).
    public static var held: Self { Self("held") }
    /// A handler threw, or dispatch itself failed (``RouteOutcome/error``; a redirect loop is a
    /// ``DispatchError``).
    public static var failed: Self { Self("failed") }
    /// Nothing handled the request and some route was skipped because the context was not of the type it
    /// requires (``RouteOutcome/skippedRoutes``).
    public static var wrongContextType: Self { Self("wrongContextType") }
    /// Nothing handled the request and a typed route was skipped because the link's values did not decode
    /// into it (``RouteOutcome/error`` is the ``RouteDecodingError``).
    public static var decodingFailed: Self { Self("decodingFailed") }
    /// Every route the link matched refuses its origin (``RouteAccess/origins``): nothing ran, not the filters, not
    /// the default route (``RouteOutcome/request`` is bound to the first such route).
    public static var originRefused: Self { Self("originRefused") }
    /// The route's action waits for the person to confirm it (``RouteOutcome/confirmation``).
    public static var awaitingConfirmation: Self { Self("awaitingConfirmation") }
    /// The person did not confirm the route's action (``Confirmation/cancel()``); nothing ran.
    public static var cancelled: Self { Self("cancelled") }
}

extension StableCode where Domain == DispatchError {
    /// Filters redirected more than ``Router/maxRedirects`` times in a row.
    public static var redirectLoop: Self { Self("redirectLoop") }
    /// A filter's continuation was called a second time; nothing ran.
    public static var continuedTwice: Self { Self("continuedTwice") }
    /// A held request's continuation was released without being called.
    public static var continuationDropped: Self { Self("continuationDropped") }
}
