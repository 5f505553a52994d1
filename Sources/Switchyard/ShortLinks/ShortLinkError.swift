/// Why a short link could not be read or resolved.
///
/// ```swift
/// do {
///     let target = try await resolver.resolve("https://go.example.com/s/spring")
///     await router.route(target.link, origin: .universalLink)
/// } catch where error.code == .offline {
///     showRetry()
/// }
/// ```
public struct ShortLinkError: Error, Sendable, Hashable, CodedDiagnostic {
    /// A stable name for a kind of failure; new ones may be added.
    public typealias Code = StableCode<ShortLinkError>

    /// What went wrong.
    public let code: Code
    /// What failed, in a sentence.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension StableCode where Domain == ShortLinkError {
    /// A slug with a character that is not allowed, or of the wrong length.
    public static var invalidSlug: Self { Self("invalidSlug") }
    /// A site's host or prefix that cannot hold short links.
    public static var invalidSite: Self { Self("invalidSite") }
    /// A link that is not one of the site's short links.
    public static var notShortLink: Self { Self("notShortLink") }
    /// The site knows no link of this slug (404).
    public static var unknownSlug: Self { Self("unknownSlug") }
    /// The link expired or was disabled (410).
    public static var gone: Self { Self("gone") }
    /// The site could not be reached, and no earlier answer is cached.
    public static var offline: Self { Self("offline") }
    /// The site answered with another status, or a body that is not a short link.
    public static var invalidResponse: Self { Self("invalidResponse") }
    /// The site's target is a link the app's router does not route: never followed.
    public static var untrustedTarget: Self { Self("untrustedTarget") }
}
