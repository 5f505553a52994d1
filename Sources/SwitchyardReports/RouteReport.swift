import Switchyard

/// What a route file says about one link: the data behind `switchyard route` and the explorer's match box.
package struct RouteReport {
    package var input: String
    /// `matched`, `default`, `unmatched` or `rejected`.
    package var outcome: String
    package var table: String?
    package var pattern: String?
    package var name: String?
    package var destination: String?
    package var parameters: [String: String] = [:]
    package var query: [QueryItem] = []
    package var wildcard: [String]?
    package var fragment: String?
    package var redirect: String?
    /// Why the link was refused, for the outcome `rejected`.
    package var rejection: URLRejection?
    /// The origin the link was said to come from; `nil` when none was said, and the routes' access is not applied.
    package var origin: LinkOrigin?
    /// What the matched route's access makes of ``origin``: `opens`, `confirms` or `refused`; `nil` without an
    /// origin.
    package var access: String?

    /// The report of `input`; with an `origin`, the routes' access applied as ``Router/route(_:origin:context:)``
    /// applies it (the outcome `refused` when every route the link matches refuses the origin).
    package init(_ input: String, file: RouteFile, router: Router, origin: LinkOrigin? = nil) {
        self.input = input
        self.origin = origin
        do {
            let (link, table, best) = try router.resolve(input)
            var match = best
            if let origin {
                switch try router.match(input, from: origin) {
                case .unmatched: break
                case .refused(let refused):
                    match = refused
                    access = "refused"
                case .admitted(let admitted, let confirms):
                    match = admitted
                    access = confirms ? "confirms" : "opens"
                }
            }
            self.table = match?.table.description ?? table.description
            query = Array((match?.link ?? link).query)
            fragment = (match?.link ?? link).fragment
            if let match {
                outcome = access == "refused" ? "refused" : "matched"
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
            rejection = error
        }
    }

    /// The rejection's code and its message with the byte it points at, as `route` prints them; `originRefused`
    /// for a link whose origin every route it matches refuses.
    package var error: (code: String, message: String)? {
        if access == "refused", let origin {
            return ("originRefused", "no route the link matches accepts the origin \(origin.name)")
        }
        return rejection.map { ($0.code.description, $0.message + " at byte \($0.position)") }
    }

    package var isSuccess: Bool { outcome == "matched" || outcome == "default" }

    /// One JSON object with the keys the README's `route --json` lists, keys without a value left out.
    package var json: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    /// Writes ``json`` to `writer`; without `input`, as an object's member `key`.
    package func write(to writer: inout JSONWriter, as key: String? = nil) {
        if let key { writer.openObject(key) } else { writer.openObject() }
        if key == nil { writer.field("input", input) }
        writer.field("outcome", outcome)
        writer.field("origin", origin?.name)
        writer.field("access", access)
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
    package var human: String {
        var rows: [[String]] = [["  outcome", outcome]]
        if let origin { rows.append(["  origin", origin.name]) }
        if let access { rows.append(["  access", access]) }
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
