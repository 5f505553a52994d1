import Foundation

/// Where the tool writes: standard output through `print` (buffered when piped), standard error unbuffered.
enum FileOutput {
    /// Writes `text` to standard output.
    static func out(_ text: String) {
        print(text, terminator: "")
    }

    /// Writes `text` to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
