import Switchyard

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The two association files, as JSON: `/.well-known/apple-app-site-association` and `/.well-known/assetlinks.json`.
extension RouteFile {
    /// The most bytes Apple reads of an `apple-app-site-association` file.
    package static let maxAppleAssociationSize = 128 * 1024

    /// The association files of the apps a route file declares, made from one set of rules.
    package struct AssociationFiles: Sendable {
        /// `apple-app-site-association`, when the file names Apple apps: the app IDs, and the rules as
        /// `components`, case-sensitive as the router's literals are; the apps that share web credentials, and the
        /// App Clip.
        package var apple: Data?
        /// `assetlinks.json`, when the file names an Android app: one statement, its rules as
        /// `dynamic_app_link_components`.
        package var android: Data?
        /// The URLs the rules claim beyond the routes (see ``RouteFile/associationRules()``).
        package var overClaims: [OverClaim]
    }

    /// Both association files, for the apps the file declares.
    ///
    /// - Throws: ``RouteFileError`` when the file declares no app, an Android package without fingerprints, a table
    ///   that cannot be described (see ``associationRules()``), or an Apple file over ``maxAppleAssociationSize``.
    package func associationFiles() throws(RouteFileError) -> AssociationFiles {
        try checkAppsDeclared()
        let (rules, overClaims) = try associationRules()
        return try associationFiles(rules: rules, overClaims: overClaims)
    }

    /// The association files of the short-link host (``RouteFile/shortLinks``): one rule, the site's prefix and a
    /// slug (`/s/?*`), so that a tapped short link opens the app, which resolves it with ``ShortLinkResolver``. The
    /// app's routes are not claimed there: that host serves short links only.
    ///
    /// - Throws: ``RouteFileError`` when the file declares no short links or no app.
    package func shortLinkAssociationFiles() throws(RouteFileError) -> AssociationFiles {
        guard let site = shortLinks else {
            throw RouteFileError(
                .missingKey, file: path, at: "shortLinks", "\"shortLinks\" declares no host for short links")
        }
        try checkAppsDeclared()
        // Prefix components are letters, digits, `-` and `_`: nothing to encode.
        let prefix = site.prefixComponents.map { "/" + $0 }.joined()
        let rule = AssociationRule(path: prefix + "/?*", excludes: false, comment: "short links of \(site.host)")
        return try associationFiles(rules: [rule], overClaims: [])
    }

    private func checkAppsDeclared() throws(RouteFileError) {
        guard !apps.appleAppIDs.isEmpty || apps.androidPackage != nil else {
            throw RouteFileError(
                .missingKey, file: path, at: "apps", "\"apps\" declares no Apple app IDs and no Android package")
        }
    }

    private func associationFiles(rules: [AssociationRule], overClaims: [OverClaim]) throws(RouteFileError)
        -> AssociationFiles
    {
        var files = AssociationFiles(overClaims: overClaims)
        if !apps.appleAppIDs.isEmpty {
            let file = AppleFile(
                applinks: .init(
                    defaults: .init(caseSensitive: !options.matchesLiteralsCaseInsensitively),
                    details: [.init(appIDs: apps.appleAppIDs, components: rules.map { Rule($0, commented: true) })]),
                webcredentials: apps.webCredentialAppIDs.isEmpty ? nil : .init(apps: apps.webCredentialAppIDs),
                appclips: apps.appClipID.map { .init(apps: [$0]) })
            let data = Self.encode(file)
            guard data.count <= Self.maxAppleAssociationSize else {
                throw RouteFileError(
                    .invalidValue, file: path, at: "apps.apple",
                    "the association file is \(data.count) bytes; Apple reads at most \(Self.maxAppleAssociationSize)")
            }
            files.apple = data
        }
        if let package = apps.androidPackage {
            guard !apps.androidFingerprints.isEmpty else {
                throw RouteFileError(
                    .missingKey, file: path, at: "apps.android.sha256CertFingerprints",
                    "an Android app needs the fingerprints of its signing certificates")
            }
            let relation = "delegate_permission/common.handle_all_urls"
            let statement = AndroidStatement(
                relation: [relation],
                relation_extensions: [
                    relation: .init(dynamic_app_link_components: rules.map { Rule($0, commented: false) })
                ],
                target: .init(package_name: package, sha256_cert_fingerprints: apps.androidFingerprints))
            files.android = Self.encode([statement])
        }
        return files
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
            case fragment = "#"
            case exclude, comment
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule.path, forKey: .path)
            try container.encodeIfPresent(rule.fragment, forKey: .fragment)
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
        struct Apps: Encodable { let apps: [String] }
        let applinks: AppLinks
        let webcredentials: Apps?
        let appclips: Apps?
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
