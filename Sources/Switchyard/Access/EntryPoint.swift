/// A way into the app other than a URL opened directly: a notification, a Home Screen quick action, a Spotlight
/// result or a Handoff, an App Intent or a widget. Each becomes a link the router routes, with its origin and its
/// context (the rest of what it carried), by the rules below, which live here so that they are tested on every
/// platform; `SwitchyardUI` turns Apple's types into these.
///
/// ```swift
/// let entry = try EntryPoint.notification(payload: ["link": "myapp://orders/7", "orderState": "shipped"]).link()
/// let outcome = await router.route(entry)   // origin .notification, context NotificationPayload
/// ```
///
/// A struct with static members, not an enum: a later release may add an entry point (a Live Activity, a Control),
/// and a `switch` in an app must not break when it does.
public struct EntryPoint: Sendable, Hashable {
    /// What this release knows an entry point to carry; ``link(linkKey:shortcuts:)`` switches over it.
    private enum Carried: Sendable, Hashable {
        case notification(payload: [String: String])
        case shortcut(type: String, userInfo: [String: String])
        case userActivity(type: String, webpageURL: String?, identifier: String?, userInfo: [String: String])
        case intent(url: String)
    }

    private let carried: Carried

    private init(_ carried: Carried) { self.carried = carried }

    /// A notification's payload, its values as text: the link under a key (`link` by default), the rest as context.
    public static func notification(payload: [String: String]) -> EntryPoint {
        EntryPoint(.notification(payload: payload))
    }

    /// A quick action: its type, and its user info as text. The link is the user info's `link`, else the one the
    /// app maps the type to.
    public static func shortcut(type: String, userInfo: [String: String]) -> EntryPoint {
        EntryPoint(.shortcut(type: type, userInfo: userInfo))
    }

    /// A user activity: a universal link continued by Handoff (its web page URL), or a Spotlight result whose
    /// identifier is the link the app indexed, or an activity whose user info holds a `link`.
    public static func userActivity(
        type: String, webpageURL: String?, identifier: String?, userInfo: [String: String]
    ) -> EntryPoint {
        EntryPoint(.userActivity(type: type, webpageURL: webpageURL, identifier: identifier, userInfo: userInfo))
    }

    /// An App Intent's URL (`OpenURLIntent`) or a widget's.
    public static func intent(url: String) -> EntryPoint {
        EntryPoint(.intent(url: url))
    }

    /// The most values an entry point's context may hold, so that a hostile payload costs a bounded amount.
    public static let maxContextValues = 256
    /// The most bytes an entry point's context's names and values may add up to.
    public static let maxContextBytes = 64 * 1024

    /// The link to route, with its origin and context.
    ///
    /// - Parameters:
    ///   - linkKey: the key of a notification's or user info's link.
    ///   - shortcuts: the links of quick-action types that carry none in their user info.
    /// - Throws: ``EntryPointError`` when there is no link (`missingLink`), it is empty or longer than the router
    ///   takes (`invalidLink`), or the context is larger than the bounds above (`contextTooLarge`).
    public func link(linkKey: String = "link", shortcuts: [String: String] = [:]) throws(EntryPointError) -> EntryLink {
        switch carried {
        case .notification(let payload):
            try Self.checkSize(payload)
            guard let link = payload[linkKey] else {
                throw EntryPointError(.missingLink, "the notification's payload has no '\(linkKey)'")
            }
            var rest = payload
            rest[linkKey] = nil
            return try EntryLink(link, origin: .notification, context: NotificationPayload(values: rest))
        case .shortcut(let type, let userInfo):
            try Self.checkSize(userInfo)
            guard let link = userInfo[linkKey] ?? shortcuts[type] else {
                throw EntryPointError(
                    .missingLink, "the quick action '\(type)' has no link, in its user info or mapped")
            }
            return try EntryLink(link, origin: .shortcut, context: ShortcutItem(type: type, userInfo: userInfo))
        case .userActivity(let type, let webpageURL, let identifier, let userInfo):
            try Self.checkSize(userInfo)
            guard let link = webpageURL ?? userInfo[linkKey] ?? identifier else {
                throw EntryPointError(.missingLink, "the user activity '\(type)' has no web page, link or identifier")
            }
            // Only the system hands an app a web page URL of its own domains: a verified universal link.
            let origin: LinkOrigin = webpageURL != nil ? .universalLink : .userActivity
            return try EntryLink(
                link, origin: origin,
                context: UserActivityContext(type: type, identifier: identifier, userInfo: userInfo))
        case .intent(let url):
            return try EntryLink(url, origin: .intent, context: nil)
        }
    }

    private static func checkSize(_ values: [String: String]) throws(EntryPointError) {
        let bytes = values.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        guard values.count <= maxContextValues, bytes <= maxContextBytes else {
            throw EntryPointError(
                .contextTooLarge,
                "the entry point carries \(values.count) values, \(bytes) bytes; at most \(maxContextValues) values, "
                    + "\(maxContextBytes) bytes")
        }
    }
}

/// A link from an ``EntryPoint``: what to route, where it came from, and the rest of what it carried.
public struct EntryLink: Sendable {
    /// The link.
    public let url: String
    /// Where it came from.
    public let origin: LinkOrigin
    /// The rest of what the entry point carried (``NotificationPayload``, ``ShortcutItem``,
    /// ``UserActivityContext``), for handlers that take it as their typed context.
    public let context: (any Sendable)?

    /// The most bytes a link from an entry point may have: ``RoutingLimits``' default input length.
    public static let maxLength = RoutingLimits().maxInputLength

    init(_ url: String, origin: LinkOrigin, context: (any Sendable)?) throws(EntryPointError) {
        guard !url.isEmpty, url.utf8.count <= Self.maxLength else {
            throw EntryPointError(.invalidLink, "the link is empty or longer than \(Self.maxLength) bytes")
        }
        self.url = url
        self.origin = origin
        self.context = context
    }
}

/// A notification's payload, but its link: a typed context for handlers (`router.map(_:context:)`).
public struct NotificationPayload: Sendable, Hashable {
    /// The payload's values, as text.
    public let values: [String: String]
}

/// A quick action's type and user info: a typed context for handlers.
public struct ShortcutItem: Sendable, Hashable {
    /// The action's type, as the app declared it.
    public let type: String
    /// Its user info, as text.
    public let userInfo: [String: String]
}

/// A user activity's type, Spotlight identifier and user info: a typed context for handlers.
public struct UserActivityContext: Sendable, Hashable {
    /// The activity type (`NSUserActivityTypeBrowsingWeb`, `CSSearchableItemActionType`, the app's own).
    public let type: String
    /// The Spotlight item's identifier, when it is a Spotlight result.
    public let identifier: String?
    /// Its user info, as text.
    public let userInfo: [String: String]
}

/// Why an entry point gives no link.
public struct EntryPointError: Error, Sendable, Hashable, CodedDiagnostic {
    /// A stable name for a kind of problem; new ones may be added.
    public typealias Code = StableCode<EntryPointError>

    /// What went wrong.
    public let code: Code
    /// A sentence that says what is wrong.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

}

extension StableCode where Domain == EntryPointError {
    /// The entry point carries no link.
    public static var missingLink: Self { Self("missingLink") }
    /// Its link is empty or too long.
    public static var invalidLink: Self { Self("invalidLink") }
    /// Its context is larger than ``EntryPoint/maxContextValues`` or ``EntryPoint/maxContextBytes``.
    public static var contextTooLarge: Self { Self("contextTooLarge") }
}

extension Router {
    /// Routes a link from an entry point, with its origin and its context.
    ///
    /// ```swift
    /// let outcome = await router.route(try EntryPoint.intent(url: url.absoluteString).link())
    /// ```
    public func route(_ entry: EntryLink) async -> RouteOutcome {
        await route(entry.url, origin: entry.origin, context: entry.context)
    }
}
