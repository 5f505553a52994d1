import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Fetches association files as the platforms do: over HTTPS, following no redirect, within a time and a size.
///
/// Certificates are always verified. `--ca-file` adds trust roots (a test's own authority, a company's), and there
/// is no way to turn verification off.
package struct SiteFetcher: Sendable {
    /// The most bytes read of a body: Apple reads at most 128 KB of `apple-app-site-association`, and a file one byte
    /// over is reported as too large without reading more.
    package static let maxBytes = 128 * 1024

    private let client: HTTPClient
    private let timeout: TimeAmount

    /// What a fetch gave: a response (its body cut at ``maxBytes`` plus one), or why there was none.
    package enum Outcome: Sendable {
        case response(Response)
        case unreachable(String)
    }

    package struct Response: Sendable {
        package var status: Int
        package var contentType: String?
        /// Where a redirect points.
        package var location: String?
        /// The body, at most ``SiteFetcher/maxBytes`` + 1 bytes.
        package var body: Data
    }

    /// Runs `body` with a fetcher, and stops the fetcher's client when `body` returns or throws: a client must be
    /// stopped before it is released.
    ///
    /// - Parameters:
    ///   - caFiles: PEM files of certificates to trust besides the system's.
    ///   - timeout: The most time one fetch takes, connecting included.
    /// - Throws: When a CA file cannot be read as PEM certificates, and what `body` throws.
    package static func withFetcher<Result>(
        caFiles: [String], timeout: TimeAmount, _ body: (SiteFetcher) async throws -> Result
    ) async throws -> Result {
        let fetcher = try SiteFetcher(caFiles: caFiles, timeout: timeout)
        do {
            let result = try await body(fetcher)
            try? await fetcher.client.shutdown()
            return result
        } catch {
            try? await fetcher.client.shutdown()
            throw error
        }
    }

    private init(caFiles: [String], timeout: TimeAmount) throws {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = try caFiles.map { .certificates(try NIOSSLCertificate.fromPEMFile($0)) }
        let configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout),
            decompression: .disabled)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.timeout = timeout
    }

    package func fetch(_ url: String) async -> Outcome {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "switchyard-verify-site")
        do {
            let response = try await client.execute(request, timeout: timeout)
            var body = Data()
            for try await chunk in response.body {
                body.append(contentsOf: chunk.readableBytesView.prefix(Self.maxBytes + 1 - body.count))
                if body.count > Self.maxBytes { break }
            }
            return .response(
                Response(
                    status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"),
                    location: response.headers.first(name: "Location"), body: body))
        } catch {
            return .unreachable(Self.reason(error))
        }
    }

    /// Words for a failed fetch: a refused connection, a certificate not trusted, a timeout.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            if error == .connectTimeout || error == .deadlineExceeded || error == .readTimeout {
                return "no answer in time"
            }
            return "\(error)"
        }
        if let error = error as? NIOConnectionError {
            let refused = error.connectionErrors.contains { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }
            if refused { return "the connection was refused" }
            if error.dnsAAAAError != nil || error.dnsAError != nil { return "the name \(error.host) was not found" }
        }
        if let error = error as? NIOSSLError { return "TLS failed: \(error)" }
        if let error = error as? BoringSSLError { return "TLS failed: \(error)" }
        return "\(error)"
    }
}
