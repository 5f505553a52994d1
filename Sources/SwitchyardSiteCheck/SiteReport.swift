import Switchyard
import SwitchyardWebLinks

/// What `verify-site` found on one host.
package struct HostReport: Sendable {
    package var host: String
    /// Each association file the route file declares, then Apple's CDN copy when asked for.
    package var files: [FileReport] = []

    /// Whether a file could not be fetched at all.
    package var isUnreachable: Bool { files.contains { $0.unreachable != nil } }
    /// Whether every file came right and says what the route file's would.
    package var isVerified: Bool { files.allSatisfy(\.isVerified) }
}

/// What one fetched association file showed.
package struct FileReport: Sendable {
    package var name: String
    package var url: String
    package var status: Int?
    package var contentType: String?
    package var bytes: Int?
    /// Why the fetch failed: no connection, a certificate not trusted, no answer in time.
    package var unreachable: String?
    /// How the file came wrong: a redirect, a status, a type, a size, JSON that cannot be read.
    package var problems: [String] = []
    /// How its rules differ from the route file's.
    package var differences: [String] = []
    /// Links the app opens that the file would not send it.
    package var unclaimed: [RouteFile.SiteLink] = []
    /// Links the file sends to the app that it does not open.
    package var overClaimed: [RouteFile.SiteLink] = []

    package var isVerified: Bool {
        unreachable == nil && problems.isEmpty && differences.isEmpty && unclaimed.isEmpty && overClaimed.isEmpty
    }
}

extension HostReport {
    /// The report as people read it: each file's fetch, then its problems, differences and links.
    package var text: String {
        var lines = ["\(host): \(isUnreachable ? "unreachable" : isVerified ? "verified" : "differs")"]
        for file in files {
            if let reason = file.unreachable {
                lines.append("  \(file.name): cannot be fetched from \(file.url): \(reason)")
                continue
            }
            let size = file.bytes.map {
                $0 > SiteFetcher.maxBytes ? "over \(SiteFetcher.maxBytes) bytes" : "\($0) bytes"
            }
            let fetched = [file.status.map { "\($0)" }, file.contentType, size]
            lines.append("  \(file.name): \(fetched.compactMap { $0 }.joined(separator: ", "))")
            lines += file.problems.map { "    problem: \($0)" }
            lines += file.differences.map { "    difference: \($0)" }
            lines += file.unclaimed.map { "    not sent to the app: \($0) (\($0.comment))" }
            lines += file.overClaimed.map { "    sent to the app, which does not open it: \($0) (\($0.comment))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension RouteFile {
    /// The Associated Domains entitlement's lines for `hosts`: `applinks:HOST` (with `webcredentials:` and
    /// `appclips:` when the file declares them), and the `?mode=developer` form that a development build uses to
    /// fetch the file from the site itself rather than Apple's CDN.
    package func entitlementLines(hosts: [String]) -> [String] {
        let services =
            ["applinks"] + (apps.webCredentialAppIDs.isEmpty ? [] : ["webcredentials"])
            + (apps.appClipID == nil ? [] : ["appclips"])
        let domains = hosts.map { host in
            // The entitlement names a domain, without a port.
            host.split(separator: ":", maxSplits: 1).first.map(String.init) ?? host
        }
        return services.flatMap { service in domains.map { "\(service):\($0)" } }
            + domains.map { "applinks:\($0)?mode=developer" }
    }
}

extension HostReport {
    /// The report as `--json` writes it, one object a host: the same fields as the text, each link with the route it
    /// was made for.
    package var jsonObject: [String: Any] {
        func links(_ list: [RouteFile.SiteLink]) -> [[String: String]] {
            list.map { ["link": $0.description, "for": $0.comment] }
        }
        let files = files.map { file -> [String: Any] in
            var object: [String: Any] = [
                "name": file.name, "url": file.url, "verified": file.isVerified, "problems": file.problems,
                "differences": file.differences, "unclaimed": links(file.unclaimed),
                "overClaimed": links(file.overClaimed),
            ]
            object["status"] = file.status
            object["contentType"] = file.contentType
            object["bytes"] = file.bytes
            object["unreachable"] = file.unreachable
            return object
        }
        return ["host": host, "verified": isVerified, "reachable": !isUnreachable, "files": files]
    }
}
