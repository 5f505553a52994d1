import Foundation
import Logging
import Switchyard

/// A log handler that writes one JSON object a line, for log shippers (`--log-format json`):
///
/// ```json
/// {"label":"switchyard-link-site","level":"warning","message":"2 clicks wait for the store","metadata":{},"time":"2026-11-27T14:39:56.120Z"}
/// ```
///
/// Keys are sorted; the time is UTC with milliseconds; metadata values are strings (lists and dictionaries as
/// their text). A message's line breaks are escaped, so one entry is always one line.
package struct JSONLogHandler: LogHandler {
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
        let entry = Entry(
            time: Date().formatted(Self.time), level: event.level.rawValue, label: label,
            message: event.message.description, metadata: merged.mapValues(\.description))
        guard let data = try? Self.encoder.encode(entry) else { return }
        write(String(decoding: data, as: UTF8.self) + "\n")
    }

    private struct Entry: Encodable {
        let time: String
        let level: String
        let label: String
        let message: String
        let metadata: [String: String]
    }

    private static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
