import ArgumentParser
import Foundation
import Logging
import SwitchyardExplorer
import SwitchyardReports

/// `switchyard-serve`, also run as `switchyard serve`: the route explorer and the test-link page for a route file.
/// It is a product of its own so that the `switchyard` tool builds without the server's dependencies.
@main
struct ExplorerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard serve",
        abstract: "Serve a route explorer and a test-link page for a route file.",
        discussion: """
            Pages: / lists every table's routes in match order and matches a link as you type (/?url=… keeps \
            the result, to share); /links has a test link for every named route, in its custom-scheme and \
            universal-link forms, with values to edit. /api/routes and /api/match?url=… answer with the JSON of \
            `switchyard routes --json` and `switchyard route --json`.

            The file is read again when it changes; a file that does not load shows its problem on the page.

            The pages have no authentication: they listen on 127.0.0.1 unless --host says otherwise.

            Example:
              swift run switchyard-serve Examples/shop.json
            """)

    @Option(help: "The port to listen on; 0 lets the system choose one, which is printed.")
    var port = 8080

    @Option(help: "The address to listen on. Any other than loopback lets the network see the pages.")
    var host = "127.0.0.1"

    @Option(help: "What to log: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    @Argument(help: "The route file (JSON).")
    var file: String

    /// Runs the command, with exit code 2 for bad usage, as `switchyard` has.
    static func main() async {
        await mainExitingWithTwoForBadUsage()
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard FileManager.default.fileExists(atPath: file) else { throw ValidationError("no file at '\(file)'") }
    }

    func run() async throws {
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        var logger = Logger(label: "switchyard-serve")
        logger.logLevel = logLevel
        if !Self.isLoopback(host) {
            logger.warning(
                "listening on \(host): anyone who can reach this address can read the routes; the pages have no authentication"
            )
        }
        let explorer = Explorer(path: file, logger: logger)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        try await explorer.run(host: host, port: port) { port in
            // Standard output carries only the address, for a script that starts the server on port 0.
            try? FileHandle.standardOutput.write(contentsOf: Array("http://\(shownHost):\(port)/\n".utf8))
        }
        logger.info("stopped")
    }

    /// Whether `host` is a loopback address: `localhost`, 127.0.0.0/8 or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
