import ArgumentParser
import Switchyard

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
        var rows = [["TABLE", "PRIORITY", "EXPANSION", "PATTERN", "NAME", "DESTINATION", "CONSTRAINTS"]]
        for route in router.routes {
            let declaration = routeFile.declaration(of: route)
            let destination = declaration?.destination ?? declaration?.redirect.map { "→ \($0)" }
            if json {
                var writer = JSONWriter()
                writer.openObject()
                writer.field("table", route.table.description)
                writer.field("priority", String(route.priority))
                writer.field("expansion", route.expansion)
                writer.field("pattern", route.pattern.written)
                writer.field("name", route.name)
                writer.field("destination", declaration?.destination)
                writer.field("redirect", declaration?.redirect)
                writer.field("location", declaration?.location)
                if let constraints = declaration?.constraints, !constraints.isEmpty {
                    writer.openObject("constraints")
                    for name in constraints.keys.sorted() { writer.field(name, constraints[name]?.description) }
                    writer.closeObject()
                }
                writer.closeObject()
                FileOutput.out(writer.text + "\n")
            } else {
                rows.append([
                    route.table.description, String(route.priority), route.expansion, route.pattern.written,
                    route.name ?? "-", destination ?? "-", Self.constraints(declaration?.constraints ?? [:]),
                ])
            }
        }
        if !json { FileOutput.out(columns(rows) + "\n") }
    }

    /// `id: digits, tab: one of a, b`, by name; `-` for none.
    private static func constraints(_ constraints: [String: RouteFile.Constraint]) -> String {
        guard !constraints.isEmpty else { return "-" }
        return constraints.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
    }
}
