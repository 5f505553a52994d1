/// Why a deferred deep link could not be redeemed.
///
/// ```swift
/// do {
///     _ = try await deferredLinks.open(pasted)
/// } catch where error.code == .offline {
///     showRetry()
/// } catch {
///     showHome()  // not a claim of ours, already used, expired: the app opens as it would have
/// }
/// ```
public struct DeferredLinkError: Error, Sendable, Hashable, CodedDiagnostic {
    /// A stable name for a kind of failure; new ones may be added.
    public typealias Code = StableCode<DeferredLinkError>

    /// What went wrong.
    public let code: Code
    /// What failed, in a sentence.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension StableCode where Domain == DeferredLinkError {
    /// What was pasted is not a claim link of the site: another host, another path, or not a link.
    public static var notClaimLink: Self { Self("notClaimLink") }
    /// A token of the wrong length or with a character outside its alphabet.
    public static var invalidToken: Self { Self("invalidToken") }
    /// The site has no claim of this token (404).
    public static var unknownClaim: Self { Self("unknownClaim") }
    /// The claim was redeemed before: a claim opens the app once (409).
    public static var alreadyRedeemed: Self { Self("alreadyRedeemed") }
    /// The claim expired before it was redeemed (410).
    public static var expired: Self { Self("expired") }
    /// The claim's short link was deleted, disabled or expired since (410).
    public static var linkGone: Self { Self("linkGone") }
    /// The site could not be reached, or answered 5xx: the claim is still open, and may be redeemed later.
    public static var offline: Self { Self("offline") }
    /// The site answered with another status, or a body that is not a redeemed claim.
    public static var invalidResponse: Self { Self("invalidResponse") }
    /// The claim's target is neither a link the app routes nor a web link on a host it names: never followed.
    public static var untrustedTarget: Self { Self("untrustedTarget") }
}
