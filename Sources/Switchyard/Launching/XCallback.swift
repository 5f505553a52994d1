/// The x-callback-url parameters of a link: the calling app (`x-source`) and where to call it back on success,
/// error or cancel. An incoming request exposes them (``RouteRequest/xCallback``), and a handler's result builds the
/// link back through ``link(for:policy:)``; an outgoing call adds them with ``queryItems``.
///
/// ```swift
/// try router.map("/pay/:amount") { request in
///     guard let callback = request.xCallback else { return }
///     let result: XCallback.Result = await pay(request) ? .success([QueryItem(name: "receipt", value: id)]) : .cancel
///     if let back = try callback.link(for: result, policy: policy) { try await launcher.open(back) }
/// }
/// ```
public struct XCallback: Sendable, Hashable {
    /// The calling app's name, for a prompt (`x-source`).
    public var source: String?
    /// The link to open on success (`x-success`).
    public var success: String?
    /// The link to open on error (`x-error`), with `errorCode` and `errorMessage`.
    public var error: String?
    /// The link to open when the person cancels (`x-cancel`).
    public var cancel: String?

    /// Callbacks for an outgoing call.
    public init(source: String? = nil, success: String? = nil, error: String? = nil, cancel: String? = nil) {
        self.source = source
        self.success = success
        self.error = error
        self.cancel = cancel
    }

    /// The x-callback-url parameters of `query` (the first of each name); `nil` when it has none.
    public init?(_ query: QueryItems) {
        source = query.first("x-source")
        success = query.first("x-success")
        error = query.first("x-error")
        cancel = query.first("x-cancel")
        if source == nil, success == nil, error == nil, cancel == nil { return nil }
    }

    /// The query items of an outgoing call: `x-source`, `x-success`, `x-error`, `x-cancel`, those given; pass them
    /// as a link's `query` (``Router/link(for:parameters:wildcard:query:scheme:host:)``), which encodes them.
    public var queryItems: [QueryItem] {
        [("x-source", source), ("x-success", success), ("x-error", error), ("x-cancel", cancel)].compactMap {
            name, value in
            value.map { QueryItem(name: name, value: $0) }
        }
    }

    /// What the handler's work came to.
    public enum Result: Sendable, Hashable {
        /// Done, with values for the caller.
        case success([QueryItem])
        /// Failed, with a code and a message for the caller.
        case error(code: String, message: String)
        /// The person cancelled.
        case cancel
    }

    /// The link that answers `result`: the callback's target with the result's values added to its query, each
    /// encoded, before the target's fragment (`notes://done?receipt=42#top`); `nil` when the caller gave no target
    /// for this result.
    ///
    /// - Throws: ``XCallbackError`` for a target that is not a link (`invalidTarget`), whose scheme the policy
    ///   does not allow, or which is the app's own (`schemeNotAllowed`), or a link longer than the policy allows
    ///   (`tooLong`). Nothing is to be opened then.
    public func link(for result: Result, policy: XCallbackPolicy) throws(XCallbackError) -> String? {
        let target: String?
        var items: [QueryItem] = []
        switch result {
        case .success(let values):
            target = success
            items = values
        case .error(let code, let message):
            target = error
            items = [QueryItem(name: "errorCode", value: code), QueryItem(name: "errorMessage", value: message)]
        case .cancel:
            target = cancel
        }
        guard let target else { return nil }
        try policy.check(target)
        let joined: String
        do {
            joined = try LinkEncoding.appending(items, to: target)
        } catch {
            throw XCallbackError(.invalidValue, "a value cannot be carried in a link: \(error.message)")
        }
        guard joined.utf8.count <= policy.maxLinkLength else {
            throw XCallbackError(
                .tooLong, "the callback link would have \(joined.utf8.count) bytes, more than \(policy.maxLinkLength)")
        }
        return joined
    }
}

/// Which callbacks an app makes: the schemes it may call back, and its own, which it does not call unless told.
public struct XCallbackPolicy: Sendable, Hashable {
    /// The schemes a callback target may have (lowercase).
    public var allowedSchemes: Set<String>
    /// The app's own schemes: a callback to one would make the app act on a link it did not choose.
    public var ownSchemes: Set<String>
    /// Whether a callback may target the app's own schemes.
    public var allowsOwnSchemes: Bool
    /// The longest callback link, in bytes.
    public var maxLinkLength: Int

    /// Schemes no callback ever targets, whatever the lists say: they run code or read files.
    public static let forbiddenSchemes: Set<String> = ["javascript", "data", "vbscript", "file", "blob", "about"]

    /// A policy that calls back `allowedSchemes` and never `ownSchemes` unless `allowsOwnSchemes`.
    public init(
        allowedSchemes: Set<String>, ownSchemes: Set<String> = [], allowsOwnSchemes: Bool = false,
        maxLinkLength: Int = RoutingLimits().maxInputLength
    ) {
        self.allowedSchemes = Set(allowedSchemes.map(URLSplitter.lowercasedASCII))
        self.ownSchemes = Set(ownSchemes.map(URLSplitter.lowercasedASCII))
        self.allowsOwnSchemes = allowsOwnSchemes
        self.maxLinkLength = maxLinkLength
    }

    /// Checks a callback target: a link with an allowed scheme, not the app's own, with no control character.
    func check(_ target: String) throws(XCallbackError) {
        guard !LinkEncoding.hasControl(target) else {
            throw XCallbackError(.invalidTarget, "the callback target holds a control character")
        }
        guard let colon = target.firstIndex(of: ":"), case let scheme = String(target[..<colon]),
            URLSplitter.isScheme(scheme)
        else { throw XCallbackError(.invalidTarget, "the callback target is not a link with a scheme") }
        let lowered = URLSplitter.lowercasedASCII(scheme)
        if Self.forbiddenSchemes.contains(lowered) || !allowedSchemes.contains(lowered) {
            throw XCallbackError(.schemeNotAllowed, "callbacks to '\(lowered):' are not allowed")
        }
        if ownSchemes.contains(lowered), !allowsOwnSchemes {
            throw XCallbackError(.schemeNotAllowed, "a callback to the app's own scheme '\(lowered):' is not allowed")
        }
    }
}

/// Why a callback link is not made.
public struct XCallbackError: Error, Sendable, Hashable, CodedDiagnostic {
    /// A stable name for a kind of problem; new ones may be added.
    public typealias Code = StableCode<XCallbackError>

    /// What went wrong.
    public let code: Code
    /// A sentence that says what is wrong.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

}

extension StableCode where Domain == XCallbackError {
    /// The target is not a link, or holds a control character.
    public static var invalidTarget: Self { Self("invalidTarget") }
    /// The target's scheme is forbidden, not listed, or the app's own.
    public static var schemeNotAllowed: Self { Self("schemeNotAllowed") }
    /// A value cannot be carried in a link.
    public static var invalidValue: Self { Self("invalidValue") }
    /// The callback link would be longer than the policy allows.
    public static var tooLong: Self { Self("tooLong") }
}

extension RouteRequest {
    /// The link's x-callback-url parameters (`x-source`, `x-success`, `x-error`, `x-cancel`), or `nil`.
    public var xCallback: XCallback? { XCallback(query) }
}

extension AppLauncher {
    /// Opens the link that answers `result` (``XCallback/link(for:policy:)``) with this launcher.
    ///
    /// ```swift
    /// try await SystemAppLauncher().callBack(callback, with: .success([]), policy: policy)
    /// ```
    ///
    /// - Returns: the link opened, or `nil` when the caller gave no target for this result.
    /// - Throws: ``XCallbackError`` when the policy refuses the target or a value (nothing is opened), or
    ///   ``LaunchError`` when the launch fails.
    @discardableResult
    public func callBack(_ callback: XCallback, with result: XCallback.Result, policy: XCallbackPolicy) async throws
        -> String?
    {
        guard let link = try callback.link(for: result, policy: policy) else { return nil }
        try await open(link)
        return link
    }
}
