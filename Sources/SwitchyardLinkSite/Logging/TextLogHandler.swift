import Foundation
import Logging

/// A log handler that writes swift-log's plain layout, one entry a line (the default, `--log-format text`):
///
/// ```text
/// 2026-11-27T14:39:56.120Z warning switchyard-link-site : count=2 [SwitchyardLinkSite] clicks wait for the store
/// ```
///
/// The time is UTC with milliseconds, then the level, the label, the metadata as `key=value` in key order, the
/// module that logged, and the message. Unlike swift-log's `StreamLogHandler`, which renders its metadata anew each
/// time a value is set, this one renders it only when it writes a line: Hummingbird sets a request's id on the logger
/// of every request, and a site logging at `info` writes a line for almost none of them.
package struct TextLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler writing to standard error.
    package init(label: String) {
        self.init(label: label) { line in FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// A handler passing each line, its newline included, to `write`.
    package init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if let error = event.error { merged["error"] = "\(error)" }
        var line = "\(Date().formatted(Self.time)) \(event.level) \(label) :"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        line += " [\(event.source)] \(event.message)\n"
        write(line)
    }

    private static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
