/// Reads a route file's JSON into a ``RouteFile``, collecting every problem with its location.
struct RouteFileReader {
    let path: String
    private(set) var problems: [RouteFileError] = []

    init(path: String) { self.path = path }

    private static let topKeys: Set = [
        "routes", "schemes", "default", "options", "hostPolicy", "allowedHosts", "unicodeHostNames", "apps", "tabs",
        "warm", "shortLinks",
    ]
    private static let tableKeys: Set = [
        "routes", "fallsBackToGlobal", "hostPolicy", "allowedHosts", "unicodeHostNames",
    ]
    private static let routeKeys = Set([
        "pattern", "name", "priority", "destination", "redirect", "constraints", "web", "universalLink",
    ]).union(placementKeys).union(["origins", "confirm"])
    private static let optionKeys: Set = ["decodePlusInPath", "fragmentRouting", "caseInsensitiveLiterals", "limits"]
    private static let limitKeys: Set = ["maxInputLength", "maxComponents", "maxQueryItems", "maxValueLength"]

    mutating func read(_ root: JSONValue) -> RouteFile {
        var file = RouteFile(path: path)
        guard let top = object(root, at: "") else { return file }
        checkKeys(top, Self.topKeys, at: "")
        if let options = top["options"] { file.options = readOptions(options) }
        file.settings[.global] = readSettings(top, at: "", isGlobal: true)
        file.routes += readRoutes(top["routes"], table: .global, at: "routes")
        file.defaultDestination = top["default"].flatMap { string($0, at: "default") }
        if let apps = top["apps"] { file.apps = readApps(apps) }
        if let tabs = top["tabs"] { file.tabs = readTabs(tabs) }
        if let warm = top["warm"] { file.warm = readWarmPolicy(warm, at: "warm") ?? file.warm }
        if let shortLinks = top["shortLinks"] { file.shortLinks = readShortLinks(shortLinks) }
        if let schemes = top["schemes"], let tables = object(schemes, at: "schemes") {
            var seen: [String: String] = [:]
            for key in tables.keys.sorted() {
                let location = "schemes.\(key)"
                let table = RouteTable.scheme(key)
                if !URLSplitter.isScheme(key) {
                    problem(.invalidValue, at: location, "'\(key)' is not a scheme")
                    continue
                }
                if let earlier = seen[table.scheme ?? ""] {
                    problem(.duplicateScheme, at: location, "'\(key)' and '\(earlier)' differ only in case")
                    continue
                }
                seen[table.scheme ?? ""] = key
                guard let value = tables[key], let declaration = object(value, at: location) else { continue }
                checkKeys(declaration, Self.tableKeys, at: location)
                file.settings[table] = readSettings(declaration, at: location, isGlobal: false)
                file.routes += readRoutes(declaration["routes"], table: table, at: location + ".routes")
            }
        }
        checkNavigation(of: file)
        return file
    }

    private mutating func readSettings(_ object: [String: JSONValue], at location: String, isGlobal: Bool)
        -> TableSettings
    {
        var settings = TableSettings()
        let prefix = location.isEmpty ? "" : location + "."
        if let policy = object["hostPolicy"], let name = string(policy, at: prefix + "hostPolicy") {
            switch name {
            case "automatic": settings.hostPolicy = .automatic
            case "pathComponent": settings.hostPolicy = .pathComponent
            case "ignored": settings.hostPolicy = .ignored
            default:
                problem(
                    .invalidValue, at: prefix + "hostPolicy",
                    "'\(name)' is not a host policy: use automatic, pathComponent or ignored")
            }
        }
        if let hosts = object["allowedHosts"], let list = array(hosts, at: prefix + "allowedHosts") {
            settings.allowedHosts = list.enumerated().compactMap { index, host in
                string(host, at: "\(prefix)allowedHosts[\(index)]")
            }
        }
        if let unicode = object["unicodeHostNames"] {
            settings.allowsUnicodeHostNames = bool(unicode, at: prefix + "unicodeHostNames") ?? false
        }
        if !isGlobal, let fallback = object["fallsBackToGlobal"] {
            settings.fallsBackToGlobalRoutes = bool(fallback, at: prefix + "fallsBackToGlobal") ?? false
        }
        return settings
    }

    private mutating func readRoutes(_ value: JSONValue?, table: RouteTable, at location: String)
        -> [RouteFile.RouteDeclaration]
    {
        guard let value, let list = array(value, at: location) else { return [] }
        return list.enumerated().compactMap { index, route in
            readRoute(route, table: table, at: "\(location)[\(index)]")
        }
    }

    private mutating func readRoute(_ value: JSONValue, table: RouteTable, at location: String)
        -> RouteFile.RouteDeclaration?
    {
        guard let route = object(value, at: location) else { return nil }
        checkKeys(route, Self.routeKeys, at: location)
        guard let patternValue = route["pattern"] else {
            problem(.missingKey, at: location, "a route needs a 'pattern'")
            return nil
        }
        guard let written = string(patternValue, at: location + ".pattern"),
            let pattern = parsePattern(written, at: location + ".pattern")
        else { return nil }
        var priority = 0
        if let value = route["priority"] { priority = integer(value, at: location + ".priority") ?? 0 }
        var redirect: RoutePattern?
        if let value = route["redirect"], let written = string(value, at: location + ".redirect") {
            guard let parsed = parsePattern(written, at: location + ".redirect") else { return nil }
            redirect = parsed
        }
        var constraints: [String: RouteFile.Constraint] = [:]
        if let value = route["constraints"] {
            guard let read = readConstraints(value, of: pattern, at: location + ".constraints") else { return nil }
            constraints = read
        }
        let web = route["web"].flatMap { string($0, at: location + ".web") }
        if let web, !checkWebTemplate(web, of: pattern, at: location + ".web") { return nil }
        let placement = readPlacement(route, at: location)
        let access = readAccess(route, at: location)
        return RouteFile.RouteDeclaration(
            pattern: written, name: route["name"].flatMap { string($0, at: location + ".name") }, priority: priority,
            destination: route["destination"].flatMap { string($0, at: location + ".destination") },
            redirect: redirect?.written, constraints: constraints, web: web,
            isUniversalLink: route["universalLink"].flatMap { bool($0, at: location + ".universalLink") } ?? true,
            placement: placement, access: access, table: table, location: location, parsedPattern: pattern,
            parsedRedirect: redirect)
    }

    /// The strings of a list, each checked by `problemWith` (a message, or `nil` when it is fine).
    mutating func strings(
        _ value: JSONValue?, at location: String, _ problemWith: (String) -> String?
    ) -> [String] {
        guard let value, let list = array(value, at: location) else { return [] }
        return list.enumerated().compactMap { index, item in
            let place = "\(location)[\(index)]"
            guard let text = string(item, at: place) else { return nil }
            if let message = problemWith(text) {
                problem(.invalidValue, at: place, message)
                return nil
            }
            return text
        }
    }

    /// Checks a web fallback: an `https` or `http` URL whose `{name}` parts name parameters of `pattern`.
    private mutating func checkWebTemplate(_ template: String, of pattern: RoutePattern, at location: String) -> Bool {
        guard template.hasPrefix("https://") || template.hasPrefix("http://") else {
            problem(.invalidValue, at: location, "a web fallback is an https or http URL")
            return false
        }
        for piece in WebTemplate.pieces(of: template) {
            switch piece {
            case .text: continue
            case .unclosed:
                problem(.invalidValue, at: location, "'{' has no matching '}'")
                return false
            case .parameter(let name) where !pattern.hasParameter(name):
                problem(.invalidValue, at: location, "'{\(name)}' is not a parameter of \(pattern)")
                return false
            case .parameter: continue
            }
        }
        return true
    }

    /// Reads `{"id": "digits", "tab": {"oneOf": ["home", "travel"]}}`, each name a parameter of `pattern`; `nil`
    /// after a problem, so that a route never loads with fewer constraints than its file gives it.
    private mutating func readConstraints(_ value: JSONValue, of pattern: RoutePattern, at location: String)
        -> [String: RouteFile.Constraint]?
    {
        guard let object = object(value, at: location) else { return nil }
        var constraints: [String: RouteFile.Constraint] = [:]
        var isValid = true
        for name in object.keys.sorted() {
            let place = "\(location).\(name)"
            guard pattern.hasParameter(name) else {
                problem(.invalidValue, at: place, "'\(name)' is not a parameter of \(pattern)")
                isValid = false
                continue
            }
            switch object[name] {
            case .string("digits"):
                constraints[name] = .digits
            case .object(let form) where form.keys.sorted() == ["oneOf"]:
                guard case .array(let list) = form["oneOf"], !list.isEmpty,
                    case let values = list.compactMap({ if case .string(let text) = $0 { text } else { nil } }),
                    values.count == list.count
                else {
                    problem(.invalidValue, at: place + ".oneOf", "'oneOf' takes a list of one or more strings")
                    isValid = false
                    continue
                }
                constraints[name] = .oneOf(values)
            default:
                problem(
                    .invalidValue, at: place, #"a constraint is "digits" or {"oneOf": ["a", "b"]}"#)
                isValid = false
            }
        }
        return isValid ? constraints : nil
    }

    private mutating func readOptions(_ value: JSONValue) -> RouterOptions {
        var options = RouterOptions()
        guard let object = object(value, at: "options") else { return options }
        checkKeys(object, Self.optionKeys, at: "options")
        if let value = object["decodePlusInPath"] {
            options.decodesPlusInPath = bool(value, at: "options.decodePlusInPath") ?? false
        }
        if let value = object["fragmentRouting"] {
            options.routesFragments = bool(value, at: "options.fragmentRouting") ?? false
        }
        if let value = object["caseInsensitiveLiterals"] {
            options.matchesLiteralsCaseInsensitively = bool(value, at: "options.caseInsensitiveLiterals") ?? false
        }
        if let value = object["limits"], let limits = self.object(value, at: "options.limits") {
            checkKeys(limits, Self.limitKeys, at: "options.limits")
            func limit(_ key: String, _ keyPath: WritableKeyPath<RoutingLimits, Int>) {
                guard let value = limits[key] else { return }
                guard let number = integer(value, at: "options.limits.\(key)") else { return }
                guard number > 0 else {
                    problem(.invalidValue, at: "options.limits.\(key)", "a limit is a positive whole number")
                    return
                }
                options.limits[keyPath: keyPath] = number
            }
            limit("maxInputLength", \.maxInputLength)
            limit("maxComponents", \.maxComponents)
            limit("maxQueryItems", \.maxQueryItems)
            limit("maxValueLength", \.maxValueLength)
        }
        return options
    }

    // MARK: Values

    /// The pattern parsed, or `nil` after a problem at `location`.
    private mutating func parsePattern(_ pattern: String, at location: String) -> RoutePattern? {
        do {
            return try RoutePattern(pattern)
        } catch {
            problems.append(
                RouteFileError(.invalidPattern, file: path, at: location, error.message, underlying: error))
            return nil
        }
    }

    mutating func checkKeys(_ object: [String: JSONValue], _ allowed: Set<String>, at location: String) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            let place = location.isEmpty ? key : "\(location).\(key)"
            problem(
                .unknownKey, at: place,
                "'\(key)' is not a key here; expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    mutating func object(_ value: JSONValue, at location: String) -> [String: JSONValue]? {
        if case .object(let object) = value { return object }
        problem(.invalidValue, at: location, "expected an object, found \(value.kind)")
        return nil
    }

    mutating func array(_ value: JSONValue, at location: String) -> [JSONValue]? {
        if case .array(let array) = value { return array }
        problem(.invalidValue, at: location, "expected an array, found \(value.kind)")
        return nil
    }

    /// A text of the file: a name, a destination, a pattern, a template. None holds a control character, which
    /// no link can carry and which the tools would print raw (an escape sequence in a route's name recoloured the
    /// terminal `switchyard routes` printed to).
    mutating func string(_ value: JSONValue, at location: String) -> String? {
        guard case .string(let string) = value else {
            problem(.invalidValue, at: location, "expected a string, found \(value.kind)")
            return nil
        }
        if LinkEncoding.hasControl(string) {
            problem(.invalidValue, at: location, "a control character cannot be in a route file's text")
            return nil
        }
        return string
    }

    mutating func bool(_ value: JSONValue, at location: String) -> Bool? {
        if case .bool(let bool) = value { return bool }
        problem(.invalidValue, at: location, "expected true or false, found \(value.kind)")
        return nil
    }

    /// A whole number of fewer than 16 digits: JSON's numbers are read as `Double`, which holds every such number
    /// exactly, so that a file's number is never rounded into another.
    mutating func integer(_ value: JSONValue, at location: String) -> Int? {
        guard case .number(let number) = value else {
            problem(.invalidValue, at: location, "expected a whole number, found \(value.kind)")
            return nil
        }
        guard number.rounded() == number else {
            problem(.invalidValue, at: location, "expected a whole number, found \(number)")
            return nil
        }
        guard abs(number) < 1e15 else {
            problem(.invalidValue, at: location, "expected a whole number of at most 15 digits")
            return nil
        }
        return Int(number)
    }

    mutating func problem(_ code: RouteFileError.Code, at location: String, _ message: String) {
        problems.append(RouteFileError(code, file: path, at: location, message))
    }
}
