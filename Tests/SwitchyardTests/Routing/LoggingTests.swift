import Logging
import Switchyard
import Testing

/// Debug logging through swift-log, off unless a logger is given.
@Suite("Logging")
struct LoggingTests {
    /// A log handler that keeps messages.
    struct Keeper: LogHandler {
        let messages: Recorder<String>
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { messages.append("\(event.level) \(event.message)") }
    }

    @Test func dispatchIsLoggedAtDebugLevel() async throws {
        let messages = Recorder<String>()
        let logger = Logger(label: "test") { _ in Keeper(messages: messages) }
        let router = Router(logger: logger)
        try router.mapDeclinable("/users/me") { _ in .declined }
        try router.map("/users/:id") { _ in }
        _ = await router.route("app://users/me")
        _ = await router.route("app://users/%ZZ")
        #expect(
            messages.all == [
                "debug routing app://users/me: 2 candidate(s) in table global",
                "debug declined by /users/me",
                "debug handled by /users/:id",
                "debug rejected app://users/%ZZ: invalidPercentEncoding at byte 12",
            ])
    }
}
