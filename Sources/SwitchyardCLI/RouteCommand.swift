import ArgumentParser
import Switchyard
import SwitchyardReports

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

            With --origin, the routes' access is applied as the app applies it to a link from there: the route \
            shown is the first that accepts the origin, `access` says whether it opens or asks the person to \
            confirm first, and a link that every route it matches refuses has the outcome `refused` (code \
            originRefused).

            Examples:
              switchyard route Examples/shop.json 'myapp://product/1988?coupon=XMAS'
              switchyard route --origin customScheme Examples/shop.json 'myapp://account/delete'
              switchyard route --json Examples/shop.json < links.txt

            Exits with 1 when a link is unmatched, rejected or refused.
            """)

    @Flag(help: "Print one JSON object a link, one a line.")
    var json = false

    @OptionGroup var origin: OriginOption

    @Argument(help: "The route file (JSON).")
    var file: String

    @Argument(help: "The links to route; read from standard input when none are given.")
    var links: [String] = []

    func run() throws {
        let routeFile = try loadRouteFile(file)
        let router = try makeRouter(routeFile)
        if links.isEmpty {
            try routeStandardInput(file: routeFile, router: router)
        } else {
            let reports = links.map { RouteReport($0, file: routeFile, router: router, origin: origin.value) }
            let texts = reports.map { json ? $0.json + "\n" : $0.human + "\n" }
            FileOutput.out(texts.joined(separator: json ? "" : "\n"))
            if !reports.allSatisfy(\.isSuccess) { throw Exit.failure }
        }
    }

    /// Routes the lines of standard input: JSON on every core, in input order; reports for people on one thread,
    /// which knows which report comes first.
    private func routeStandardInput(file: RouteFile, router: Router) throws {
        struct State: Sendable {
            var allSucceeded = true
            var isFirst = true
        }
        let json = json
        let origin = origin.value
        let pipeline = LinePipeline(inputs: ["-"], threads: json ? LinePipeline.defaultThreads : 1)
        let states = try runReportingErrors(pipeline, makeState: { State() }) { block, state, output in
            block.forEachLine { line in
                // As `readLine` reads a line: ill-formed UTF-8 repaired.
                let result = RouteReport(
                    String(decoding: line, as: UTF8.self), file: file, router: router, origin: origin)
                state.allSucceeded = state.allSucceeded && result.isSuccess
                if json {
                    JSONWriter.appendLine(to: &output) { result.write(to: &$0) }
                } else {
                    if !state.isFirst { output.append(UInt8(ascii: "\n")) }
                    output += result.human.utf8
                    output.append(UInt8(ascii: "\n"))
                }
                state.isFirst = false
            }
        }
        if !states.allSatisfy(\.allSucceeded) { throw Exit.failure }
    }
}
