/// How ``DeferredLinks`` asks a site to redeem a claim: one `POST` of JSON. On Apple platforms `URLSessionTransport`
/// is the default; an app with its own networking, a program on Linux, or a test gives another.
public protocol ClaimTransport: Sendable {
    /// Sends a `POST` of `json` (`Content-Type: application/json`) to `address`.
    /// - Returns: the answer's status and body.
    /// - Throws: anything, when the site cannot be reached; ``DeferredLinks`` reports it as `offline`.
    func post(_ address: String, json: [UInt8]) async throws -> (status: Int, body: [UInt8])
}
