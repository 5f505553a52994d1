import Crypto
import Foundation
import Switchyard
import SwitchyardLinkStore

/// The bearer tokens of the admin API: `sy_` + an 8-character id + `_` + a 32-character secret, from ASCII letters
/// and digits (the secret holds 190 bits).
///
/// The store keeps the id, a name and the SHA-256 of the secret, never the secret: the CLI shows a new token once.
/// A request's token is found by its id, and its secret's hash compared with the stored one in constant time. The
/// tokens are read from the store at most every `freshFor`, so a revoked token stops working within that time.
package final class AdminTokens: Sendable {
    let freshFor: Duration
    private let store: LinkStore
    private let clock = ContinuousClock()
    private let state = Locked<(tokens: [String: StoredToken], readAt: ContinuousClock.Instant?)>(
        ([:], nil))

    init(store: LinkStore, freshFor: Duration = .seconds(5)) {
        self.store = store
        self.freshFor = freshFor
    }

    enum Verdict: Equatable {
        /// The token's id.
        case valid(String)
        case missing
        case invalid
        case unavailable
    }

    /// Whether `authorization` (an `Authorization` header) holds a token that is valid now: `Bearer TOKEN`, or,
    /// where `allowsBasic` (the stats pages, whose browser prompt sends it), `Basic` with the token as the password
    /// (the user name is ignored). The admin API takes `Bearer` only: a `Basic` header there is not a token.
    func verify(authorization: String?, allowsBasic: Bool = false) async -> Verdict {
        guard let authorization else { return .missing }
        guard authorization.utf8.count <= 200, let token = Self.token(in: authorization, allowsBasic: allowsBasic),
            let (id, secret) = Self.parts(of: token)
        else { return .invalid }
        let tokens: [String: StoredToken]
        do {
            tokens = try await current()
        } catch {
            return .unavailable
        }
        // A token of an unknown id is still hashed and compared, so that both answers take alike long.
        let stored = tokens[id]
        let matches = Self.constantTimeEqual(Self.hash(secret), stored?.hash ?? String(repeating: "0", count: 64))
        guard matches, let stored, stored.revokedAt == nil else { return .invalid }
        return .valid(stored.id)
    }

    /// A new token named `name`: what to show once, and what to store.
    package static func make(name: String, at now: Date) -> (token: String, stored: StoredToken) {
        let id = Slug.random(length: 8).text
        let secret = Slug.random(length: 32).text
        return ("sy_\(id)_\(secret)", StoredToken(id: id, name: name, hash: hash(secret), createdAt: now))
    }

    /// The token of a `Bearer` header, or of a `Basic` one where `allowsBasic`.
    static func token(in authorization: String, allowsBasic: Bool) -> String? {
        if authorization.hasPrefix("Bearer ") { return String(authorization.dropFirst("Bearer ".count)) }
        guard allowsBasic, authorization.hasPrefix("Basic "),
            let decoded = Data(base64Encoded: String(authorization.dropFirst("Basic ".count))),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { return nil }
        return String(pair[pair.index(after: colon)...])
    }

    /// The id and secret of a token, when it has the shape of one.
    static func parts(of token: String) -> (id: String, secret: String)? {
        let pieces = token.split(separator: "_", omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0] == "sy", pieces[1].utf8.count == 8, pieces[2].utf8.count == 32,
            (pieces[1] + pieces[2]).utf8.allSatisfy({ byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            })
        else { return nil }
        return (String(pieces[1]), String(pieces[2]))
    }

    static func hash(_ secret: String) -> String {
        SHA256.hash(data: Array(secret.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether `a` and `b` are equal, in a time that depends on their lengths only.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (left, right) = (Array(a.utf8), Array(b.utf8))
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// The tokens, read again from the store when the last read is older than `freshFor`.
    private func current() async throws(LinkStoreError) -> [String: StoredToken] {
        let now = clock.now
        let (tokens, readAt) = state.withLock { $0 }
        if let readAt, now - readAt < freshFor { return tokens }
        let read = try await store.tokens()
        let byID = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        state.withLock { $0 = (byID, now) }
        return byID
    }
}
