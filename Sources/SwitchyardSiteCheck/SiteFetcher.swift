import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Switchyard
import SwitchyardCertificates

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
    /// - Throws: ``UnusableCAFile`` when a CA file cannot be read as PEM certificates, and what `body` throws.
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
        for file in caFiles {
            do {
                tls.additionalTrustRoots.append(.certificates(try PEMCertificates.load(fromFile: file)))
            } catch {
                throw UnusableCAFile(error: error)
            }
        }
        // A TLS close waits for the server's reply, reading (and dropping) all it sends meanwhile: 5 s by default, in
        // which an endless body moved gigabytes. Nothing more is wanted from a server once a fetch ends.
        tls.shutdownTimeout = .zero
        let configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout),
            decompression: .disabled)
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.timeout = timeout
    }

    /// Fetches `url`: the whole exchange, connecting, the head and the body, ends within the fetcher's timeout, and
    /// a body is read no further than ``maxBytes`` plus one byte, after which the connection is closed.
    ///
    /// It uses the client's delegate API: its deadline covers the body too and closes the connection when it passes,
    /// and a delegate that fails a body part closes it at once. (The async API's deadline ends at the head, and a
    /// body left unread or a cancelled task kept its connection draining: 100 MB were transferred for a 100 MB body.)
    package func fetch(_ url: String) async -> Outcome {
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(
                url: url,
                headers: ["Accept": "application/json", "User-Agent": "switchyard-verify-site"])
        } catch {
            return .unreachable(Self.reason(error))
        }
        let reader = LimitedBodyReader(limit: Self.maxBytes + 1)
        let task = client.execute(request: request, delegate: reader, deadline: .now() + timeout)
        do {
            return .response(try await task.futureResult.get())
        } catch is LimitedBodyReader.LimitReached {
            return reader.partial().map(Outcome.response) ?? .unreachable("the body could not be read")
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

/// Reads a response's head and at most `limit` bytes of its body. At the limit it fails the body part, which makes
/// the client close the connection, and keeps what it read for ``partial()``.
private final class LimitedBodyReader: HTTPClientResponseDelegate {
    typealias Response = SiteFetcher.Response

    /// Thrown at the limit, to stop the transfer.
    struct LimitReached: Error {}

    private let limit: Int
    // The client calls the delegate on one event loop, and `partial()` runs after the task ended; the box makes the
    // hand-over between them safe.
    private let read = Locked(SiteFetcher.Response(status: 0, contentType: nil, location: nil, body: Data()))

    init(limit: Int) {
        self.limit = limit
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        read.withLock { response in
            response.status = Int(head.status.code)
            response.contentType = head.headers.first(name: "Content-Type")
            response.location = head.headers.first(name: "Location")
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let full = read.withLock { response in
            response.body.append(contentsOf: buffer.readableBytesView.prefix(limit - response.body.count))
            return response.body.count >= limit
        }
        return full ? task.eventLoop.makeFailedFuture(LimitReached()) : task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        read.withLock { $0 }
    }

    /// What was read before the limit stopped the transfer; `nil` when no head came.
    func partial() -> Response? {
        let response = read.withLock { $0 }
        return response.status == 0 ? nil : response
    }
}

/// A `--ca-file` that cannot be read as PEM certificates: which one, and why.
package struct UnusableCAFile: Error, CustomStringConvertible {
    package let error: PEMCertificateError

    package var description: String { "--ca-file: \(error)" }
}
