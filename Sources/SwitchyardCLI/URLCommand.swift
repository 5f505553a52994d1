import ArgumentParser
import Switchyard
import SwitchyardReports

struct URLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Build a link: from a named route, or from a scheme and a route.",
        discussion: """
            From a route file's named route, with its parameters (reverse routing):
              switchyard url Examples/shop.json product id=1988 --query coupon=XMAS
            From a scheme and a route, with query items (a bare key is an item without a value):
              switchyard url --scheme maps --route search q='tea & cake' debug

            Every value is percent-encoded so that routing the link gives it back unchanged.
            """)

    @Option(help: "The scheme to write (with --route; or to override a named route's table).")
    var scheme: String?

    @Option(help: "The route to write after the scheme, as text (each component is encoded).")
    var route: String?

    @Option(help: "The host to write, for a table with allowed hosts.")
    var host: String?

    @Option(name: .customLong("query"), help: "A query item name=value for a named route (repeatable).")
    var queryItems: [String] = []

    @Argument(help: "FILE NAME key=value… for a named route, or name=value… items with --route.")
    var arguments: [String] = []

    func run() throws {
        do {
            if let route {
                guard let scheme else { throw ValidationError("--route needs --scheme") }
                let query = try keyValuePairs(arguments, allowingFlags: true)
                print(try Router().url(scheme: scheme, route: route, query: query, host: host))
                return
            }
            guard arguments.count >= 2 else { throw ValidationError("give a route file and a route name") }
            let router = try makeRouter(try loadRouteFile(arguments[0]))
            let parameters = try keyValuePairs(Array(arguments.dropFirst(2)), allowingFlags: false)
            let query = try keyValuePairs(queryItems, allowingFlags: true)
            let link = try router.url(
                for: arguments[1],
                parameters: Dictionary(parameters.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 }),
                query: query, scheme: scheme, host: host)
            print(link)
        } catch let error as LinkError {
            FileOutput.error("error: \(error)\n")
            throw Exit.failure
        }
    }
}
