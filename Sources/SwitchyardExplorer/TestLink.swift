import ArgumentParser
import Switchyard
import SwitchyardReports
import SwitchyardServer

/// The links `/links` offers for one named route: built by the router's `link(for:parameters:scheme:)`, as
/// `switchyard url FILE NAME key=value… --scheme SCHEME` builds them, in the app's custom scheme and as a
/// universal link, each checked by routing it back.
struct TestLink: Sendable {
    /// A parameter of the route's pattern, with the value the page starts with.
    struct Parameter: Sendable {
        var name: String
        /// Whether every expansion has it; an optional group's parameters may be left out.
        var isRequired: Bool
        /// A value that passes the parameter's constraint: the constraint's sample; else `1` for a name that reads
        /// as a number (`id`, `orderId`, `page`), and the parameter's name for others.
        var sample: String
        var constraint: String?
    }

    /// One form of the link.
    struct Form: Sendable {
        enum Kind: String, Sendable {
            case customScheme = "Custom scheme"
            case universalLink = "Universal link"

            /// The kind of link, in a sentence: "the custom-scheme link".
            var inSentence: String { self == .customScheme ? "custom-scheme link" : "universal link" }
        }

        var kind: Kind
        var scheme: String
        /// The link, or why it cannot be built from the values given.
        var link: Result<String, LinkError>
        /// What routing the link gives when it is not this route: a person sees that the link would not open it.
        var mismatch: String?
    }

    /// What a person filled in for a route.
    struct Values: Sendable, Equatable {
        /// Parameter values by name; an empty value leaves the parameter out.
        var parameters: [String: String]
        /// Query items as typed: `name=value` pairs joined by `&`, not percent-encoded (the link encodes them).
        var query = ""

        /// The query items, split on `&` and read as `switchyard url --query` reads each (the first `=` ends the
        /// name, a name alone is an item without a value), or why the tool would refuse them.
        var queryItems: Result<[QueryItem], ValidationError> {
            Result { () throws(ValidationError) in
                try keyValuePairs(query.split(separator: "&").map(String.init), allowingFlags: true)
            }
        }
    }

    let name: String
    let declaration: RouteFile.RouteDeclaration
    let parameters: [Parameter]

    /// The forms the route has, each with its link for `values`, and why a form is missing.
    func forms(values: Values, in loaded: LoadedRoutes) -> (forms: [Form], notes: [String]) {
        var forms: [Form] = []
        var notes: [String] = []
        let given = Values(parameters: values.parameters.filter { !$0.value.isEmpty }, query: values.query)
        if let scheme = scheme(in: loaded.file, web: false) {
            forms.append(form(.customScheme, scheme: scheme, values: given, in: loaded))
        } else {
            notes.append("No custom-scheme table holds this route or falls back to the global table.")
        }
        if !declaration.isUniversalLink {
            notes.append("Kept out of universal links: the route says \"universalLink\": false.")
        } else if let scheme = scheme(in: loaded.file, web: true) {
            forms.append(form(.universalLink, scheme: scheme, values: given, in: loaded))
        } else {
            notes.append("No https table holds this route or falls back to the global table.")
        }
        return (forms, notes)
    }

    /// The scheme whose links reach the route: its own table's when that is of the kind asked for (web: `https` or
    /// `http`; else a custom scheme), or for a global route, `https` then `http`, or the first custom scheme in
    /// alphabetical order, whose table falls back to the global one.
    private func scheme(in file: RouteFile, web: Bool) -> String? {
        let webSchemes = ["https", "http"]
        if let scheme = declaration.table.scheme { return webSchemes.contains(scheme) == web ? scheme : nil }
        let fallingBack = file.settings.filter { $0.value.fallsBackToGlobalRoutes }.keys.compactMap(\.scheme)
        return web
            ? webSchemes.first(where: fallingBack.contains) : fallingBack.filter { !webSchemes.contains($0) }.min()
    }

    private func form(_ kind: Form.Kind, scheme: String, values: Values, in loaded: LoadedRoutes) -> Form {
        let link = Result { () throws(LinkError) in
            try loaded.router.link(
                for: name, parameters: values.parameters, query: (try? values.queryItems.get()) ?? [], scheme: scheme)
        }
        var mismatch: String?
        if case .success(let text) = link {
            do {
                let match = try loaded.router.match(text)
                if match.flatMap({ loaded.file.declaration(of: $0.route) }) != declaration {
                    let other = match.map { $0.route.name ?? $0.route.pattern.written }
                    mismatch = other.map { "Routing this link opens \($0) instead." } ?? "No route matches this link."
                }
            } catch {
                mismatch = "The router rejects this link: \(error.code)."
            }
        }
        return Form(kind: kind, scheme: scheme, link: link, mismatch: mismatch)
    }

    /// The command that prints the link: `switchyard url FILE NAME key=value… --query name=value… --scheme SCHEME`,
    /// quoted for a shell.
    func command(file: String, values: Values, scheme: String) -> String {
        let parameters = parameters.compactMap { parameter in
            values.parameters[parameter.name].flatMap { $0.isEmpty ? nil : "\(parameter.name)=\($0)" }
        }
        let query = ((try? values.queryItems.get()) ?? []).flatMap { item in
            ["--query", item.value.map { "\(item.name)=\($0)" } ?? item.name]
        }
        let arguments = ["switchyard", "url", file, name] + parameters + query + ["--scheme", scheme]
        return arguments.map(Self.quoted).joined(separator: " ")
    }

    /// `argument` as a shell reads it back: plain words as they are, others in single quotes, and those that hold
    /// characters a reader cannot see in ANSI-C quotes (`$'id=\u202Egpj'`, which bash and zsh read back in a UTF-8
    /// locale), so that the command shown both reads true and, pasted, passes the very value.
    static func quoted(_ argument: String) -> String {
        let plain = argument.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_./:=@%+,".unicodeScalars.contains(scalar))
        }
        if plain && !argument.isEmpty { return argument }
        guard Markup.hasInvisible(argument) else {
            return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
                + "'"
        }
        var quoted = "$'"
        for scalar in argument.unicodeScalars {
            switch scalar {
            case "\\", "'": quoted += "\\" + String(scalar)
            case _ where HTML.isInvisible(scalar):
                // Exactly four or eight digits: a shell reads no further, so a hex digit after one stays itself.
                let digits = String(scalar.value, radix: 16, uppercase: true)
                let (escape, width) = scalar.value > 0xFFFF ? ("\\U", 8) : ("\\u", 4)
                quoted += escape + String(repeating: "0", count: width - digits.count) + digits
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }

    /// The named routes of a file, in the file's order; a name is listed once, as the router builds the first route
    /// of that name. (A route file lists the global table's routes first, then each scheme's in alphabetical order, as
    /// the router tries them for a name.)
    static func all(in file: RouteFile) -> [TestLink] {
        var seen = Set<String>()
        return file.routes.compactMap { declaration in
            guard let name = declaration.name, seen.insert(name).inserted else { return nil }
            return TestLink(declaration, name: name)
        }
    }

    /// The test link of the first route named `name`, as ``all(in:)`` lists it: one route's, made alone as a person
    /// edits its values.
    static func named(_ name: String, in file: RouteFile) -> TestLink? {
        file.routes.first { $0.name == name }.map { TestLink($0, name: name) }
    }

    fileprivate static func sample(named name: String) -> String {
        let lowercased = name.lowercased()
        let numeric = ["id", "page", "number", "count", "index"].contains { lowercased == $0 }
        return numeric || name.hasSuffix("Id") || name.hasSuffix("_id") || name.hasSuffix("ID") ? "1" : name
    }

    /// The values the page starts with: the samples of the required parameters; optional ones left out.
    var sampleValues: Values {
        Values(
            parameters: Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.isRequired ? $0.sample : "") }))
    }
}

extension TestLink {
    /// The test link of a route named `name`.
    fileprivate init(_ declaration: RouteFile.RouteDeclaration, name: String) {
        let pattern = declaration.parsedPattern
        let expansions = pattern.parameterNamesByExpansion
        let parameters = pattern.parameterNames.map { parameter in
            let constraint = declaration.constraints[parameter]
            return Parameter(
                name: parameter, isRequired: expansions.allSatisfy { $0.contains(parameter) },
                sample: constraint?.sample ?? Self.sample(named: parameter), constraint: constraint?.description)
        }
        self.init(name: name, declaration: declaration, parameters: parameters)
    }
}
