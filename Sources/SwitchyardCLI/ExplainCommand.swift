import ArgumentParser
import Switchyard

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain why a link matches a route, or why it does not.",
        discussion: """
            For a link that matches: every route that matches, in the order they are tried. For one that does \
            not: the nearest routes and the first component where each one failed. For a rejected link: why.

            With --origin, each matching route says what its access makes of a link from there (opens, \
            confirms, refused), and the last line names the route that would run, or the refusal \
            (originRefused).

            Examples:
              switchyard explain Examples/shop.json 'myapp://prodcut/1988'
              switchyard explain --origin customScheme Examples/shop.json 'myapp://account/delete'

            Exits with 1 when the link does not match, or when every route it matches refuses the origin.
            """)

    @OptionGroup var origin: OriginOption

    @Argument(help: "The route file (JSON).")
    var file: String

    @Argument(help: "The link to explain.")
    var link: String

    func run() throws {
        let routeFile = try loadRouteFile(file)
        let router = try makeRouter(routeFile)
        let explanation = router.explain(link)
        FileOutput.out(explanation.description + "\n")
        if explanation.matches.isEmpty { throw Exit.failure }
        if let origin = origin.value {
            let opens = access(of: explanation.matches, from: origin, in: routeFile)
            if !opens { throw Exit.failure }
        }
    }

    /// Prints what each match's access makes of a link from `origin`, then which route would run.
    /// - Returns: whether a route accepts the origin.
    private func access(of matches: [RouteMatch], from origin: LinkOrigin, in file: RouteFile) -> Bool {
        var lines = ["origin \(origin.name):"]
        var chosen: (RouteMatch, String)?
        for match in matches {
            let access = file.declaration(of: match.route)?.access
            let verdict =
                if !(access?.admits(origin) ?? true) {
                    "refused"
                } else if access?.needsConfirmation(from: origin) == true {
                    "confirms"
                } else {
                    "opens"
                }
            lines.append("  \(match.route): \(verdict)")
            if chosen == nil, verdict != "refused" { chosen = (match, verdict) }
        }
        if let (match, verdict) = chosen {
            lines.append("  runs \(match.route)" + (verdict == "confirms" ? " after the person confirms" : ""))
        } else {
            lines.append("  originRefused: no route the link matches accepts \(origin.name); nothing runs")
        }
        FileOutput.out(lines.joined(separator: "\n") + "\n")
        return chosen != nil
    }
}
