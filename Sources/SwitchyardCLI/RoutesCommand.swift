import ArgumentParser
import Switchyard
import SwitchyardReports

struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "List a route file's routes in match order.",
        discussion: """
            Table by table (the global table first), each in the order links try them: priority, then \
            specificity, then the order in the file. A pattern with optional groups gives one line per \
            expansion. Constraints on parameters are listed by name.

            Example:
              switchyard routes Examples/shop.json
            """)

    @Flag(help: "Print one JSON object a route, one a line.")
    var json = false

    @Argument(help: "The route file (JSON).")
    var file: String

    func run() throws {
        let routeFile = try loadRouteFile(file)
        let router = try makeRouter(routeFile)
        if json {
            FileOutput.out(RouteListing.jsonLines(router, file: routeFile))
            return
        }
        var rows = [["TABLE", "PRIORITY", "EXPANSION", "PATTERN", "NAME", "DESTINATION", "CONSTRAINTS"]]
        for route in router.routes {
            let declaration = routeFile.declaration(of: route)
            let destination = declaration?.destination ?? declaration?.redirect.map { "→ \($0)" }
            rows.append([
                route.table.description, String(route.priority), route.expansion, route.pattern.written,
                route.name ?? "-", destination ?? "-", Self.constraints(declaration?.constraints ?? [:]),
            ])
        }
        FileOutput.out(columns(rows) + "\n")
    }

    /// `id: digits, tab: one of a, b`, by name; `-` for none.
    private static func constraints(_ constraints: [String: RouteFile.Constraint]) -> String {
        guard !constraints.isEmpty else { return "-" }
        return constraints.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
    }
}
