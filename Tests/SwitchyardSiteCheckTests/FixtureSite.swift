import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import SwitchyardServer
import SwitchyardTestSupport

/// What a fixture site answers at one path.
struct FixtureReply: Sendable {
    var status: HTTPResponse.Status = .ok
    var contentType: String? = "application/json"
    var location: String?
    var body: Data

    init(_ body: Data, status: HTTPResponse.Status = .ok, contentType: String? = "application/json") {
        self.body = body
        self.status = status
        self.contentType = contentType
    }
}

/// A site over HTTPS on a random loopback port, with the tests' certificate, while a test runs.
@available(macOS 14, iOS 17, tvOS 17, *)
enum FixtureSite {
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
                return Response(
                    status: reply.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
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
}
