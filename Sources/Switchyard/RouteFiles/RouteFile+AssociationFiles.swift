#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The two association files, as JSON: `/.well-known/apple-app-site-association` and `/.well-known/assetlinks.json`.
extension RouteFile {
    /// The most bytes Apple reads of an `apple-app-site-association` file.
    package static let maxAppleAssociationSize = 128 * 1024

    /// `apple-app-site-association`: the app IDs, and the rules as `components`, case-sensitive as the router's
    /// literals are.
    ///
    /// - Throws: ``RouteFileError`` when the file declares no Apple app, when a table cannot be described (see
    ///   ``associationRules()``), or when the result is over ``maxAppleAssociationSize``.
    package func appleAppSiteAssociation() throws(RouteFileError) -> Data {
        guard !apps.appleAppIDs.isEmpty else {
            throw RouteFileError(.missingKey, file: path, at: "apps.apple", "the file declares no Apple app IDs")
        }
        let rules = try associationRules().rules
        let file = AppleFile(
            applinks: .init(
                defaults: .init(caseSensitive: !options.matchesLiteralsCaseInsensitively),
                details: [.init(appIDs: apps.appleAppIDs, components: rules.map { Rule($0, commented: true) })]))
        let data = Self.encode(file)
        guard data.count <= Self.maxAppleAssociationSize else {
            throw RouteFileError(
                .invalidValue, file: path, at: "apps.apple",
                "the association file is \(data.count) bytes; Apple reads at most \(Self.maxAppleAssociationSize)")
        }
        return data
    }

    /// `assetlinks.json`: one statement for the Android app, its rules as `dynamic_app_link_components`.
    /// - Throws: ``RouteFileError`` when the file declares no Android app, or a table cannot be described.
    package func assetLinks() throws(RouteFileError) -> Data {
        guard let package = apps.androidPackage, !apps.androidFingerprints.isEmpty else {
            throw RouteFileError(
                .missingKey, file: path, at: "apps.android",
                "the file declares no Android package with certificate fingerprints")
        }
        let rules = try associationRules().rules
        let relation = "delegate_permission/common.handle_all_urls"
        let statement = AndroidStatement(
            relation: [relation],
            relation_extensions: [
                relation: .init(dynamic_app_link_components: rules.map { Rule($0, commented: false) })
            ],
            target: .init(package_name: package, sha256_cert_fingerprints: apps.androidFingerprints))
        return Self.encode([statement])
    }

    private static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain structures of strings and flags: encoding them cannot fail.
        return (try? encoder.encode(value)) ?? Data()
    }

    /// A rule as both files write it: `{"/": "/product/?*", "exclude": true}`, and in Apple's file a `comment`
    /// that names the route.
    private struct Rule: Encodable {
        let rule: AssociationRule
        let isCommented: Bool

        private enum CodingKeys: String, CodingKey {
            case path = "/"
            case exclude, comment
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule.path, forKey: .path)
            if rule.excludes { try container.encode(true, forKey: .exclude) }
            if isCommented { try container.encode(rule.comment, forKey: .comment) }
        }

        init(_ rule: AssociationRule, commented: Bool) {
            self.rule = rule
            isCommented = commented
        }
    }

    private struct AppleFile: Encodable {
        struct AppLinks: Encodable {
            struct Defaults: Encodable { let caseSensitive: Bool }
            struct Detail: Encodable {
                let appIDs: [String]
                let components: [Rule]
            }
            let defaults: Defaults
            let details: [Detail]
        }
        let applinks: AppLinks
    }

    // The names are the file's own.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct AndroidStatement: Encodable {
        struct Extension: Encodable { let dynamic_app_link_components: [Rule] }
        struct Target: Encodable {
            let namespace = "android_app"
            let package_name: String
            let sha256_cert_fingerprints: [String]
        }
        let relation: [String]
        let relation_extensions: [String: Extension]
        let target: Target
    }
}
