extension RouteFileReader {
    /// Reads a route's `origins` (names of ``LinkOrigin``'s built-in origins) and `confirm`; `nil` when it has
    /// neither. An origin the app names itself is declared in code: in a file, an unknown name is a typo.
    mutating func readAccess(_ route: [String: JSONValue], at location: String) -> RouteAccess? {
        guard route["origins"] != nil || route["confirm"] != nil else { return nil }
        var access = RouteAccess()
        if let value = route["confirm"] { access.confirms = bool(value, at: location + ".confirm") ?? false }
        if let value = route["origins"], let list = array(value, at: location + ".origins") {
            let known = LinkOrigin.builtIn.map(\.name)
            var origins: Set<LinkOrigin> = []
            for (index, item) in list.enumerated() {
                let place = "\(location).origins[\(index)]"
                guard let name = string(item, at: place) else { continue }
                guard known.contains(name) else {
                    problem(
                        .unknownOrigin, at: place, "'\(name)' is not an origin: use \(known.joined(separator: ", "))")
                    continue
                }
                origins.insert(LinkOrigin(named: name))
            }
            access.origins = origins
        }
        return access
    }
}
