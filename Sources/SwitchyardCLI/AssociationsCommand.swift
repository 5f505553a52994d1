import ArgumentParser
import Foundation
import Switchyard
import SwitchyardWebLinks

struct AssociationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "associations",
        abstract: "Write the association files that let web links open the app.",
        discussion: """
            Writes apple-app-site-association (Apple's universal links) and assetlinks.json (Android's App Links) \
            for the apps the route file declares under "apps", from the routes that https and http links reach. \
            Every path the router hands to such a route is claimed; routes with "universalLink": false are left \
            out. Serve both from /.well-known/ on each allowed host, over HTTPS, with no redirect.

            The files' wildcards cross '/', so a parameter claims deeper paths too: the paths claimed beyond what \
            the routes handle are listed on standard error.

            With --short-links, writes the files of the short-link host that "shortLinks" declares instead: one \
            rule, the prefix and a slug, so that a tapped short link opens the app, which resolves it. The app's \
            entitlements need that host too (applinks:HOST).

            Example:
              switchyard associations Examples/shop.json --out .well-known

            Exits with 2 when the file declares no app or a table cannot be described.
            """)

    @Option(help: "The folder to write the files to.")
    var out = ".well-known"

    @Flag(help: "Write the files of the short-link host instead (\"shortLinks\" in the route file).")
    var shortLinks = false

    @Argument(help: "The route file (JSON).")
    var file: String

    func run() throws {
        let routeFile = try loadRouteFile(file)
        var written: [String] = []
        do {
            let files = try shortLinks ? routeFile.shortLinkAssociationFiles() : routeFile.associationFiles()
            try makeFolder()
            for (name, data) in [("apple-app-site-association", files.apple), ("assetlinks.json", files.android)] {
                guard let data else { continue }
                let url = URL(fileURLWithPath: out).appendingPathComponent(name)
                do {
                    try data.write(to: url)
                } catch {
                    throw Failure("\(url.path): the file cannot be written: \(FileContents.reason(of: error))")
                }
                written.append(url.path)
            }
            if files.android != nil, routeFile.options.matchesLiteralsCaseInsensitively {
                FileOutput.error(
                    "note: Android's rules match case as written: links that differ from the routes' literals in case "
                        + "open the app on Apple platforms only\n")
            }
            if !shortLinks, let site = routeFile.shortLinks {
                FileOutput.error(
                    "note: the short links' host \(site.host) needs files of its own: switchyard associations "
                        + "\(file) --short-links --out DIR\n")
            }
            for claim in files.overClaims {
                FileOutput.error("note: \(claim.pattern) (\(claim.location)) is claimed for \(claim.example) too\n")
            }
        } catch {
            FileOutput.error("error: \(error)\n")
            throw Exit.badInput
        }
        FileOutput.out(written.map { $0 + "\n" }.joined())
    }

    /// Makes `--out` and the folders above it, unless it is a folder already.
    private func makeFolder() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Failure("--out \(out): is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw Failure("--out \(out): the folder cannot be made: \(FileContents.reason(of: error))")
        }
    }

    /// A file or folder that could not be written, in a sentence.
    private struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
