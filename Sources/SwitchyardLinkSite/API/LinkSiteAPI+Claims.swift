import Foundation
import Switchyard
import SwitchyardLinkAPI
import SwitchyardLinkStore

/// The API of deferred links' claims: the app's redemption, public, and a link's claims, for the admin.
extension LinkSiteAPI {
    /// The app's first open after an install: a token opens its link once; the answer says why it does not (404
    /// unknown, 409 redeemed before, 410 expired or its link gone).
    func redeemClaim(_ input: Operations.RedeemClaim.Input) async throws -> Operations.RedeemClaim.Output {
        guard case .json(let body) = input.body, let token = try? ClaimToken(body.token) else {
            throw APIFailure(
                .badRequest, "invalidToken", "token is the \(ClaimToken.length) characters of a claim link")
        }
        guard service.claims != nil else { throw APIFailure(.notFound, "unknownClaim", "this site makes no claims") }
        let now = Date()
        let redemption: Redemption
        do {
            redemption = try await service.redeem(token, at: now)
        } catch {
            throw APIFailure.unavailable
        }
        switch redemption {
        case .redeemed(let claim, let link):
            let target = (body.platform == .android ? link.android : link.ios) ?? link.target
            return .ok(
                .init(
                    body: .json(
                        .init(
                            token: token.text, slug: claim.slug.text, link: service.shortLinks.link(for: claim.slug),
                            target: target, createdAt: claim.createdAt, redeemedAt: claim.redeemedAt ?? now))))
        case .unknown:
            throw APIFailure(.notFound, "unknownClaim", "no claim has this token")
        case .alreadyRedeemed:
            throw APIFailure(.conflict, "alreadyRedeemed", "this claim was redeemed before; a claim opens the app once")
        case .expired:
            throw APIFailure(.gone, "expired", "this claim expired before it was redeemed")
        case .linkGone:
            throw APIFailure(.gone, "linkGone", "the claim's link was deleted, disabled or has expired")
        }
    }

    /// A page of a link's claims, newest first; `state` picks one kind. A claim is named by the first 8 characters
    /// of its token: the whole token would open the link, so it is never listed.
    func listClaims(_ input: Operations.ListClaims.Input) async throws -> Operations.ListClaims.Output {
        let limit = try Self.pageSize(input.query.limit)
        let cursor = try input.query.before.map { text in
            guard let value = Int64(text), value >= 0 else {
                throw APIFailure.invalidValue("before is the next value of the previous page")
            }
            return StoredTime.date(milliseconds: value)
        }
        let state = input.query.state.flatMap { Claim.State(rawValue: $0.rawValue) }
        let slug = try await storedLink(input.path.slug).link.slug
        let now = Date()
        // A page is read whole, then filtered by state: the filter may leave it short, never skips a claim.
        let page = try await service.store.claims(of: slug, before: cursor, limit: limit)
        let listed = page.filter { state == nil || $0.state(at: now) == state }.map { claim in
            Components.Schemas.ListedClaim(
                id: String(claim.token.text.prefix(8)), state: .init(claim.state(at: now)), createdAt: claim.createdAt,
                expiresAt: claim.expiresAt, redeemedAt: claim.redeemedAt)
        }
        let next = page.count == limit ? page.last.map { String(StoredTime.milliseconds($0.createdAt)) } : nil
        return .ok(.init(body: .json(.init(claims: listed, next: next))))
    }
}

extension Components.Schemas.ListedClaim.StatePayload {
    /// The document's name of a claim's state.
    init(_ state: Claim.State) {
        switch state {
        case .open: self = .open
        case .redeemed: self = .redeemed
        case .expired: self = .expired
        }
    }
}
