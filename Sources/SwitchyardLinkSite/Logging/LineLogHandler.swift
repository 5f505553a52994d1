import Foundation
import Logging

/// A log handler that writes one entry a line, in one of two layouts:
///
/// ```text
/// 2026-11-27T14:39:56.120Z warning switchyard-link-site : count=2 [SwitchyardLinkSite] clicks wait for the store
/// {"label":"switchyard-link-site","level":"warning","message":"clicks wait for the store","metadata":{"count":"2"},"time":"2026-11-27T14:39:56.120Z"}
/// ```
///
/// The time is UTC with milliseconds. `text` is swift-log's layout: the level, the label, the metadata as
/// `key=value` in key order, the module that logged, the message. `json` (`--log-format json`, for log shippers) is
/// one object with sorted keys and metadata values as strings (lists and dictionaries as their text); a message's
/// line breaks are escaped, so one entry is always one line.
///
/// Metadata is rendered only when a line is written. swift-log's `StreamLogHandler` renders it anew each time a value
/// is set, and Hummingbird sets a request's id on the logger of every request, though a site logging at `info`
/// writes a line for almost none of them.
package struct LineLogHandler: LogHandler {
    package enum Layout: Sendable {
        case text, json
    }

    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String
    private let layout: Layout
    private let write: @Sendable (String) -> Void

    /// A handler writing to standard error.
    package init(label: String, layout: Layout) {
        self.init(label: label, layout: layout) { line in FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// A handler passing each line, its newline included, to `write`.
    package init(label: String, layout: Layout, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.layout = layout
        self.write = write
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if let error = event.error { merged["error"] = "\(error)" }
        let time = Date().formatted(Self.time)
        switch layout {
        case .text:
            var line = "\(time) \(event.level) \(label) :"
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
            write(line + " [\(event.source)] \(event.message)\n")
        case .json:
            let entry = Entry(
                time: time, level: event.level.rawValue, label: label, message: event.message.description,
                metadata: merged.mapValues(\.description))
            guard let data = try? Self.encoder.encode(entry) else { return }
            write(String(decoding: data, as: UTF8.self) + "\n")
        }
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
