import ArgumentParser

/// `switchyard links`: runs `switchyard-link-site links`, the client of a link site's admin API, which lives in the
/// site's own product so that this tool builds without an HTTP client. It replaces this process, so the exit status
/// is that command's own.
struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract:
            "Create, list, show, count, disable, delete, export, import and draw as QR codes a link site's short links.",
        discussion: """
            switchyard links create|list|show|stats|claims|disable|delete|export|import|qr … runs `switchyard-link-site links`, found \
            beside this tool; `switchyard-link-site links --help` tells more. The site is --site or SWITCHYARD_SITE, \
            the token SWITCHYARD_TOKEN. Exits with 0 when done, 1 when the site has no such link or refuses it, 2 for \
            bad usage, a missing or refused token, or a site that cannot be reached.
              swift run switchyard-link-site links list
            """)

    @Argument(parsing: .captureForPassthrough, help: "The command and its options.")
    var arguments: [String] = []

    func run() throws {
        try SiblingTool(command: "links", name: "switchyard-link-site", build: "swift run switchyard-link-site links …")
            .replaceProcess(arguments: ["links"] + arguments)
    }
}
