import Foundation

/// The rules one app gets from an association file, read as the platform reads them: what
/// `apple-app-site-association` gives an app ID, or what `assetlinks.json` gives an Android package.
///
/// Reading resolves the defaults into each rule, so that two files that say the same thing in other words (key
/// order, whitespace, a default written out or left implicit, a comment) give equal values.
package struct AssociationRules: Sendable, Hashable {
    /// The components, in the order the platform tries them.
    package var components: [Component]
    /// The apps that share web credentials (Apple's `webcredentials`).
    package var webCredentialApps: Set<String> = []
    /// The App Clips (Apple's `appclips`).
    package var appClips: Set<String> = []
    /// The certificate fingerprints (Android's `sha256_cert_fingerprints`).
    package var fingerprints: Set<String> = []

    package init(components: [Component]) {
        self.components = components
    }

    /// One component: patterns for the path, query and fragment (`nil` for Apple's and Android's default `*`), and
    /// how they compare.
    ///
    /// In a pattern, `*` matches any characters (`/` included) and `?` one; `?*` so matches one or more.
    package struct Component: Sendable, Hashable, CustomStringConvertible {
        package var path: String?
        package var query: Query?
        package var fragment: String?
        package var excludes = false
        /// Apple's `caseSensitive`; Android's rules always match case.
        package var caseSensitive = true
        /// Apple's `percentEncoded`: whether the patterns are compared with the link as it is written (`true`), or
        /// with its components percent-decoded (`false`).
        package var percentEncoded = true

        package init(path: String?, query: Query? = nil, fragment: String? = nil, excludes: Bool = false) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.excludes = excludes
        }

        /// What a query must hold: the whole query as one pattern, or items that must be present, each value
        /// matching its pattern.
        package enum Query: Sendable, Hashable {
            case whole(String)
            case items([String: String])
        }

        /// The component as JSON writes it, keys sorted: `{"/": "/product/?*", "exclude": true}`.
        package var description: String {
            var fields: [(String, String)] = []
            if let path { fields.append(("/", Self.quoted(path))) }
            if let fragment { fields.append(("#", Self.quoted(fragment))) }
            switch query {
            case .whole(let pattern): fields.append(("?", Self.quoted(pattern)))
            case .items(let items):
                let inner = items.sorted { $0.key < $1.key }.map { "\(Self.quoted($0.key)): \(Self.quoted($0.value))" }
                fields.append(("?", "{" + inner.joined(separator: ", ") + "}"))
            case nil: break
            }
            if !caseSensitive { fields.append(("caseSensitive", "false")) }
            if excludes { fields.append(("exclude", "true")) }
            if !percentEncoded { fields.append(("percentEncoded", "false")) }
            return "{" + fields.map { "\(Self.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }

        private static func quoted(_ text: String) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let data = (try? encoder.encode(text)) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}

/// Why an association file could not be read.
package struct AssociationFileError: Error, Sendable, Hashable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

extension AssociationRules {
    /// The rules `apple-app-site-association` gives `appID`: the components of every `details` entry that names it
    /// (`appIDs`, or the older `appID`), in order, and the file's `webcredentials` and `appclips`. `nil` when no
    /// entry names it.
    ///
    /// A component's `caseSensitive` and `percentEncoded` resolve as Apple resolves them: the component's own
    /// value, else its details entry's `defaults`, else the file-wide `applinks.defaults`, else `true`. So a file
    /// that moves its defaults from one level to another means the same, and one that drops them does not.
    ///
    /// - Throws: ``AssociationFileError`` when the data is not JSON, or not shaped as Apple's file.
    package static func apple(_ data: Data, appID: String) throws(AssociationFileError) -> AssociationRules? {
        let root = try object(try json(data), "the file")
        var rules: AssociationRules?
        if let applinks = root["applinks"] {
            let applinks = try object(applinks, "applinks")
            let fileDefaults = try defaults(applinks["defaults"], "applinks.defaults")
            let details = try list(applinks["details"] ?? [Any](), "applinks.details")
            for (index, detail) in details.enumerated() {
                let entry = try object(detail, "applinks.details[\(index)]")
                let ids = (entry["appIDs"] as? [Any] ?? []) + [entry["appID"] as Any]
                guard ids.contains(where: { $0 as? String == appID }) else { continue }
                let entryDefaults = try defaults(entry["defaults"], "applinks.details[\(index)].defaults")
                let defaults = fileDefaults.merging(entryDefaults) { _, nearer in nearer }
                let components = try list(entry["components"] ?? [Any](), "applinks.details[\(index)].components")
                var read = try components.enumerated().map { offset, value throws(AssociationFileError) in
                    try component(value, at: "applinks.details[\(index)].components[\(offset)]", defaults: defaults)
                }
                if read.isEmpty, entry["paths"] != nil {
                    // The older `paths` form: read as path patterns, a `NOT ` prefix excluding.
                    read = (entry["paths"] as? [Any] ?? []).compactMap { $0 as? String }.map { path in
                        path.hasPrefix("NOT ")
                            ? Component(path: String(path.dropFirst(4)), excludes: true) : Component(path: path)
                    }
                }
                rules = AssociationRules(components: (rules?.components ?? []) + read)
            }
        }
        guard var found = rules else { return nil }
        found.webCredentialApps = apps(root["webcredentials"])
        found.appClips = apps(root["appclips"])
        return found
    }

    /// The rules `assetlinks.json` gives `package`: the `dynamic_app_link_components` of every statement whose
    /// target is that package and whose relation handles all URLs, with their fingerprints. A statement without
    /// dynamic components claims every path (`*`). `nil` when no statement names the package.
    ///
    /// - Throws: ``AssociationFileError`` when the data is not JSON, or not shaped as Google's file.
    package static func android(_ data: Data, package: String) throws(AssociationFileError) -> AssociationRules? {
        let relation = "delegate_permission/common.handle_all_urls"
        var rules: AssociationRules?
        for (index, value) in try list(try json(data), "the file").enumerated() {
            let statement = try object(value, "[\(index)]")
            let target = statement["target"] as? [String: Any] ?? [:]
            guard target["package_name"] as? String == package,
                (statement["relation"] as? [Any] ?? []).contains(where: { $0 as? String == relation })
            else { continue }
            let extensions = statement["relation_extensions"] as? [String: Any]
            let dynamic = (extensions?[relation] as? [String: Any])?["dynamic_app_link_components"]
            let components = try dynamic.map { value throws(AssociationFileError) in
                try list(value, "[\(index)].relation_extensions.dynamic_app_link_components").enumerated().map {
                    offset, item throws(AssociationFileError) in
                    try component(item, at: "[\(index)] component \(offset)", defaults: [:])
                }
            }
            var found = rules ?? AssociationRules(components: [])
            found.components += components ?? [Component(path: nil)]
            found.fingerprints.formUnion(
                (target["sha256_cert_fingerprints"] as? [Any] ?? []).compactMap { $0 as? String })
            rules = found
        }
        return rules
    }

    private static func json(_ data: Data) throws(AssociationFileError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw AssociationFileError("it is not JSON")
        }
    }

    private static func object(_ value: Any, _ location: String) throws(AssociationFileError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw AssociationFileError("\(location) is not an object") }
        return object
    }

    private static func list(_ value: Any, _ location: String) throws(AssociationFileError) -> [Any] {
        guard let list = value as? [Any] else { throw AssociationFileError("\(location) is not a list") }
        return list
    }

    /// The `defaults` object of `applinks` or of a details entry (absent: none).
    private static func defaults(_ value: Any?, _ location: String) throws(AssociationFileError) -> [String: Any] {
        guard let value else { return [:] }
        return try object(value, location)
    }

    private static func apps(_ value: Any?) -> Set<String> {
        Set(((value as? [String: Any])?["apps"] as? [Any] ?? []).compactMap { $0 as? String })
    }

    private static func component(
        _ value: Any, at location: String, defaults: [String: Any]
    ) throws(AssociationFileError) -> Component {
        let fields = try object(value, location)
        func string(_ key: String) throws(AssociationFileError) -> String? {
            guard let value = fields[key] else { return nil }
            guard let text = value as? String else { throw AssociationFileError("\(location).\(key) is not a string") }
            return text
        }
        /// A flag the component may set, else its defaults (`caseSensitive` and `percentEncoded` only: Apple's
        /// defaults have no `exclude`).
        func flag(_ key: String, _ fallback: Bool) -> Bool {
            (fields[key] as? Bool) ?? (key == "exclude" ? nil : defaults[key] as? Bool) ?? fallback
        }
        var query: Component.Query?
        if let value = fields["?"] {
            if let text = value as? String {
                query = .whole(text)
            } else if let items = value as? [String: Any] {
                query = .items(items.compactMapValues { $0 as? String })
            } else {
                throw AssociationFileError("\(location).? is neither a string nor an object")
            }
        }
        var component = Component(
            path: try string("/"), query: query, fragment: try string("#"), excludes: flag("exclude", false))
        component.caseSensitive = flag("caseSensitive", true)
        component.percentEncoded = flag("percentEncoded", true)
        // `*` is what an absent pattern means: one spelling for both.
        if component.path == "*" { component.path = nil }
        if component.fragment == "*" { component.fragment = nil }
        if case .whole("*") = component.query { component.query = nil }
        return component
    }
}
