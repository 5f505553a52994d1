import Foundation
import Switchyard

/// A progress line on standard error for a long run: lines read, lines a second, and, when every input is a file,
/// the share read and the time left. Redrawn at most four times a second, and erased at the end.
final class Progress: Sendable {
    private struct Counts: Sendable {
        var bytes = 0
        var lines = 0
        var lastDrawn: Date
        var hasDrawn = false
    }

    private let totalBytes: Int?
    private let start: Date
    private let counts: Locked<Counts>

    /// Whether a progress line is worth showing: only when standard error is a terminal.
    static var isWanted: Bool { isatty(2) != 0 }

    /// A progress line for `inputs` (paths, `-` for standard input).
    init(inputs: [String]) {
        let sizes = inputs.map { path -> Int? in
            guard path != "-" else { return nil }
            return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        }
        totalBytes = sizes.contains(nil) ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) }
        let now = Date()
        start = now
        counts = Locked(Counts(lastDrawn: now))
    }

    /// Counts a block read, and redraws the line when it is due.
    func advance(over block: LineReader.Block) {
        counts.withLock { counts in
            counts.bytes += block.bytes.count
            counts.lines += block.bytes.count(where: { $0 == UInt8(ascii: "\n") }) + block.skippedLongLines
            let now = Date()
            guard now.timeIntervalSince(counts.lastDrawn) >= 0.25 else { return }
            counts.lastDrawn = now
            counts.hasDrawn = true
            let seconds = now.timeIntervalSince(start)
            FileOutput.error(
                "\r\u{1B}[K" + Self.line(lines: counts.lines, bytes: counts.bytes, of: totalBytes, after: seconds))
        }
    }

    /// Erases the line.
    func finish() {
        counts.withLock { if $0.hasDrawn { FileOutput.error("\r\u{1B}[K") } }
    }

    /// The text of the progress line.
    static func line(lines: Int, bytes: Int, of total: Int?, after seconds: Double) -> String {
        let rate = seconds > 0 ? Int(Double(lines) / seconds) : 0
        var text = "\(lines.formatted()) lines, \(rate.formatted()) a second"
        if let total, total > 0 {
            let share = min(Double(bytes) / Double(total), 1)
            text += String(format: ", %.0f %%", share * 100)
            if share > 0 { text += String(format: ", %.0f s left", seconds * (1 - share) / share) }
        }
        return text
    }
}
