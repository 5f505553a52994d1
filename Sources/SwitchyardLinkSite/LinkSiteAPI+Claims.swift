import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer

/// The API of deferred links' claims: the app's redemption, public, and a link's claims, for the admin.
extension LinkSiteAPI {
    /// `POST /api/claims/redeem` with `{"token": "…", "platform": "ios"}`: the app's first open after an install.
    /// A token opens its link once; the answer says why it does not (404 unknown, 409 redeemed before, 410 expired or
    /// its link gone). Rate-limited per address, like every request without a token.
    func redeem(_ body: [UInt8], contentType: String?, now: Date) async -> SiteResponse {
        guard Self.isJSON(contentType) else {
            return Self.error(415, "unsupportedMediaType", "send the claim as Content-Type: application/json")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            return Self.error(400, "invalidJSON", "the body is a JSON object")
        }
        if let unknown = object.keys.filter({ $0 != "token" && $0 != "platform" }).sorted().first {
            return Self.error(400, "unknownKey", "\(Excerpt.short(unknown)) is not a field of a redemption")
        }
        let platform = object["platform"] as? String ?? "ios"
        guard object["platform"] == nil || ["ios", "android"].contains(platform) else {
            return Self.error(400, "invalidValue", "platform is ios or android")
        }
        guard let text = object["token"] as? String, let token = try? ClaimToken(text) else {
            return Self.error(400, "invalidToken", "token is the \(ClaimToken.length) characters of a claim link")
        }
        guard service.claims != nil else { return Self.error(404, "unknownClaim", "this site makes no claims") }
        let redemption: Redemption
        do {
            redemption = try await service.redeem(token, at: now)
        } catch {
            return Self.error(503, "unavailable", "the store cannot answer; try again shortly")
        }
        switch redemption {
        case .redeemed(let claim, let link):
            struct Answer: Encodable {
                let token: String
                let slug: String
                let link: String
                let target: String
                let createdAt: Date
                let redeemedAt: Date
            }
            let target = (platform == "android" ? link.android : link.ios) ?? link.target
            return Self.json(
                200,
                Answer(
                    token: token.text, slug: claim.slug.text, link: service.shortLinks.link(for: claim.slug),
                    target: target, createdAt: claim.createdAt, redeemedAt: claim.redeemedAt ?? now))
        case .unknown:
            return Self.error(404, "unknownClaim", "no claim has this token")
        case .alreadyRedeemed:
            return Self.error(409, "alreadyRedeemed", "this claim was redeemed before; a claim opens the app once")
        case .expired:
            return Self.error(410, "expired", "this claim expired before it was redeemed")
        case .linkGone:
            return Self.error(410, "linkGone", "the claim's link was deleted, disabled or has expired")
        }
    }

    /// A page of `slug`'s claims, newest first: `state` (`open`, `redeemed`, `expired`) picks one kind. A claim is
    /// named by the first 8 characters of its token: the whole token would open the link, so it is never listed.
    func claims(of slug: Slug, _ query: [String: String], now: Date) async throws(LinkStoreError)
        -> SiteResponse
    {
        var limit = 50
        if let text = query["limit"] {
            guard let value = Int(text), (1...Self.maxPageSize).contains(value) else {
                return Self.error(400, "invalidValue", "limit is a number from 1 to \(Self.maxPageSize)")
            }
            limit = value
        }
        var state: Claim.State?
        if let text = query["state"] {
            guard let value = Claim.State(rawValue: text) else {
                return Self.error(400, "invalidValue", "state is open, redeemed or expired")
            }
            state = value
        }
        var cursor: Date?
        if let text = query["before"] {
            guard let value = Int64(text), value > 0 else {
                return Self.error(400, "invalidValue", "before is the next value of the previous page")
            }
            cursor = StoredTime.date(milliseconds: value)
        }
        guard try await service.store.link(slug) != nil else { return Self.error(404, "notFound", "no such link") }
        struct Listed: Encodable {
            let id: String
            let state: Claim.State
            let createdAt: Date
            let expiresAt: Date
            let redeemedAt: Date?
        }
        struct Page: Encodable {
            let claims: [Listed]
            /// The `before` of the next page; `nil` on the last.
            let next: String?
        }
        // A page is read whole, then filtered by state: the filter may leave it short, never skips a claim.
        let page = try await service.store.claims(of: slug, before: cursor, limit: limit)
        let listed = page.filter { state == nil || $0.state(at: now) == state }.map { claim in
            Listed(
                id: String(claim.token.text.prefix(8)), state: claim.state(at: now), createdAt: claim.createdAt,
                expiresAt: claim.expiresAt, redeemedAt: claim.redeemedAt)
        }
        let next = page.count == limit ? page.last.map { String(StoredTime.milliseconds($0.createdAt)) } : nil
        return Self.json(200, Page(claims: listed, next: next))
    }
}
