import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `switchyard serve`: runs `switchyard-serve`, the explorer, which is a product of its own so that this tool builds
/// without a web server. It replaces this process, so signals and the exit status are the explorer's own.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a route explorer and a test-link page for a route file (runs switchyard-serve).",
        discussion: """
            switchyard serve FILE [--port N] [--host ADDRESS] runs switchyard-serve, found beside this tool; \
            `switchyard-serve --help` lists its options. Build it with `swift build`, or run it at once:
              swift run switchyard-serve Examples/shop.json
            """)

    @Argument(parsing: .captureForPassthrough, help: "FILE and the options of switchyard-serve.")
    var arguments: [String] = []

    func run() throws {
        let tool =
            Bundle.main.executableURL?.resolvingSymlinksInPath() ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let server = tool.deletingLastPathComponent().appendingPathComponent("switchyard-serve").path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            FileOutput.error(
                """
                error: switchyard serve runs switchyard-serve, which is not beside this tool (\(server)).
                Build it with `swift build --product switchyard-serve`, or run it with `swift run switchyard-serve FILE`.

                """)
            throw Exit.badInput
        }
        // The strings live until the process is replaced; if it is not, the tool exits at once.
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        FileOutput.error("error: switchyard-serve could not be started: \(String(cString: strerror(errno)))\n")
        throw Exit.badInput
    }
}
