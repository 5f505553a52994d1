import Crypto
import Foundation
import SwitchyardLinkStore

/// The console's sessions: a person signs in once with an admin token, and the browser keeps a cookie that names
/// the session.
///
/// The cookie's value is 256 random bits; the store keeps its SHA-256, never the value, with the token's id, a form
/// token (every form of the session carries it) and two times. A session ends when it is signed out, when it was
/// not used for ``idleTimeout``, when it began more than ``lifetime`` ago, and when its token is revoked.
package final class ConsoleSessions: Sendable {
    static let cookieName = "switchyard_session"
    /// How long a session lasts unused.
    let idleTimeout: Duration
    /// How long a session lasts at most, however used.
    let lifetime: Duration
    private let store: LinkStore
    private let tokens: AdminTokens

    /// A session in use.
    struct Session: Sendable, Equatable {
        let idHash: String
        let tokenID: String
        let formToken: String
    }

    init(store: LinkStore, tokens: AdminTokens, idleTimeout: Duration, lifetime: Duration) {
        self.store = store
        self.tokens = tokens
        self.idleTimeout = idleTimeout
        self.lifetime = lifetime
    }

    enum SignIn: Equatable {
        /// The cookie's value.
        case opened(String)
        case refused
        case unavailable
    }

    /// Opens a session for the admin token `text`, at `now`.
    func signIn(token text: String, now: Date) async -> SignIn {
        guard text.utf8.count <= 100 else { return .refused }
        switch await tokens.verify(authorization: "Bearer " + text) {
        case .valid(let id):
            let identifier = Self.randomIdentifier()
            let session = StoredSession(
                tokenID: id, formToken: Self.randomIdentifier(), createdAt: now, lastSeenAt: now)
            do {
                try await store.createSession(idHash: AdminTokens.hash(identifier), session)
                // The sessions that ended by time go now, a statement a sign-in, rather than on a timer.
                await purge(now: now)
                return .opened(identifier)
            } catch {
                return .unavailable
            }
        case .missing, .invalid: return .refused
        case .unavailable: return .unavailable
        }
    }

    enum Lookup: Equatable {
        case valid(Session)
        /// No cookie of a session.
        case missing
        /// A cookie of a session that ended, or never was.
        case ended
        case unavailable
    }

    /// The session a request's `Cookie` header names, at `now`.
    func session(cookieHeader: String?, now: Date) async -> Lookup {
        guard let identifier = Self.cookieValue(in: cookieHeader) else { return .missing }
        // 43 characters of base64url: anything else was never a session's.
        guard identifier.utf8.count == 43 else { return .ended }
        let idHash = AdminTokens.hash(identifier)
        do {
            guard let stored = try await store.session(idHash: idHash) else { return .ended }
            let idle = now.timeIntervalSince(stored.lastSeenAt)
            let age = now.timeIntervalSince(stored.createdAt)
            guard idle <= Self.seconds(idleTimeout), age <= Self.seconds(lifetime) else {
                _ = try? await store.deleteSession(idHash: idHash)
                return .ended
            }
            // The last use is written at most once a minute (or a tenth of the idle time), not at every request.
            if idle > min(60, Self.seconds(idleTimeout) / 10) { try await store.touchSession(idHash: idHash, at: now) }
            return .valid(Session(idHash: idHash, tokenID: stored.tokenID, formToken: stored.formToken))
        } catch {
            return .unavailable
        }
    }

    /// Ends `session`.
    func signOut(_ session: Session) async throws(LinkStoreError) {
        _ = try await store.deleteSession(idHash: session.idHash)
    }

    /// Deletes the sessions that ended by time, as of `now`.
    func purge(now: Date) async {
        try? await store.deleteSessions(
            lastSeenBefore: now.addingTimeInterval(-Self.seconds(idleTimeout)),
            createdBefore: now.addingTimeInterval(-Self.seconds(lifetime)))
    }

    /// The `Set-Cookie` of a session opened: for the console's paths only, out of scripts' reach, never sent with
    /// a request another site starts, and over https only when the site is served over https.
    func setCookie(_ identifier: String, secure: Bool) -> String {
        "\(Self.cookieName)=\(identifier); Path=/admin; Max-Age=\(Int(Self.seconds(lifetime))); HttpOnly; "
            + "SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` that makes the browser forget the session.
    static func clearCookie(secure: Bool) -> String {
        "\(cookieName)=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The session cookie's value in a `Cookie` header (`a=1; switchyard_session=…`).
    static func cookieValue(in header: String?) -> String? {
        guard let header, header.utf8.count <= 8_192 else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// 256 random bits in base64url, without padding: 43 characters.
    static func randomIdentifier() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
