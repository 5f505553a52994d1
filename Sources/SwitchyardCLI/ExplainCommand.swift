import ArgumentParser
import Switchyard

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain why a link matches a route, or why it does not.",
        discussion: """
            For a link that matches: every route that matches, in the order they are tried. For one that does \
            not: the nearest routes and the first component where each one failed. For a rejected link: why.

            Example:
              switchyard explain Examples/shop.json 'myapp://prodcut/1988'

            Exits with 1 when the link does not match.
            """)

    @Argument(help: "The route file (JSON).")
    var file: String

    @Argument(help: "The link to explain.")
    var link: String

    func run() throws {
        let router = try makeRouter(try loadRouteFile(file))
        let explanation = router.explain(link)
        FileOutput.out(explanation.description + "\n")
        if explanation.matches.isEmpty { throw Exit.failure }
    }
}
