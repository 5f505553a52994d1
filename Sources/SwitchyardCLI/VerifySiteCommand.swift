import ArgumentParser

/// `switchyard verify-site`: runs `switchyard-verify-site`, a product of its own so that this tool builds without an
/// HTTP client. It replaces this process, so the exit status is the verifier's own.
struct VerifySiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-site",
        abstract:
            "Check that live domains serve the association files a route file needs (runs switchyard-verify-site).",
        discussion: """
            switchyard verify-site FILE HOST… [--json] [--apple-cdn] [--ca-file PEM] [--timeout SECONDS] runs \
            switchyard-verify-site, found beside this tool; `switchyard-verify-site --help` tells what it checks. \
            Exits with 0 when every host is verified, 1 when one differs, 2 for bad usage or a host it cannot reach.
              swift run switchyard-verify-site Examples/shop.json shop.example.com
            """)

    @Argument(parsing: .captureForPassthrough, help: "FILE, the hosts, and the options of switchyard-verify-site.")
    var arguments: [String] = []

    func run() throws {
        try SiblingTool(
            command: "verify-site", name: "switchyard-verify-site", build: "swift run switchyard-verify-site FILE HOST"
        )
        .replaceProcess(arguments: arguments)
    }
}
