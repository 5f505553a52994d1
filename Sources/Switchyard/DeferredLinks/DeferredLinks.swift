#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens the link someone tapped before they had the app: a claim link they pasted on the first launch
/// (`https://go.example.com/c/TOKEN`), or a token the Play Store passed on, redeemed once at the site and routed
/// with the origin ``LinkOrigin/deferred``, so that the routes' origin rules apply to it.
///
/// Nothing is inferred: the claim's token is the only thing sent, and only what the person pasted (or the install
/// referrer) names a claim. Every decision is here, tested on Linux; the paste control in `SwitchyardUI` only hands
/// over what was pasted.
///
/// ```swift
/// let deferred = DeferredLinks(site: try ShortLinkSite(host: "go.shop.example.com", prefix: "/s"), router: router)
/// if DeferredLinks.shouldOfferPaste(isFirstLaunch: true, clipboardMayHoldWebURL: probableWebURL) {
///     // show the paste control; when the person pastes:
///     switch try await deferred.open(pastedText) {
///     case .routed(let outcome): navigation.open(outcome)
///     case .web(let link): openURL(link)
///     }
/// }
/// ```
///
/// A target is followed only when it is safe, as ``ShortLinkResolver`` decides: a link the router routes, or an
/// `https` link on one of ``webHosts``. Anything else the site answers is `untrustedTarget`.
public struct DeferredLinks: Sendable {
    /// A claim the site redeemed: the short link it was made for, and that link's target.
    public struct Redeemed: Sendable, Hashable {
        /// The claim's token.
        public let token: ClaimToken
        /// The short link's slug.
        public let slug: Slug
        /// The target to open, for the platform that asked.
        public let target: String
        /// Whether the app's router routes the target; otherwise it is a web link on one of ``webHosts``.
        public let opensInApp: Bool
    }

    /// What opening a claim did.
    public enum Opening: Sendable {
        /// The target was routed with the origin ``LinkOrigin/deferred``.
        case routed(RouteOutcome)
        /// The target is a web link on a host the app names, for the browser.
        case web(String)
    }

    /// The platform whose target a claim opens: a link may have one of its own for each.
    ///
    /// A struct with static members, not an enum: the site may learn platforms in a later release, and a `switch`
    /// in an app must not break when it does.
    public struct Platform: Sendable, Hashable, CustomStringConvertible {
        /// The platform's name, as the site's claim endpoint reads it (`ios`, `android`).
        public let name: String

        private init(_ name: String) { self.name = name }

        /// An iPhone or iPad app: the site answers the link's `ios` target, else its target.
        public static let ios = Platform("ios")
        /// An Android app: the site answers the link's `android` target, else its target.
        public static let android = Platform("android")

        /// The name.
        public var description: String { name }
    }

    /// The most bytes of an answer read as JSON.
    public static let maxAnswerSize = SiteAnswers.maxSize

    /// The site whose claims this redeems.
    public let site: ShortLinkSite
    /// Hosts whose web links a target may be without being routed.
    public let webHosts: Set<String>
    /// The platform the site is told, which picks a link's per-platform target.
    public let platform: Platform
    private let router: Router
    private let transport: any ClaimTransport

    /// Redeems `site`'s claims through `transport`; `router` routes what they open.
    ///
    /// - Parameters:
    ///   - site: the site that made the claims.
    ///   - router: the app's router: a target it routes opens in the app.
    ///   - webHosts: hosts whose `https` links a target may be when the router does not route it.
    ///   - platform: ``Platform/ios`` (the default) or ``Platform/android``; the site answers that platform's
    ///     target.
    ///   - transport: how the site is asked (`URLSessionTransport` on Apple platforms).
    public init(
        site: ShortLinkSite, router: Router, webHosts: Set<String> = [], platform: Platform = .ios,
        transport: any ClaimTransport
    ) {
        self.site = site
        self.router = router
        self.webHosts = Set(webHosts.map(HostName.allowedForm))
        self.platform = platform
        self.transport = transport
    }

    /// Whether to offer the paste control: on the first launch only, and not when the system says the clipboard holds
    /// no web link (`nil`: it could not tell, so offer). Asking the system this shows no prompt.
    public static func shouldOfferPaste(isFirstLaunch: Bool, clipboardMayHoldWebURL: Bool?) -> Bool {
        isFirstLaunch && clipboardMayHoldWebURL != false
    }

    /// Redeems the claim link `pasted` at the site, once, and routes its target with the origin
    /// ``LinkOrigin/deferred`` (a web target is returned for the browser).
    /// - Throws: ``DeferredLinkError``, as ``redeem(_:)-(String)`` does; nothing is routed then.
    public func open(_ pasted: String, context: (any Sendable)? = nil) async throws(DeferredLinkError) -> Opening {
        try await open(site.claimToken(of: pasted), context: context)
    }

    /// Redeems the claim of `token` (the Play Store's install referrer gives it on Android) and routes its target
    /// with the origin ``LinkOrigin/deferred``.
    /// - Throws: ``DeferredLinkError``, as ``redeem(_:)-(String)`` does; nothing is routed then.
    public func open(_ token: ClaimToken, context: (any Sendable)? = nil) async throws(DeferredLinkError) -> Opening {
        let redeemed = try await redeem(token)
        guard redeemed.opensInApp else { return .web(redeemed.target) }
        return .routed(await router.route(redeemed.target, origin: .deferred, context: context))
    }

    /// Redeems the claim link `pasted` at the site: checked first to be the site's claim link with a token of the
    /// right shape, so that nothing else is sent.
    /// - Throws: ``DeferredLinkError``: `notClaimLink` or `invalidToken` for what was pasted; `unknownClaim`,
    ///   `alreadyRedeemed`, `expired`, `linkGone`, `invalidResponse` or `untrustedTarget` for the site's answer;
    ///   `offline` when the site cannot answer (the claim stays open).
    public func redeem(_ pasted: String) async throws(DeferredLinkError) -> Redeemed {
        try await redeem(site.claimToken(of: pasted))
    }

    /// Redeems the claim of `token` at the site.
    /// - Throws: ``DeferredLinkError``, as ``redeem(_:)-(String)`` does.
    public func redeem(_ token: ClaimToken) async throws(DeferredLinkError) -> Redeemed {
        let request = Array(#"{"platform":"\#(platform.name)","token":"\#(token.text)"}"#.utf8)
        let answer: (status: Int, body: [UInt8])
        do {
            answer = try await transport.post(site.redeemAddress, json: request)
        } catch {
            throw DeferredLinkError(.offline, "the site could not be reached: \(error)")
        }
        switch answer.status {
        case 200: return try redeemed(answer.body, token: token)
        case 404: throw DeferredLinkError(.unknownClaim, "\(site.host) has no claim of this token")
        case 409: throw DeferredLinkError(.alreadyRedeemed, "this claim was redeemed before")
        case 410 where Self.errorCode(of: answer.body) == "linkGone":
            throw DeferredLinkError(.linkGone, "the claim's link was deleted, disabled or has expired")
        case 410: throw DeferredLinkError(.expired, "the claim expired before it was redeemed")
        case 429, 500...599: throw DeferredLinkError(.offline, "the site answered \(answer.status); try again later")
        default: throw DeferredLinkError(.invalidResponse, "the site answered \(answer.status) to a redemption")
        }
    }

    /// The claim a `200` answer redeemed, if its target is one the app may follow.
    private func redeemed(_ body: [UInt8], token: ClaimToken) throws(DeferredLinkError) -> Redeemed {
        guard let answer = SiteAnswers.decode(SiteAnswers.RedeemedClaim.self, from: body),
            let slug = try? Slug(answer.slug)
        else { throw DeferredLinkError(.invalidResponse, "the site's answer is not a redeemed claim's JSON") }
        if let opensInApp = ShortLinkResolver.follows(answer.target, router: router, webHosts: webHosts) {
            return Redeemed(token: token, slug: slug, target: answer.target, opensInApp: opensInApp)
        }
        throw DeferredLinkError(
            .untrustedTarget,
            "the target \(Excerpt.short(answer.target)) is neither a link the app routes nor on a web host it names")
    }

    /// The `error.code` of an error answer, when it has one.
    private static func errorCode(of body: [UInt8]) -> String? {
        SiteAnswers.decode(SiteAnswers.Failure.self, from: body)?.error.code
    }
}
