import Foundation
import Switchyard
import SwitchyardWebLinks

/// Checks live sites against a route file: are its association files reachable as the platforms fetch them, do
/// they say what the route file's would, and do they send the app exactly the links it opens.
package struct SiteVerifier: Sendable {
    /// The association files the route file declares, each with the rules it gives the app.
    private let expected: [ExpectedFile]
    private let reach: RouteFile.UniversalLinkReach
    private let samples: [RouteFile.SiteLink]
    private let fetcher: SiteFetcher
    /// Where Apple's CDN copy of a host's file is, the host appended; `nil` not to compare it.
    private let appleCDN: String?

    /// One association file the route file makes.
    private struct ExpectedFile: Sendable {
        var name: String
        /// The app IDs (Apple) or the package (Android), each with the rules the route file gives it.
        var apps: [(id: String, rules: AssociationRules)]
        var read: @Sendable (Data, String) throws(AssociationFileError) -> AssociationRules?
    }

    /// - Throws: ``RouteFileError`` when the route file declares no app or cannot describe its rules.
    package init(file: RouteFile, fetcher: SiteFetcher, appleCDN: String?) throws {
        let files = try file.associationFiles()
        var expected: [ExpectedFile] = []
        if let apple = files.apple {
            let apps = try file.apps.appleAppIDs.map { id in (id, try AssociationRules.apple(apple, appID: id)) }
            expected.append(
                ExpectedFile(
                    name: "apple-app-site-association", apps: apps.compactMap { id, rules in rules.map { (id, $0) } },
                    read: AssociationRules.apple))
        }
        if let android = files.android, let package = file.apps.androidPackage,
            let rules = try AssociationRules.android(android, package: package)
        {
            expected.append(
                ExpectedFile(name: "assetlinks.json", apps: [(package, rules)], read: AssociationRules.android))
        }
        self.expected = expected
        reach = try RouteFile.UniversalLinkReach(file)
        samples = try file.associationSamples()
        self.fetcher = fetcher
        self.appleCDN = appleCDN
    }

    /// Fetches and checks the host's files (and Apple's CDN copy when asked).
    package func verify(host: String) async -> HostReport {
        var report = HostReport(host: host)
        for file in expected {
            let url = "https://\(host)/.well-known/\(file.name)"
            var fileReport = FileReport(name: file.name, url: url)
            // A host that did not answer for one file is not asked again: each try would wait the whole timeout.
            if let reason = report.files.lazy.compactMap(\.unreachable).first {
                fileReport.unreachable = reason
                report.files.append(fileReport)
                continue
            }
            let live = check(await fetcher.fetch(url), file, into: &fileReport)
            if let live { compare(live, file, into: &fileReport) }
            report.files.append(fileReport)
            if let appleCDN, file.name == "apple-app-site-association", let live {
                var copy = FileReport(name: "Apple's CDN copy", url: appleCDN + host)
                if let cached = check(await fetcher.fetch(copy.url), file, into: &copy) {
                    copy.differences = Self.differences(live, cached, showingIDs: live.count > 1)
                    if !copy.differences.isEmpty {
                        copy.problems.append("Apple's CDN serves another copy than the site: it may be stale")
                    }
                }
                report.files.append(copy)
            }
        }
        return report
    }

    /// Checks how the file came (status, type, size) and reads it; the rules it gives each app, or `nil` when it
    /// came wrong or cannot be read.
    private func check(
        _ outcome: SiteFetcher.Outcome, _ file: ExpectedFile, into report: inout FileReport
    ) -> [(id: String, rules: AssociationRules)]? {
        guard case .response(let response) = outcome else {
            if case .unreachable(let reason) = outcome { report.unreachable = reason }
            return nil
        }
        report.status = response.status
        report.contentType = response.contentType
        report.bytes = response.body.count
        if (300..<400).contains(response.status) {
            report.problems.append(
                "redirects (\(response.status)) to \(response.location ?? "nowhere"): the platforms follow no redirect "
                    + "for this file")
            return nil
        }
        guard response.status == 200 else {
            report.problems.append("answers \(response.status), not 200")
            return nil
        }
        let mediaType = response.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        if mediaType?.lowercased() != "application/json" {
            report.problems.append("is served as \(response.contentType ?? "no type"), not application/json")
        }
        guard response.body.count <= SiteFetcher.maxBytes else {
            report.problems.append("is over \(SiteFetcher.maxBytes) bytes: Apple reads at most 128 KB")
            return nil
        }
        var found: [(id: String, rules: AssociationRules)] = []
        for (id, _) in file.apps {
            do throws(AssociationFileError) {
                guard let rules = try file.read(response.body, id) else {
                    report.problems.append("names no rules for \(id)")
                    continue
                }
                found.append((id, rules))
            } catch {
                report.problems.append("cannot be read: \(error)")
                return nil
            }
        }
        return found
    }

    /// Compares the live rules with the route file's, and both on the links the route file's routes make and the
    /// links the live rules claim.
    private func compare(
        _ live: [(id: String, rules: AssociationRules)], _ file: ExpectedFile, into report: inout FileReport
    ) {
        report.differences = Self.differences(file.apps, live, showingIDs: file.apps.count > 1)
        guard let expected = file.apps.first?.rules, let found = live.first(where: { $0.id == file.apps.first?.id })
        else { return }
        var seen = Set<String>()
        let instances = found.rules.components.lazy.compactMap(Self.instance).prefix(Self.maxRuleLinks)
        for link in samples + instances where seen.insert(link.description).inserted {
            // Only a verdict that differs from the route file's own rules is the site's doing: a link the route
            // file's rules over-claim (a parameter's `?*` crosses `/`) is theirs, and listed by `associations`.
            let (claims, shouldClaim) = (found.rules.claims(link), expected.claims(link))
            guard claims != shouldClaim, shouldClaim == reach.opensApp(link) else { continue }
            if claims { report.overClaimed.append(link) } else { report.unclaimed.append(link) }
        }
    }

    /// How the rules `found` gives each app differ from those `expected` gives it, app by app (an app that `found`
    /// names no rules for is a problem reported already).
    private static func differences(
        _ expected: [(id: String, rules: AssociationRules)], _ found: [(id: String, rules: AssociationRules)],
        showingIDs: Bool
    ) -> [String] {
        expected.flatMap { app in
            guard let other = found.first(where: { $0.id == app.id }) else { return [String]() }
            return app.rules.differences(from: other.rules).map { (showingIDs ? "\(app.id): " : "") + $0 }
        }
    }

    /// The most links made from a live file's rules, and the longest. Matching a link costs at most its length
    /// times the file's 128 KB, so these bound the work a file of any shape can cause.
    static let maxRuleLinks = 256
    static let maxRuleLinkLength = 512

    /// A link that an including rule matches: `*` taken as nothing and `?` as `x`, so `/admin/?*` gives
    /// `/admin/x`; `nil` for an exclusion, or a rule whose link would be longer than ``maxRuleLinkLength``.
    private static func instance(of component: AssociationRules.Component) -> RouteFile.SiteLink? {
        guard !component.excludes,
            (component.path?.utf8.count ?? 0) + (component.fragment?.utf8.count ?? 0) <= maxRuleLinkLength
        else { return nil }
        func filled(_ pattern: String) -> String {
            String(pattern.unicodeScalars.compactMap { $0 == "*" ? nil : $0 == "?" ? "x" : Character($0) })
        }
        let path = component.path.map(filled) ?? "/"
        return RouteFile.SiteLink(
            path: path.hasPrefix("/") ? path : "/" + path, fragment: component.fragment.map(filled),
            comment: "a rule of the live file: \(component)")
    }
}
