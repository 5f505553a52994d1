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
            group.addTask {
                // An application that cannot start (a port taken) ends the wait for its port with its error.
                defer { continuation.finish() }
                try await app.run()
            }
            defer { group.cancelAll() }
            var port = 0
            for await value in ports { port = value }
            guard port != 0 else {
                try await group.next()
                throw ApplicationDidNotListen()
            }
            return try await body(port)
        }
    }
}

/// An application's `run()` returned before it said its port.
package struct ApplicationDidNotListen: Error, CustomStringConvertible {
    package var description: String { "the application stopped before it listened" }
}
