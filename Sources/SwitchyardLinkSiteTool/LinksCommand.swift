import ArgumentParser
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Switchyard
import SwitchyardLinkAPI
import SwitchyardReports

import enum SwitchyardLinkSite.InternetTime
import struct SwitchyardLinkSite.LinkImport

/// `switchyard-link-site links …`, also run as `switchyard links …`: the admin API of a running site, from the
/// command line. The site is `--site` or `SWITCHYARD_SITE`; the token is `SWITCHYARD_TOKEN`, never an argument (it
/// would show in the process list and the shell's history).
///
/// Exit codes, as the `switchyard` tool's: 0 done; 1 the site has no such link, or refused the link (taken slug,
/// broken rule); 2 bad usage, no token or a token refused, or a site that cannot be reached, redirects or fails.
struct LinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract:
            "Create, list, show, count, disable, delete, export and import a link site's short links, list their claims, and make their QR codes.",
        discussion: """
            The site is --site or SWITCHYARD_SITE (http://127.0.0.1:8080); the token is SWITCHYARD_TOKEN, made with \
            `switchyard-link-site token create NAME`. --json prints the site's JSON answer, as the API's document describes it.

            Examples:
              export SWITCHYARD_TOKEN=sy_…
              switchyard links create myapp://product/1988 --slug xmas --title "Christmas sale" --utm source=poster
              switchyard links stats xmas
              switchyard links claims xmas --state open
            """,
        subcommands: [
            Create.self, List.self, Show.self, Stats.self, Claims.self, Disable.self, Delete.self, Export.self,
            Import.self, QR.self,
        ])

    struct Site: ParsableArguments {
        @Option(help: "The link site's address (default: SWITCHYARD_SITE, else http://127.0.0.1:8080).")
        var site: String?

        @Flag(help: "Print the site's JSON answer.")
        var json = false

        @Option(help: "Seconds to wait for the site, 1 to 300.")
        var timeout = 10

        @Option(
            name: .customLong("ca-file"),
            help: """
                A PEM file of certificates to trust besides the system's, for an https site whose certificate a \
                private authority signed (repeatable).
                """)
        var caFiles: [String] = []

        func validate() throws {
            guard (1...300).contains(timeout) else { throw ValidationError("--timeout is 1 to 300 seconds") }
        }

        /// Runs `operation` with the API's generated client, for the site and token of the environment, and returns
        /// what it answered. A refusal exits as the tool's exit codes say: 2 for no token, a token refused, too many
        /// requests, a site that cannot be reached, redirects or fails; 1 for the rest (no such link, a link refused).
        func call<Answer>(_ operation: (Client) async throws -> Answer) async throws -> Answer {
            let environment = ProcessInfo.processInfo.environment
            guard let token = environment["SWITCHYARD_TOKEN"], !token.isEmpty else {
                throw Failure.badUsage(
                    "set SWITCHYARD_TOKEN to a token of the site (switchyard-link-site token create)")
            }
            let base = site ?? environment["SWITCHYARD_SITE"] ?? "http://127.0.0.1:8080"
            guard base.hasPrefix("http://") || base.hasPrefix("https://"), let url = URL(string: base) else {
                throw Failure.badUsage("the site is an http:// or https:// address, not '\(base)'")
            }
            let http = try SiteCalls.httpClient(trusting: caFiles)
            let client = Client(
                serverURL: url,
                transport: AsyncHTTPClientTransport(
                    configuration: .init(client: http, timeout: .seconds(Int64(timeout)))),
                middlewares: [SiteCalls(token: token)])
            do {
                let answer = try await answer(of: operation, from: client, at: base)
                try? await http.shutdown()
                return answer
            } catch {
                try? await http.shutdown()
                throw error
            }
        }

        /// What `operation` answered, or its refusal as the tool's exit codes say it.
        private func answer<Answer>(
            of operation: (Client) async throws -> Answer, from client: Client, at base: String
        ) async throws -> Answer {
            do {
                return try await operation(client)
            } catch let error as ClientError {
                guard let refusal = error.underlyingError as? SiteRefusal else {
                    throw Failure.badUsage(
                        "the site \(base) cannot be reached, or its answer is not the API's: \(error.underlyingError)")
                }
                if json, let body = refusal.error { Swift.print(try Self.text(body)) }
                let message = "the site answered \(refusal.status): \(refusal.message)"
                if refusal.isRedirect || [401, 403, 429].contains(refusal.status) || refusal.status >= 500 {
                    throw Failure.badUsage(message)
                }
                throw Failure.refused(message)
            }
        }

        /// `value` as the site's JSON: keys sorted, dates in ISO 8601.
        static func text(_ value: some Encodable) throws -> String {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        }

        /// Prints `value`: its JSON with --json, else `text`.
        func print(_ value: some Encodable, text: () -> String) throws {
            Swift.print(json ? try Self.text(value) : text())
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a short link to TARGET: a link the route file routes, or a web link on an allowed host.")
        @OptionGroup var site: Site
        @Argument(help: "Where the link goes.") var target: String
        @Option(help: "The slug (default: 12 random letters and digits).") var slug: String?
        @Option(help: "Where an iPhone or iPad goes instead.") var ios: String?
        @Option(help: "Where an Android phone goes instead.") var android: String?
        @Option(help: "Where a desktop browser goes instead.") var desktop: String?
        @Option(help: "The social preview's title.") var title: String?
        @Option(help: "The social preview's description.") var description: String?
        @Option(help: "The social preview's image (https).") var imageURL: String?
        @Option(
            help: "A UTM parameter, NAME=VALUE without utm_: source, medium, campaign, term or content (repeatable).")
        var utm: [String] = []
        @Option(help: "When the link expires (ISO 8601, 2026-12-31T23:59:59Z).") var expires: String?
        @Option(name: .customLong("tag"), help: "A tag (repeatable).") var tags: [String] = []

        func run() async throws {
            var request = Components.Schemas.LinkRequest(
                slug: slug, target: target, ios: ios, android: android, desktop: desktop, title: title,
                description: description, imageURL: imageURL, tags: tags.isEmpty ? nil : tags)
            if !utm.isEmpty { request.utm = try Self.parameters(utm) }
            if let expires {
                guard let date = InternetTime.date(from: expires) else {
                    throw Failure.badUsage("--expires is a time in ISO 8601, as 2026-12-31T23:59:59Z, not '\(expires)'")
                }
                request.expiresAt = date
            }
            let answer = try await site.call { try await $0.createLink(body: .json(request)) }
            let link = try Site.success(answer.created.body.json)
            try site.print(link) { link.link }
        }

        /// The UTM parameters of `--utm NAME=VALUE` options; a name the document does not give is refused, as the
        /// site would, and a name given twice is bad usage (one would silently win).
        static func parameters(_ items: [String]) throws -> Components.Schemas.Utm {
            var utm = Components.Schemas.Utm()
            var given: Set<Substring> = []
            for item in items {
                guard let equals = item.firstIndex(of: "=") else {
                    throw Failure.badUsage("--utm is NAME=VALUE, not '\(item)'")
                }
                let value = String(item[item.index(after: equals)...])
                guard given.insert(item[..<equals]).inserted else {
                    throw Failure.badUsage("--utm \(item[..<equals]) is given twice")
                }
                switch item[..<equals] {
                case "source": utm.source = value
                case "medium": utm.medium = value
                case "campaign": utm.campaign = value
                case "term": utm.term = value
                case "content": utm.content = value
                case let name:
                    throw Failure.refused("utm.\(name) is not one of campaign, content, medium, source, term")
                }
            }
            return utm
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every link: slug, state, target.")
        @OptionGroup var site: Site

        func run() async throws {
            var after: String?
            var links: [Components.Schemas.Link] = []
            repeat {
                let query = Operations.ListLinks.Input.Query(limit: 200, after: after)
                let page = try await site.call { try await $0.listLinks(query: query) }
                let body = try Site.success(page.ok.body.json)
                links += body.links
                after = body.next
            } while after != nil
            let width = links.map(\.slug.count).max() ?? 0
            try site.print(Components.Schemas.Export(links: links)) {
                links.map { link in
                    link.slug.padding(toLength: width, withPad: " ", startingAt: 0)
                        + "  \(link.disabled ? "disabled" : "active  ")  \(link.target)"
                }.joined(separator: "\n")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a link's fields.")
        @OptionGroup var site: Site
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            let link = try await site.link(slug)
            try site.print(link) { Self.lines(link).joined(separator: "\n") }
        }

        /// `name: value` for each field the link has, by name.
        static func lines(_ link: Components.Schemas.Link) -> [String] {
            let dates = ISO8601DateFormatter()
            let utm = link.utm.additionalProperties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let fields: [(String, String?)] = [
                ("android", link.android), ("createdAt", dates.string(from: link.createdAt)),
                ("description", link.description), ("desktop", link.desktop), ("disabled", "\(link.disabled)"),
                ("expiresAt", link.expiresAt.map(dates.string(from:))), ("imageURL", link.imageURL), ("ios", link.ios),
                ("link", link.link), ("slug", link.slug), ("tags", link.tags.joined(separator: ", ")),
                ("target", link.target), ("title", link.title), ("updatedAt", dates.string(from: link.updatedAt)),
                ("utm", utm.joined(separator: ", ")),
            ]
            return fields.compactMap { name, value in value.map { "\(name): \($0)" } }
        }

        /// `slug` when it is a slug (the core's ``Slug`` decides), so that nothing else reaches the site's path.
        static func checked(_ slug: String) throws -> String {
            do {
                return try Slug(slug).text
            } catch {
                throw Failure.badUsage(error.message)
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Count a link's clicks by day and platform.")
        @OptionGroup var site: Site
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            let path = Operations.LinkStats.Input.Path(slug: try Show.checked(slug))
            let answer = try await site.call { try await $0.linkStats(path: path) }
            let stats = try Site.success(answer.ok.body.json)
            try site.print(stats) {
                let days = stats.days.map { day in
                    "\(day.day)  \(day.platform.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(day.clicks)"
                }
                let claims = (stats.claims ?? []).map { "\($0.day)  \($0.event.rawValue)  \($0.count)" }
                let lines = days + ["total  \(stats.total)"]
                return (lines + (claims.isEmpty ? [] : ["claims:"] + claims)).joined(separator: "\n")
            }
        }
    }

    struct Claims: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a link's claims of deferred links, newest first: id, state, made, redeemed.")
        @OptionGroup var site: Site
        @Option(help: "open, redeemed or expired: only claims in that state.") var state: String?
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            typealias State = Operations.ListClaims.Input.Query.StatePayload
            let state = try self.state.map { text in
                guard let state = State(rawValue: text) else {
                    throw Failure.badUsage("--state is open, redeemed or expired")
                }
                return state
            }
            let path = Operations.ListClaims.Input.Path(slug: try Show.checked(slug))
            var before: String?
            var claims: [Components.Schemas.ListedClaim] = []
            repeat {
                let query = Operations.ListClaims.Input.Query(state: state, limit: 200, before: before)
                let answer = try await site.call { try await $0.listClaims(path: path, query: query) }
                let page = try Site.success(answer.ok.body.json)
                claims += page.claims
                before = page.next
            } while before != nil
            let dates = ISO8601DateFormatter()
            try site.print(Components.Schemas.ClaimPage(claims: claims)) {
                guard !claims.isEmpty else { return "no claims" }
                return claims.map { claim in
                    let state = claim.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                    let redeemed = claim.redeemedAt.map(dates.string(from:)) ?? "-"
                    return "\(claim.id)  \(state)  \(dates.string(from: claim.createdAt))  \(redeemed)"
                }.joined(separator: "\n")
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable a link: it answers 410 from now on.")
        @OptionGroup var site: Site
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            let path = Operations.DisableLink.Input.Path(slug: try Show.checked(slug))
            let answer = try await site.call { try await $0.disableLink(path: path) }
            let link = try Site.success(answer.ok.body.json)
            try site.print(link) { "disabled \(slug)" }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a link and its clicks.")
        @OptionGroup var site: Site
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            let path = Operations.DeleteLink.Input.Path(slug: try Show.checked(slug))
            let answer = try await site.call { try await $0.deleteLink(path: path) }
            _ = try Site.success(answer.noContent)
            print(site.json ? "" : "deleted \(slug)")
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every link, as JSON or CSV.")
        @OptionGroup var site: Site
        @Option(help: "json or csv.") var format = "json"

        func run() async throws {
            guard let format = Operations.ExportLinks.Input.Query.FormatPayload(rawValue: format) else {
                throw Failure.badUsage("--format is json or csv")
            }
            let answer = try await site.call { try await $0.exportLinks(query: .init(format: format)) }
            let body = try Site.success(answer.ok.body)
            switch body {
            case .json(let export):
                FileHandle.standardOutput.write(Data(try Site.text(export).utf8))
            case .textCsvCharsetUtf8(let csv):
                FileHandle.standardOutput.write(try await Data(collecting: csv, upTo: SiteCalls.maxSize))
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the links of a CSV file (this site's export, or Bitly's), then write them with --commit.",
            discussion: """
                Without --commit nothing is written: each refused row is printed with why, at its field, with the \
                API's codes. With --commit the rows are written in one transaction, all of them or, when a row is \
                refused, none (--skip-refused writes the others). At most 10,000 rows and 2 MiB (a larger file is \
                refused before it is sent). Exits with 1 when a row or the file is refused.
                  switchyard links import links.csv
                  switchyard links import bitly-export.csv --commit
                """)
        @OptionGroup var site: Site
        @Argument(help: "The CSV file.") var file: String
        @Flag(help: "Write the links (a dry run without it).") var commit = false
        @Flag(help: "With --commit, write the rows that are not refused.") var skipRefused = false

        func run() async throws {
            let data: Data
            do {
                // No more than the site takes: a larger file is refused here, as the site would refuse it (413),
                // without reading it whole or sending it.
                data = Data(try FileContents.bytes(at: file, atMost: LinkImport.maxBytes))
            } catch {
                guard error.kind == .tooLarge else { throw Failure.badUsage("\(error)") }
                throw Failure.refused("\(error), the most the site takes in one import: split it")
            }
            let query = Operations.ImportLinks.Input.Query(commit: commit, skipRefused: skipRefused)
            let answer = try await site.call { try await $0.importLinks(query: query, body: .csv(HTTPBody(data))) }
            let report = try Site.success(answer.ok.body.json)
            try site.print(report) { Self.lines(report, commit: commit).joined(separator: "\n") }
            if report.refused > 0 { throw ExitCode(1) }
        }

        /// A line a refused row's problem, then what was (or would be) done.
        static func lines(_ report: Components.Schemas.ImportReport, commit: Bool) -> [String] {
            var lines: [String] = []
            for row in report.rows {
                for problem in row.problems ?? [] {
                    lines.append("row \(row.row): \(problem.field): \(problem.code): \(problem.message)")
                }
            }
            let format = report.format == .bitly ? "Bitly's export" : "this site's export"
            let counts = "\(report.made) made, \(report.refused) refused"
            if report.committed {
                lines.append("\(format): \(counts); the \(report.made) written")
            } else if commit {
                lines.append("\(format): \(counts); nothing written (--skip-refused writes the rows not refused)")
            } else {
                lines.append("\(format): \(counts); a dry run, nothing written (--commit writes them)")
            }
            return lines
        }
    }

    struct QR: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "qr", abstract: "Make the QR code of a link (SVG or PNG), to print.",
            discussion: """
                The code holds the link as the site gives it (its `link`), so that scanning it opens what a tap on \
                the link opens. The picture goes to --out, or to standard output; its format is --format, or the \
                file's extension.
                  switchyard links qr xmas --out xmas.png --size 1024 --level Q
                """)
        @OptionGroup var site: Site
        @OptionGroup var picture: QRPictureOptions
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            let link = try await site.link(slug)
            do {
                try picture.write(link.link)
            } catch {
                throw Failure.badUsage(error.message)
            }
        }
    }
}

extension LinksCommand.Site {
    /// The link whose slug is `slug`, as the site gives it; a text that is not a slug exits 2 before any call.
    func link(_ slug: String) async throws -> Components.Schemas.Link {
        let path = Operations.GetLink.Input.Path(slug: try LinksCommand.Show.checked(slug))
        let answer = try await call { try await $0.getLink(path: path) }
        return try Self.success(answer.ok.body.json)
    }

    /// What an answer the site gave with a success status holds; one that is not what the document says for it
    /// exits 2.
    static func success<Value>(_ value: @autoclosure () throws -> Value) throws -> Value {
        do {
            return try value()
        } catch {
            throw Failure.badUsage("the site's answer is not the API's: \(error)")
        }
    }
}
