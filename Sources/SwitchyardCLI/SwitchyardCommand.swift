import ArgumentParser
import SwitchyardReports

/// The `switchyard` command: routes links against declarative route files.
@main
struct SwitchyardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "Route deep links against a declarative route file.",
        discussion: """
            A route file (JSON) declares the routes of an app: patterns such as /product/:id, their names and \
            destinations, scheme tables, host policies and options. This tool shows what a link matches, checks \
            a file for mistakes, lists its routes, builds links and opens them.

            Exit codes: 0 success, 1 no match or check failed, 2 bad usage or unreadable input. \
            Errors go to standard error.
            """,
        subcommands: [
            RouteCommand.self, AuditCommand.self, CheckCommand.self, RoutesCommand.self, ExplainCommand.self,
            NavigateCommand.self, URLCommand.self, AssociationsCommand.self, OpenCommand.self, RegisterCommand.self,
            ServeCommand.self, VerifySiteCommand.self, LinksCommand.self, QRCommand.self,
        ])

    /// Runs the command, with exit code 2 (not argument-parser's 64) for bad usage.
    static func main() async {
        await mainExitingWithTwoForBadUsage()
    }
}

/// Exit codes of the tool.
enum Exit {
    /// No match, or the check found problems.
    static let failure = ExitCode(1)
    /// Bad usage or unreadable input.
    static let badInput = ExitCode(2)
}
