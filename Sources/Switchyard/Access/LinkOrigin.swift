/// Where a routed link came from: a verified universal link, a custom scheme (which any app can claim), a tap
/// inside the app, a notification, a Home Screen quick action, a user activity (Spotlight, Handoff), an intent or a
/// widget, a claim redeemed after an install, or an origin the app names.
///
/// ```swift
/// await router.route(url, origin: .customScheme)
/// try router.add("/account/delete", access: RouteAccess(origins: [.universalLink, .inApp], confirms: true))
/// ```
///
/// A struct with static members, not an enum: origins may be added in a later release, and an app names its own
/// with ``init(named:)``.
public struct LinkOrigin: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The origin's stable name, as route files and the command-line tool write it.
    public let name: String

    /// An origin the app names (`LinkOrigin(named: "watch")`); the names of the built-in origins stand for them.
    public init(named name: String) { self.name = name }

    /// A universal link (App Link) that the system verified against the site's association file.
    public static let universalLink = LinkOrigin(named: "universalLink")
    /// A link in the app's custom scheme: any installed app can claim the scheme and send it.
    public static let customScheme = LinkOrigin(named: "customScheme")
    /// A link the app routes itself: a button, a menu.
    public static let inApp = LinkOrigin(named: "inApp")
    /// A push or local notification the person opened.
    public static let notification = LinkOrigin(named: "notification")
    /// A Home Screen quick action.
    public static let shortcut = LinkOrigin(named: "shortcut")
    /// A user activity: a Spotlight result or a Handoff.
    public static let userActivity = LinkOrigin(named: "userActivity")
    /// An App Intent (`OpenURLIntent`) or a widget.
    public static let intent = LinkOrigin(named: "intent")
    /// A deferred deep link: a claim redeemed on the first launch after an install.
    public static let deferred = LinkOrigin(named: "deferred")

    /// The built-in origins, in the order above.
    public static let builtIn: [LinkOrigin] = [
        .universalLink, .customScheme, .inApp, .notification, .shortcut, .userActivity, .intent, .deferred,
    ]

    /// The origin of a URL the system opened the app with (`onOpenURL`, a scene's URL contexts): a web URL reaches
    /// an app only as a universal link the system verified, any other scheme is a custom scheme.
    ///
    /// ```swift
    /// LinkOrigin.ofOpenedURL("https://shop.example.com/product/7")  // .universalLink
    /// LinkOrigin.ofOpenedURL("myapp://product/7")                   // .customScheme
    /// ```
    public static func ofOpenedURL(_ url: String) -> LinkOrigin {
        let scheme = url.prefix { $0 != ":" }
        return scheme.lowercased() == "https" || scheme.lowercased() == "http" ? .universalLink : .customScheme
    }

    /// Whether the link came from inside the app: only ``inApp`` did.
    public var isInsideApp: Bool { self == .inApp }

    /// The name.
    public var description: String { name }

    /// Decodes the name alone (`"customScheme"`).
    public init(from decoder: any Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the name alone.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
