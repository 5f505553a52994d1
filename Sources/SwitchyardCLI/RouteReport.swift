import Switchyard

/// What a route file says about one link: the data behind `switchyard route`.
struct RouteReport {
    var input: String
    var outcome: String
    var table: String?
    var pattern: String?
    var name: String?
    var destination: String?
    var parameters: [String: String] = [:]
    var query: [QueryItem] = []
    var wildcard: [String]?
    var fragment: String?
    var redirect: String?
    var error: (code: String, message: String)?

    init(_ input: String, file: RouteFile, router: Router) {
        self.input = input
        do {
            let (link, table, match) = try router.resolve(input)
            self.table = match?.table.description ?? table.description
            query = Array((match?.link ?? link).query)
            fragment = (match?.link ?? link).fragment
            if let match {
                outcome = "matched"
                pattern = match.route.pattern.written
                name = match.route.name
                parameters = match.parameters.dictionary
                wildcard = match.wildcardComponents
                if let declaration = file.declaration(of: match.route) {
                    destination = declaration.destination
                    redirect = try? file.redirectTarget(
                        of: declaration, parameters: parameters, wildcard: match.wildcardComponents)
                }
            } else if let destination = file.defaultDestination {
                outcome = "default"
                self.destination = destination
            } else {
                outcome = "unmatched"
            }
        } catch {
            outcome = "rejected"
            self.error = (error.code.description, error.message + " at byte \(error.position)")
        }
    }

    var isSuccess: Bool { outcome == "matched" || outcome == "default" }

    /// One JSON object with the keys the README's `route --json` lists, keys without a value left out.
    var json: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    /// Writes ``json`` to `writer`; without `input`, as an object's member `key`.
    func write(to writer: inout JSONWriter, as key: String? = nil) {
        if let key { writer.openObject(key) } else { writer.openObject() }
        if key == nil { writer.field("input", input) }
        writer.field("outcome", outcome)
        writer.field("table", table)
        writer.field("pattern", pattern)
        writer.field("name", name)
        writer.field("destination", destination)
        if isSuccess {
            writer.openObject("parameters")
            for key in parameters.keys.sorted() { writer.field(key, parameters[key]) }
            writer.closeObject()
        }
        if outcome != "rejected" {
            if isSuccess || !query.isEmpty {
                writer.openArray("query")
                for item in query {
                    writer.openArray()
                    writer.element(item.name)
                    writer.element(item.value)
                    writer.closeArray()
                }
                writer.closeArray()
            }
            if let wildcard {
                writer.openArray("wildcard")
                for component in wildcard { writer.element(component) }
                writer.closeArray()
            }
            writer.field("fragment", fragment)
        }
        writer.field("redirect", redirect)
        if let error {
            writer.openObject("error")
            writer.field("code", error.code)
            writer.field("message", error.message)
            writer.closeObject()
        }
        writer.closeObject()
    }

    /// Aligned lines for a person.
    var human: String {
        var rows: [[String]] = [["  outcome", outcome]]
        if let table { rows.append(["  table", table]) }
        if let pattern { rows.append(["  pattern", pattern]) }
        if let name { rows.append(["  name", name]) }
        if let destination { rows.append(["  destination", destination]) }
        if let redirect { rows.append(["  redirect", redirect]) }
        if !parameters.isEmpty {
            rows.append([
                "  parameters", parameters.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " "),
            ])
        }
        if !query.isEmpty { rows.append(["  query", query.map(\.description).joined(separator: " ")]) }
        if let wildcard { rows.append(["  wildcard", "[" + wildcard.joined(separator: ", ") + "]"]) }
        if let fragment { rows.append(["  fragment", fragment]) }
        if let error { rows.append(["  error", "\(error.code): \(error.message)"]) }
        return input + "\n" + columns(rows)
    }
}
