import ArgumentParser
import Foundation

/// How a command of the tool fails: its message on standard error, and the exit code of the `switchyard` tool.
enum Failure {
    /// Exit 1: the site has no such link, or refused it.
    static func refused(_ message: String) -> ExitCode {
        report(message)
        return ExitCode(1)
    }

    /// Exit 2: bad usage or unreadable input, no token, or a site or store that cannot be reached or fails.
    static func badUsage(_ message: String) -> ExitCode {
        report(message)
        return ExitCode(2)
    }

    private static func report(_ message: String) {
        try? FileHandle.standardError.write(contentsOf: Array("error: \(message)\n".utf8))
    }
}
