import ArgumentParser

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
        try SiblingTool(command: "serve", name: "switchyard-serve", build: "swift run switchyard-serve FILE")
            .replaceProcess(
                arguments: arguments)
    }
}
