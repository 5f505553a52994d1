import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import SwitchyardServer
import SwitchyardTestSupport
import Synchronization

/// What a fixture site answers at one path.
struct FixtureReply: Sendable {
    var status: HTTPResponse.Status = .ok
    var contentType: String? = "application/json"
    var location: String?
    var body: Data
    /// A body sent slowly or without end instead of ``body``: `chunk` bytes every `every`, `count` times (`nil`:
    /// until the client goes away), the bytes written counted in `sent`.
    var stream: Stream?

    struct Stream: Sendable {
        var chunk: Int
        var every: Duration
        var count: Int?
        var sent: Counter
    }

    /// Bytes a streamed reply has written, read by the test while and after it runs.
    final class Counter: Sendable {
        private let value = Mutex(0)
        func add(_ bytes: Int) { value.withLock { $0 += bytes } }
        var total: Int { value.withLock { $0 } }
    }

    init(_ body: Data, status: HTTPResponse.Status = .ok, contentType: String? = "application/json") {
        self.body = body
        self.status = status
        self.contentType = contentType
    }
}

/// A site over HTTPS on a random loopback port, with the tests' certificate, while a test runs.
@available(macOS 14, iOS 17, tvOS 17, *)
enum FixtureSite {
    /// How long a test that expects its fixture site to answer lets a fetch take. The fixture answers in
    /// milliseconds, but it shares the test process with the whole suite: on a loaded two-core machine an answer
    /// took over the verifier's 10 s default, and a slow answer is not what those tests check. The tests of the
    /// timeout itself set their own.
    static let patience = 60
    /// Runs `body` with the port of a site that answers `replies` by path (`/a/v1/*` stands for Apple's CDN path of
    /// any host), and passes everything else to `middleware`; the site stops when `body` returns.
    static func with<Result: Sendable>(
        _ replies: [String: FixtureReply], middleware: UniversalLinkMiddleware<BasicRequestContext>? = nil,
        _ body: @Sendable (Int) async throws -> Result
    ) async throws -> Result {
        let router = Hummingbird.Router()
        if let middleware { router.add(middleware: middleware) }
        for (path, reply) in replies {
            router.get(RouterPath(path)) { _, _ in
                var headers = HTTPFields()
                if let type = reply.contentType { headers[.contentType] = type }
                if let location = reply.location { headers[.location] = location }
                guard let stream = reply.stream else {
                    return Response(
                        status: reply.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
                }
                return Response(status: reply.status, headers: headers, body: Self.body(stream))
            }
        }
        let certificates = try TestCertificates.shared.get()
        var logger = Logger(label: "switchyard-fixture-site")
        logger.logLevel = .critical
        let server = try HTTPServerBuilder.tls(.http1(), tlsConfiguration: try certificates.serverConfiguration())
        return try await RunningApplication.with(
            { report in
                Application(
                    router: router, server: server, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    onServerRunning: { report($0.localAddress?.port ?? 0) }, logger: logger)
            }, body)
    }

    /// A chunked body that writes `stream.chunk` bytes every `stream.every` until its count, or until the client
    /// closes the connection (a write then throws).
    private static func body(_ stream: FixtureReply.Stream) -> ResponseBody {
        ResponseBody { writer in
            let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: stream.chunk)
            var written = 0
            while stream.count.map({ written < $0 }) ?? true {
                try await writer.write(chunk)
                stream.sent.add(stream.chunk)
                written += 1
                if stream.every > .zero { try await Task.sleep(for: stream.every) }
            }
            try await writer.finish(nil)
        }
    }
}
