import Crypto
import Foundation
import Switchyard
import SwitchyardLinkStore

/// Makes the claim tokens a landing page hands out, and knows them again: 16 random bytes and the first 8 of their
/// HMAC-SHA256 with the slug, under the site's key. The store redirect makes a claim only of a token this site made
/// for that link, so no client can choose a token, or move one to another link.
///
/// The key is in the store (`site_keys`), made by the first process that needs it: every process of a site knows
/// the tokens of the others.
package struct ClaimTokens: Sendable {
    private let key: SymmetricKey

    package init(key: [UInt8]) {
        self.key = SymmetricKey(data: key)
    }

    /// The site's key, from `store`: made of 32 random bytes the first time.
    package static func key(in store: LinkStore) async throws(LinkStoreError) -> [UInt8] {
        let hex = try await store.siteKey(named: "claim-tokens") {
            var generator = SystemRandomNumberGenerator()
            return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        }
        let digits = Array(hex.utf8)
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count - 1, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                throw LinkStoreError(.unreadableRow, "the site's claim key is not hex")
            }
            bytes.append(byte)
        }
        guard bytes.count == 32 else { throw LinkStoreError(.unreadableRow, "the site's claim key is not 32 bytes") }
        return bytes
    }

    /// A new token for a claim of `slug`.
    package func make(for slug: Slug) -> ClaimToken {
        // Two draws of 64 bits from the system's generator (one call each), written out byte by byte.
        var generator = SystemRandomNumberGenerator()
        let (high, low) = (generator.next(), generator.next())
        let random = (0..<16).map { index in UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (8 * (index % 8))) }
        return ClaimToken(bytes: random + tag(random, slug))
    }

    /// Whether this site made `token` for `slug`; the tags are compared in constant time.
    package func made(_ token: ClaimToken, for slug: Slug) -> Bool {
        let bytes = token.bytes
        let expected = tag(Array(bytes.prefix(16)), slug)
        return zip(bytes.dropFirst(16), expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The first 8 bytes of the HMAC-SHA256 of `random`, a zero byte and the slug.
    private func tag(_ random: [UInt8], _ slug: Slug) -> [UInt8] {
        let message = random + [0] + Array(slug.text.utf8)
        return Array(HMAC<SHA256>.authenticationCode(for: message, using: key).prefix(8))
    }
}
