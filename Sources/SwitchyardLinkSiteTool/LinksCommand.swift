import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import Switchyard

/// `switchyard-link-site links …`, also run as `switchyard links …`: the admin API of a running site, from the
/// command line. The site is `--site` or `SWITCHYARD_SITE`; the token is `SWITCHYARD_TOKEN`, never an argument (it
/// would show in the process list and the shell's history).
///
/// Exit codes, as the `switchyard` tool's: 0 done; 1 the site has no such link, or refused the link (taken slug,
/// broken rule); 2 bad usage, no token or a token refused, or a site that cannot be reached or fails.
struct LinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract:
            "Create, list, show, count, disable, delete and export a link site's short links, and list their claims.",
        discussion: """
            The site is --site or SWITCHYARD_SITE (http://127.0.0.1:8080); the token is SWITCHYARD_TOKEN, made with \
            `switchyard-link-site token create NAME`. --json prints the site's JSON answer as it is.

            Examples:
              export SWITCHYARD_TOKEN=sy_…
              switchyard links create myapp://product/1988 --slug xmas --title "Christmas sale" --utm source=poster
              switchyard links stats xmas
              switchyard links claims xmas --state open
            """,
        subcommands: [
            Create.self, List.self, Show.self, Stats.self, Claims.self, Disable.self, Delete.self, Export.self,
        ])

    struct Site: ParsableArguments {
        @Option(help: "The link site's address (default: SWITCHYARD_SITE, else http://127.0.0.1:8080).")
        var site: String?

        @Flag(help: "Print the site's JSON answer.")
        var json = false

        @Option(help: "Seconds to wait for the site.")
        var timeout = 10

        func validate() throws {
            guard (1...300).contains(timeout) else { throw ValidationError("--timeout is 1 to 300 seconds") }
        }

        /// Sends `method path` with `body`, and returns the answer's status and body; exits 2 when there is no token,
        /// the site cannot be reached, or it refuses the token.
        func call(_ method: HTTPMethod, _ path: String, body: [UInt8]? = nil) async throws -> (Int, [UInt8]) {
            let environment = ProcessInfo.processInfo.environment
            guard let token = environment["SWITCHYARD_TOKEN"], !token.isEmpty else {
                throw Failure.badUsage(
                    "set SWITCHYARD_TOKEN to a token of the site (switchyard-link-site token create)")
            }
            let base = site ?? environment["SWITCHYARD_SITE"] ?? "http://127.0.0.1:8080"
            guard base.hasPrefix("http://") || base.hasPrefix("https://") else {
                throw Failure.badUsage("the site is an http:// or https:// address, not '\(base)'")
            }
            var request = HTTPClientRequest(url: base.trimmingSuffix("/") + path)
            request.method = method
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            request.headers.add(name: "Accept", value: "application/json")
            if let body {
                request.headers.add(name: "Content-Type", value: "application/json")
                request.body = .bytes(ByteBuffer(bytes: body))
            }
            let response: HTTPClientResponse
            var bytes: ByteBuffer
            do {
                response = try await HTTPClient.shared.execute(request, timeout: .seconds(Int64(timeout)))
                bytes = try await response.body.collect(upTo: 64 << 20)
            } catch {
                throw Failure.badUsage("the site \(base) cannot be reached: \(error)")
            }
            let status = Int(response.status.code)
            let received = bytes.readBytes(length: bytes.readableBytes) ?? []
            if status == 401 || status == 403 || status == 429 || status >= 500 {
                throw Failure.badUsage("the site answered \(status): \(Self.message(received))")
            }
            return (status, received)
        }

        /// The `message` of an error answer, or its first 200 bytes.
        static func message(_ body: [UInt8]) -> String {
            let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
            guard let error = object?["error"] as? [String: Any], let message = error["message"] as? String else {
                return String(decoding: body.prefix(200), as: UTF8.self)
            }
            let problems = (error["problems"] as? [[String: Any]] ?? []).map { problem in
                "\n  \(problem["field"] as? String ?? "?"): \(problem["message"] as? String ?? "")"
            }
            return message + problems.joined()
        }

        /// Prints the answer: the JSON as it is with --json, else `text` of its object; exits 1 for a 4xx.
        func finish(_ answer: (Int, [UInt8]), text: ([String: Any]) -> String) throws {
            let (status, body) = answer
            guard (200..<300).contains(status) else {
                if json { FileHandle.standardOutput.write(Data(body + [10])) }
                throw Failure.refused("the site answered \(status): \(Self.message(body))")
            }
            if json {
                FileHandle.standardOutput.write(Data(body + [10]))
            } else {
                let object = (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]) ?? [:]
                print(text(object))
            }
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
        @Option(help: "A UTM parameter, NAME=VALUE without utm_ (repeatable).") var utm: [String] = []
        @Option(help: "When the link expires (ISO 8601, 2026-12-31T23:59:59Z).") var expires: String?
        @Option(name: .customLong("tag"), help: "A tag (repeatable).") var tags: [String] = []

        func run() async throws {
            var fields: [String: Any] = ["target": target]
            for (key, value) in [
                ("slug", slug), ("ios", ios), ("android", android), ("desktop", desktop), ("title", title),
                ("description", description), ("imageURL", imageURL), ("expiresAt", expires),
            ] {
                if let value { fields[key] = value }
            }
            if !tags.isEmpty { fields["tags"] = tags }
            if !utm.isEmpty {
                var pairs: [String: String] = [:]
                for item in utm {
                    guard let equals = item.firstIndex(of: "=") else {
                        throw Failure.badUsage("--utm is NAME=VALUE, not '\(item)'")
                    }
                    pairs[String(item[..<equals])] = String(item[item.index(after: equals)...])
                }
                fields["utm"] = pairs
            }
            let body = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
            try site.finish(try await site.call(.POST, "/api/admin/links", body: Array(body))) { link in
                link["link"] as? String ?? ""
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every link: slug, state, target.")
        @OptionGroup var site: Site

        func run() async throws {
            var after: String?
            var pages: [[String: Any]] = []
            repeat {
                let query = after.map { "?limit=200&after=\($0)" } ?? "?limit=200"
                let (status, body) = try await site.call(.GET, "/api/admin/links" + query)
                guard status == 200, let page = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
                else { throw Failure.refused("the site answered \(status): \(Site.message(body))") }
                pages.append(page)
                after = page["next"] as? String
            } while after != nil
            let links = pages.flatMap { $0["links"] as? [[String: Any]] ?? [] }
            if site.json {
                let data = try JSONSerialization.data(withJSONObject: ["links": links], options: [.sortedKeys])
                FileHandle.standardOutput.write(data + Data([10]))
                return
            }
            let width = links.map { ($0["slug"] as? String ?? "").count }.max() ?? 0
            for link in links {
                let slug = link["slug"] as? String ?? ""
                let state = link["disabled"] as? Bool == true ? "disabled" : "active  "
                print(
                    slug.padding(toLength: width, withPad: " ", startingAt: 0)
                        + "  \(state)  \(link["target"] as? String ?? "")")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a link's fields.")
        @OptionGroup var site: Site
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            try site.finish(try await site.call(.GET, "/api/admin/links/\(try Self.checked(slug))")) { link in
                link.keys.sorted().map { key in "\(key): \(Self.text(link[key]))" }.joined(separator: "\n")
            }
        }

        static func text(_ value: Any?) -> String {
            switch value {
            case let text as String: text
            case let list as [Any]: list.map { text($0) }.joined(separator: ", ")
            case let object as [String: Any]:
                object.keys.sorted().map { "\($0)=\(text(object[$0]))" }.joined(separator: ", ")
            case let number as NSNumber: "\(number)"
            default: ""
            }
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
            try site.finish(try await site.call(.GET, "/api/admin/links/\(try Show.checked(slug))/stats")) { stats in
                let days = (stats["days"] as? [[String: Any]] ?? []).map { day in
                    "\(day["day"] as? String ?? "")  \((day["platform"] as? String ?? "").padding(toLength: 7, withPad: " ", startingAt: 0))  \(day["clicks"] as? Int ?? 0)"
                }
                let claims = (stats["claims"] as? [[String: Any]] ?? []).map { day in
                    "\(day["day"] as? String ?? "")  \(day["event"] as? String ?? "")  \(day["count"] as? Int ?? 0)"
                }
                let lines = days + ["total  \(stats["total"] as? Int ?? 0)"]
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
            if let state, !["open", "redeemed", "expired"].contains(state) {
                throw Failure.badUsage("--state is open, redeemed or expired")
            }
            let slug = try Show.checked(slug)
            var before: String?
            var claims: [[String: Any]] = []
            repeat {
                var query = "?limit=200" + (state.map { "&state=\($0)" } ?? "")
                if let before { query += "&before=\(before)" }
                let (status, body) = try await site.call(.GET, "/api/admin/links/\(slug)/claims" + query)
                guard status == 200, let page = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
                else {
                    if status == 404 { throw Failure.refused("the site has no link '\(slug)'") }
                    throw Failure.refused("the site answered \(status): \(Site.message(body))")
                }
                claims += page["claims"] as? [[String: Any]] ?? []
                before = page["next"] as? String
            } while before != nil
            if site.json {
                let data = try JSONSerialization.data(withJSONObject: ["claims": claims], options: [.sortedKeys])
                FileHandle.standardOutput.write(data + Data([10]))
                return
            }
            for claim in claims {
                let state = (claim["state"] as? String ?? "").padding(toLength: 8, withPad: " ", startingAt: 0)
                let redeemed = claim["redeemedAt"] as? String ?? "-"
                print("\(claim["id"] as? String ?? "")  \(state)  \(claim["createdAt"] as? String ?? "")  \(redeemed)")
            }
            if claims.isEmpty { print("no claims") }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable a link: it answers 410 from now on.")
        @OptionGroup var site: Site
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            try site.finish(try await site.call(.POST, "/api/admin/links/\(try Show.checked(slug))/disable")) { _ in
                "disabled \(slug)"
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a link and its clicks.")
        @OptionGroup var site: Site
        @Argument(help: "The link's slug.") var slug: String

        func run() async throws {
            try site.finish(try await site.call(.DELETE, "/api/admin/links/\(try Show.checked(slug))")) { _ in
                "deleted \(slug)"
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every link, as JSON or CSV.")
        @OptionGroup var site: Site
        @Option(help: "json or csv.") var format = "json"

        func run() async throws {
            guard format == "json" || format == "csv" else { throw Failure.badUsage("--format is json or csv") }
            let (status, body) = try await site.call(.GET, "/api/admin/export?format=\(format)")
            guard status == 200 else { throw Failure.refused("the site answered \(status): \(Site.message(body))") }
            FileHandle.standardOutput.write(Data(body))
        }
    }
}

/// How a command of the tool fails: its message on standard error, and the exit code of the `switchyard` tool.
enum Failure {
    /// Exit 1: the site has no such link, or refused it.
    static func refused(_ message: String) -> ExitCode {
        report(message)
        return ExitCode(1)
    }

    /// Exit 2: bad usage or unreadable input, no token, or a site or store that cannot be reached or fails.
    static func badUsage(_ message: String) -> ExitCode {
        report(message)
        return ExitCode(2)
    }

    private static func report(_ message: String) {
        try? FileHandle.standardError.write(contentsOf: Array("error: \(message)\n".utf8))
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
