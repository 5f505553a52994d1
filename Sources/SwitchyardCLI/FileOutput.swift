import Foundation

/// Where the tool writes: standard output and standard error, each written at once, unbuffered (so the two, and
/// the writes of several threads taking turns, come out in the order they were made).
enum FileOutput {
    /// Writes `text` to standard output.
    static func out(_ text: String) {
        out(Array(text.utf8))
    }

    /// Writes UTF-8 `bytes` to standard output.
    static func out(_ bytes: [UInt8]) {
        // A reader that went away (`| head`) is not an error of the tool's.
        try? FileHandle.standardOutput.write(contentsOf: bytes)
    }

    /// Writes `text` to standard error.
    static func error(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Array(text.utf8))
    }
}
