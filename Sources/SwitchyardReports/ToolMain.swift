import ArgumentParser
import Foundation

extension AsyncParsableCommand {
    /// Parses the command line and runs the command (or the subcommand it names), exiting with 2 for bad usage as
    /// `switchyard` and `switchyard-serve` both document (argument-parser's own code is 64).
    package static func mainExitingWithTwoForBadUsage() async {
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                try? FileHandle.standardError.write(contentsOf: Array((fullMessage(for: error) + "\n").utf8))
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
