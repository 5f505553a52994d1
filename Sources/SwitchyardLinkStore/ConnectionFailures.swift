import Logging
import Switchyard

/// Why PostgreSQL's pool last failed to make a connection, for the error of a call that got none in time: "password
/// authentication failed", "database … does not exist", a certificate refused. The pool says it only in its log
/// (PostgresNIO's `Connection creation failed`, at level info, its error in `psql_error`), so the store's pool logs
/// through ``logger(passingOn:)``, which keeps the last such error and passes every entry at or above the given
/// logger's level on to it.
final class ConnectionFailures: Sendable {
    /// The pool's message for a failed attempt, and the metadata key of its error.
    static let message = "Connection creation failed"
    static let errorKey = "psql_error"
    /// The most of an error kept: a driver's error can print a whole chain of underlying errors.
    static let maxLength = 300

    private let last = Locked<(reason: String, at: ContinuousClock.Instant)?>(nil)

    /// The reason of the last failed attempt, if one failed within `recent` of now.
    func reason(within recent: Duration) -> String? {
        last.withLock { last in
            guard let last, ContinuousClock.now - last.at <= recent else { return nil }
            return last.reason
        }
    }

    /// A logger that passes what `logger` would log on to it, and keeps the pool's failures to connect.
    func logger(passingOn logger: Logger) -> Logger {
        Logger(label: logger.label) { _ in Watch(passingOn: logger.handler, failures: self) }
    }

    /// Forgets the last failure: a connection was made since.
    func connected() {
        last.withLock { $0 = nil }
    }

    fileprivate func record(_ reason: String) {
        last.withLock { $0 = (String(reason.prefix(Self.maxLength)), ContinuousClock.now) }
    }

    /// The handler: at level info at most, so that the pool's failures reach it; what it passes on keeps the level
    /// of the handler it passes on to.
    private struct Watch: LogHandler {
        var passingOn: any LogHandler
        let failures: ConnectionFailures

        var metadata: Logger.Metadata {
            get { passingOn.metadata }
            set { passingOn.metadata = newValue }
        }

        var metadataProvider: Logger.MetadataProvider? {
            get { passingOn.metadataProvider }
            set { passingOn.metadataProvider = newValue }
        }

        var logLevel: Logger.Level {
            get { min(passingOn.logLevel, .info) }
            set { passingOn.logLevel = newValue }
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { passingOn[metadataKey: key] }
            set { passingOn[metadataKey: key] = newValue }
        }

        func log(event: LogEvent) {
            if event.message.description == ConnectionFailures.message,
                let error = event.metadata?[ConnectionFailures.errorKey]
            {
                failures.record("\(error)")
            }
            if event.level >= passingOn.logLevel { passingOn.log(event: event) }
        }
    }
}
