import Hummingbird

/// A Hummingbird application running while a test runs: what the server tests and the verifier's fixture sites share.
@available(macOS 14, iOS 17, tvOS 17, *)
package enum RunningApplication {
    /// Runs `body` with the port of the application that `makeApplication` makes, given the function it calls with
    /// its port once it listens; the application stops when `body` returns.
    package static func with<App: ApplicationProtocol, Result: Sendable>(
        _ makeApplication: (@escaping @Sendable (Int) -> Void) throws -> App,
        _ body: (Int) async throws -> Result
    ) async throws -> Result {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = try makeApplication { port in
            continuation.yield(port)
            continuation.finish()
        }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            defer { group.cancelAll() }
            var port = 0
            for await value in ports { port = value }
            return try await body(port)
        }
    }
}
