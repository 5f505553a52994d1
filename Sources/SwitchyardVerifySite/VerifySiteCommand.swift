import ArgumentParser
import Foundation
import NIOCore
import Switchyard
import SwitchyardReports
import SwitchyardSiteCheck

/// `switchyard-verify-site`, also run as `switchyard verify-site`: checks live domains' association files against a
/// route file. A product of its own, so that the `switchyard` tool builds without an HTTP client.
@main
struct VerifySiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard verify-site",
        abstract: "Check that live domains serve the association files a route file needs.",
        discussion: """
            For each HOST, fetches /.well-known/apple-app-site-association and /.well-known/assetlinks.json (those \
            the route file's "apps" declares) over HTTPS, following no redirect, and checks that each answers 200 \
            with application/json, fits in 128 KB and parses; that its rules say what `switchyard associations` \
            would write (key order, whitespace and comments do not count); and that, matched with Apple's and \
            Google's rules, it sends the app exactly the links the routes open: a link for every route, and a \
            link for every rule of the live file. With --apple-cdn, Apple's CDN copy is compared with the site's.

            Prints the Associated Domains entitlement lines to add.

            Exits with 0 when every host is verified, 1 when one differs, 2 for bad usage or a host that cannot be \
            reached (no connection, a certificate not trusted, no answer within --timeout).

            Example:
              switchyard verify-site Examples/shop.json shop.example.com
            """)

    @Option(help: "A PEM file of certificates to trust besides the system's; repeat for more.")
    var caFile: [String] = []

    @Option(help: "The most seconds one fetch takes, 1 to 300.")
    var timeout = 10

    @Flag(help: "Also compare Apple's CDN copy of each host's file with the site's.")
    var appleCDN = false

    @Option(name: .customLong("apple-cdn-url"), help: "Where Apple's CDN keeps a host's file, the host appended.")
    var appleCDNURL = "https://app-site-association.cdn-apple.com/a/v1/"

    @Flag(help: "Write one JSON object: the hosts' reports and the entitlement lines.")
    var json = false

    @Argument(help: "The route file (JSON).")
    var file: String

    @Argument(help: "The domains to check: shop.example.com, or localhost:8443 with a port.")
    var hosts: [String]

    static func main() async {
        await mainExitingWithTwoForBadUsage()
    }

    func validate() throws {
        guard !hosts.isEmpty else { throw ValidationError("name at least one HOST") }
        for host in hosts where host.isEmpty || host.contains(where: { "/?#@ ".contains($0) }) {
            throw ValidationError("'\(host)' is not a domain: write it without a scheme or a path (shop.example.com)")
        }
        guard (1...300).contains(timeout) else { throw ValidationError("--timeout is 1 to 300 seconds") }
        guard appleCDNURL.hasPrefix("https://") else { throw ValidationError("--apple-cdn-url must be https") }
    }

    func run() async throws {
        let routeFile: RouteFile
        do {
            routeFile = try RouteFile(contentsOf: file)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let reports: [HostReport]
        do {
            reports = try await SiteFetcher.withFetcher(caFiles: caFile, timeout: .seconds(Int64(timeout))) { fetcher in
                let verifier = try SiteVerifier(
                    file: routeFile, fetcher: fetcher, appleCDN: appleCDN ? appleCDNURL : nil)
                var reports: [HostReport] = []
                for host in hosts { reports.append(await verifier.verify(host: host)) }
                return reports
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let entitlements = routeFile.entitlementLines(hosts: hosts)
        if json {
            let object: [String: Any] = ["hosts": reports.map(\.jsonObject), "entitlements": entitlements]
            let data = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            let advice =
                "\nThe Associated Domains entitlement (com.apple.developer.associated-domains) lists:\n"
                + entitlements.map { "  \($0)\n" }.joined()
                + "The ?mode=developer form is for a development build on a device in developer mode: it fetches the "
                + "file from the site, not Apple's CDN.\n"
            FileHandle.standardOutput.write(Data((reports.map(\.text).joined(separator: "\n") + advice).utf8))
        }
        if reports.contains(where: \.isUnreachable) { throw ExitCode(2) }
        if !reports.allSatisfy(\.isVerified) { throw ExitCode(1) }
    }
}
