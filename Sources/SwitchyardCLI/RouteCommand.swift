import ArgumentParser
import Switchyard

struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Show what each link matches in a route file.",
        discussion: """
            For each link: the outcome (matched, default, unmatched or rejected), the table, the pattern as \
            written, the route's name and destination, the parameters, the query items, the wildcard \
            components, the fragment, and the target of a redirect route. A rejected link shows why.

            With no links on the command line, links are read from standard input, one a line; empty lines are \
            skipped. Output is streamed, so a long list costs constant memory.

            Examples:
              switchyard route Examples/shop.json 'myapp://product/1988?coupon=XMAS'
              switchyard route --json Examples/shop.json < links.txt

            Exits with 1 when a link is unmatched or rejected.
            """)

    @Flag(help: "Print one JSON object a link, one a line.")
    var json = false

    @Argument(help: "The route file (JSON).")
    var file: String

    @Argument(help: "The links to route; read from standard input when none are given.")
    var links: [String] = []

    func run() throws {
        let routeFile = try loadRouteFile(file)
        let router = try makeRouter(routeFile)
        var allSucceeded = true
        var isFirst = true
        func report(_ link: String) {
            let result = RouteReport(link, file: routeFile, router: router)
            allSucceeded = allSucceeded && result.isSuccess
            if json {
                FileOutput.out(result.json + "\n")
            } else {
                FileOutput.out((isFirst ? "" : "\n") + result.human + "\n")
            }
            isFirst = false
        }
        if links.isEmpty {
            while let line = readLine(strippingNewline: true) {
                let link = line.hasSuffix("\r") ? String(line.dropLast()) : line
                if !link.isEmpty { report(link) }
            }
        } else {
            links.forEach(report)
        }
        if !allSucceeded { throw Exit.failure }
    }
}
