import Foundation
import NIOCore
import SwitchyardSiteCheck
import Testing

/// A fetch ends within its timeout however slowly the body comes, and reads no more than the platforms do: at the
/// limit, or at the timeout, the client closes its connection instead of draining the rest.
///
/// Whether the connection is closed is read from the kernel's socket table (`/proc/net/tcp`), not from the server:
/// a server's writes to a peer that has closed do not always fail, so what it counts says nothing.
@Suite("verify-site: a fetch's time and size", .enabled(if: FileManager.default.fileExists(atPath: "/proc/net/tcp")))
struct FetchLimitTests {
    static let path = "/.well-known/apple-app-site-association"

    /// Whether the client still holds a socket connected to `port` on loopback that can receive: ESTABLISHED, or
    /// half-closed (FIN-WAIT, still reading, as a TLS shutdown that waits for the server's reply does). A socket the
    /// client has let go of has no inode, and what comes to it is refused.
    static func clientIsConnected(to port: Int) -> Bool {
        let remote = String(format: ":%04X", port)
        let tables = ["/proc/net/tcp", "/proc/net/tcp6"].compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        return tables.joined(separator: "\n").split(separator: "\n").contains { line in
            // sl, local_address, rem_address, st, tx:rx, tr:when, retrnsmt, uid, timeout, inode.
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9, fields[2].hasSuffix(remote) else { return false }
            return ["01", "04", "05"].contains(fields[3]) && fields[9] != "0"
        }
    }

    /// Fetches the file from a site that answers with `reply`; what the fetch gave, and whether the client's
    /// connection was still open half a second after.
    static func fetch(_ reply: FixtureReply, timeout: TimeAmount) async throws -> (SiteFetcher.Outcome, Bool) {
        try await FixtureSite.with([path: reply]) { port in
            let authority = try TestCertificates.shared.get().authorityFile
            return try await SiteFetcher.withFetcher(caFiles: [authority], timeout: timeout) { fetcher in
                let outcome = await fetcher.fetch("https://localhost:\(port)\(path)")
                try await Task.sleep(for: .milliseconds(500))
                return (outcome, clientIsConnected(to: port))
            }
        }
    }

    @Test func aBodySentAByteAtATimeEndsTheFetchAtTheTimeout() async throws {
        // 20 bytes, one every 0.2 s: 4 s in all, against a 1 s timeout. A deadline that covered the head alone
        // would wait for the whole body and answer with it.
        var reply = FixtureReply(Data())
        reply.stream = .init(chunk: 1, every: .milliseconds(200), count: 20, sent: FixtureReply.Counter())
        let (outcome, connected) = try await Self.fetch(reply, timeout: .seconds(1))
        guard case .unreachable(let reason) = outcome else {
            Issue.record("the fetch waited for the whole body: \(outcome)")
            return
        }
        #expect(reason == "no answer in time")
        #expect(!connected, "the connection was left open after the timeout")
    }

    @Test(arguments: [100 * 1024 * 1024, nil] as [Int?])
    func aBodyPastTheLimitIsCutAndTheConnectionClosed(totalBytes: Int?) async throws {
        // 64 KB chunks as fast as the connection takes them: 100 MB, or without end.
        let chunk = 64 * 1024
        var reply = FixtureReply(Data())
        reply.stream = .init(
            chunk: chunk, every: .zero, count: totalBytes.map { $0 / chunk }, sent: FixtureReply.Counter())
        let (outcome, connected) = try await Self.fetch(reply, timeout: .seconds(20))
        guard case .response(let response) = outcome else {
            Issue.record("no response: \(outcome)")
            return
        }
        #expect(response.body.count == SiteFetcher.maxBytes + 1)
        #expect(!connected, "the client kept the connection to drain or reuse it")
    }

    @Test func aSmallBodyIsReadWhole() async throws {
        var reply = FixtureReply(Data())
        reply.stream = .init(chunk: 1_000, every: .milliseconds(10), count: 5, sent: FixtureReply.Counter())
        // The body takes 50 ms; the budget is for a loaded machine's TLS handshake (5 s ran out under the whole
        // suite in parallel), as this test is about the body, not the time.
        let (outcome, _) = try await Self.fetch(reply, timeout: .seconds(20))
        guard case .response(let response) = outcome else {
            Issue.record("no response: \(outcome)")
            return
        }
        #expect(response.status == 200 && response.body.count == 5_000)
    }
}
