import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import Switchyard
import SwitchyardExplorer
import SwitchyardServer
import SwitchyardTestSupport

/// A Hummingbird application with the universal-link middleware, listening on a random loopback port while a test
/// runs, and a raw HTTP/1.1 client that sends exactly the bytes a test gives it.
/// Hummingbird runs on macOS 14, iOS 17 and tvOS 17 or later.
@available(macOS 14, iOS 17, tvOS 17, *)
enum LiveServer {
    /// Runs `body` with the port of a running server whose router has the middleware and one route of the site's
    /// own, `/about`; the server shuts down when `body` returns.
    static func withServer<Result: Sendable>(
        _ file: RouteFile, host: String? = nil, _ body: @Sendable (Int) async throws -> Result
    ) async throws -> Result {
        // Both modules have a `Router`: the site's is Hummingbird's.
        let router = Hummingbird.Router()
        router.add(middleware: try UniversalLinkMiddleware(routeFile: file, host: host))
        router.get("/about") { _, _ in "About the shop" }
        return try await RunningApplication.with(
            { report in
                Application(
                    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    onServerRunning: { channel in report(channel.localAddress?.port ?? 0) }, logger: quietLogger)
            }, body)
    }

    /// Runs `body` with the port of a running explorer (`switchyard serve`) for the route file at `path`.
    static func withExplorer<Result: Sendable>(
        path: String, _ body: @Sendable (Int) async throws -> Result
    ) async throws -> Result {
        try await RunningApplication.with(
            { report in
                Explorer(path: path, logger: quietLogger).application(host: "127.0.0.1", port: 0) { report($0) }
            }, body)
    }

    private static var quietLogger: Logger {
        var logger = Logger(label: "switchyard-server-tests")
        logger.logLevel = .critical
        return logger
    }

    typealias Reply = RawHTTP.Reply

    static func send(_ request: [UInt8], to port: Int) async throws -> Reply? {
        try await RawHTTP.send(request, to: port)
    }

    static func get(
        _ target: [UInt8], method: String = "GET", headers: [String] = [], port: Int
    ) async throws -> Reply? {
        try await RawHTTP.get(target, method: method, headers: headers, port: port)
    }

    static func get(_ target: String, method: String = "GET", headers: [String] = [], port: Int) async throws -> Reply?
    {
        try await RawHTTP.get(Array(target.utf8), method: method, headers: headers, port: port)
    }
}
