import Switchyard

/// One route of a route file as `switchyard routes --json` lists it, and the explorer's `/api/routes`.
package enum RouteListing {
    /// Writes `route` as one JSON object: its table, priority, expansion, pattern, name, destination or redirect,
    /// where the file declares it, and its constraints by name. Keys without a value are left out.
    package static func write(_ route: Route, file: RouteFile, to writer: inout JSONWriter) {
        let declaration = file.declaration(of: route)
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
    }

    /// Every route of `router`, in match order, one JSON object a line.
    package static func jsonLines(_ router: Router, file: RouteFile) -> [UInt8] {
        var output: [UInt8] = []
        for route in router.routes {
            JSONWriter.appendLine(to: &output) { write(route, file: file, to: &$0) }
        }
        return output
    }
}
