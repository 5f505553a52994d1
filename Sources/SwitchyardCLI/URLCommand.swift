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
            A call to another app that wants an answer (x-callback-url) adds where to call back:
              switchyard url --scheme otherapp --route pay amount=5 --x-source Shop --x-success myapp://paid

            Every value is percent-encoded so that routing the link gives it back unchanged.
            """)

    @Option(help: "The scheme to write (with --route; or to override a named route's table).")
    var scheme: String?

    @Option(help: "The route to write after the scheme, as text (each component is encoded).")
    var route: String?

    @Option(
        help:
            "The host to write, a name or a bracketed IP literal alone, for a link with a scheme (one of the allowed hosts for a table that has them)."
    )
    var host: String?

    @Option(name: .customLong("query"), help: "A query item name=value for a named route (repeatable).")
    var queryItems: [String] = []

    @Option(name: .customLong("x-source"), help: "x-callback-url: the calling app's name.")
    var callbackSource: String?

    @Option(name: .customLong("x-success"), help: "x-callback-url: the link the called app opens on success.")
    var callbackSuccess: String?

    @Option(name: .customLong("x-error"), help: "x-callback-url: the link it opens on error.")
    var callbackError: String?

    @Option(name: .customLong("x-cancel"), help: "x-callback-url: the link it opens when the person cancels.")
    var callbackCancel: String?

    /// The x-callback-url items, after the others.
    private var callbackItems: [QueryItem] {
        XCallback(source: callbackSource, success: callbackSuccess, error: callbackError, cancel: callbackCancel)
            .queryItems
    }

    @Argument(help: "FILE NAME key=value… for a named route, or name=value… items with --route.")
    var arguments: [String] = []

    func run() throws {
        do {
            if let route {
                guard let scheme else { throw ValidationError("--route needs --scheme") }
                let query = try keyValuePairs(arguments, allowingFlags: true) + callbackItems
                print(try Router().link(scheme: scheme, route: route, query: query, host: host))
                return
            }
            guard arguments.count >= 2 else { throw ValidationError("give a route file and a route name") }
            let router = try makeRouter(try loadRouteFile(arguments[0]))
            var parameters: [String: String] = [:]
            // A route's parameter has one value: a second would silently win, as a typo would vanish.
            for pair in try keyValuePairs(Array(arguments.dropFirst(2)), allowingFlags: false) {
                guard parameters.updateValue(pair.value ?? "", forKey: pair.name) == nil else {
                    throw ValidationError("the parameter '\(pair.name)' is given twice")
                }
            }
            let query = try keyValuePairs(queryItems, allowingFlags: true) + callbackItems
            let link = try router.link(
                for: arguments[1], parameters: parameters, query: query, scheme: scheme, host: host)
            print(link)
        } catch let error as LinkError {
            FileOutput.error("error: \(error)\n")
            throw Exit.failure
        }
    }
}
