import Foundation

/// A time as the API's JSON takes one: RFC 3339's `date-time` (`2026-12-31T23:59:59Z`), with an offset
/// (`+02:00`) or fractional seconds (`.000Z`, as JavaScript's `toISOString()` writes) also taken. The command line's
/// `--expires`, an import's `expiresAt` cell and the console's form read times through it, so that a time one of
/// them takes, the others take too.
package enum InternetTime {
    /// The time `text` names, or `nil` when it names none.
    package static func date(from text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text)
    }
}
