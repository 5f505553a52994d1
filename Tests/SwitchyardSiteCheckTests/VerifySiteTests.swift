import Foundation
import Hummingbird
import Switchyard
import SwitchyardServer
import SwitchyardSiteCheck
import SwitchyardWebLinks
import Testing

/// `switchyard verify-site` against sites on loopback over HTTPS: the project's own site, and fixture sites that each
/// break one thing.
@Suite("verify-site")
struct VerifySiteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let shopPath = root.appendingPathComponent("Examples/shop.json").path
    static let shop = Result { try RouteFile(contentsOf: shopPath) }

    /// The shop's two files as `switchyard associations` writes them.
    static func shopFiles() throws -> (apple: Data, android: Data) {
        let files = try shop.get().associationFiles()
        return (try #require(files.apple), try #require(files.android))
    }

    static func verify(port: Int, appleCDN: Bool = false) async throws -> HostReport {
        let authority = try TestCertificates.shared.get().authorityFile
        return try await SiteFetcher.withFetcher(caFiles: [authority], timeout: .seconds(Int64(FixtureSite.patience))) {
            fetcher in
            let verifier = try SiteVerifier(
                file: try shop.get(), fetcher: fetcher, appleCDN: appleCDN ? "https://localhost:\(port)/a/v1/" : nil)
            return await verifier.verify(host: "localhost:\(port)")
        }
    }

    @Test func theProjectsOwnSiteIsVerified() async throws {
        let middleware = try UniversalLinkMiddleware<BasicRequestContext>(routeFile: try Self.shop.get())
        let report = try await FixtureSite.with([:], middleware: middleware) { port in
            try await Self.verify(port: port)
        }
        #expect(report.isVerified, "\(report.text)")
        #expect(report.files.map(\.name) == ["apple-app-site-association", "assetlinks.json"])
        #expect(report.files.allSatisfy { $0.status == 200 })
    }

    @Test func aFileThatSaysTheSameInOtherWordsIsVerified() async throws {
        // Keys in another order, no whitespace, no comments, the default `caseSensitive` left out, `exclude: false`
        // written out.
        let apple = try Self.shopFiles().apple
        var object = try #require(try JSONSerialization.jsonObject(with: apple) as? [String: Any])
        var applinks = try #require(object["applinks"] as? [String: Any])
        var details = try #require(applinks["details"] as? [[String: Any]])
        details[0]["components"] = try #require(details[0]["components"] as? [[String: Any]]).map { component in
            var plain = component.filter { $0.key != "comment" }
            plain["exclude"] = plain["exclude"] ?? false
            return plain
        }
        applinks["details"] = details
        applinks["defaults"] = nil
        object["applinks"] = applinks
        let rewritten = try JSONSerialization.data(withJSONObject: object)
        let report = try await FixtureSite.with(Self.replies(apple: FixtureReply(rewritten))) { port in
            try await Self.verify(port: port)
        }
        #expect(report.isVerified, "\(report.text)")
    }

    @Test func anAndroidFileWithoutARouteIsReportedWithTheLinksItLeavesOnTheWeb() async throws {
        let files = try Self.shopFiles()
        var statements = try #require(try JSONSerialization.jsonObject(with: files.android) as? [[String: Any]])
        var extensions = try #require(statements[0]["relation_extensions"] as? [String: [String: Any]])
        let relation = "delegate_permission/common.handle_all_urls"
        var components = try #require(extensions[relation]?["dynamic_app_link_components"] as? [[String: Any]])
        components.removeAll { $0["/"] as? String == "/product/?*" }
        extensions[relation] = ["dynamic_app_link_components": components]
        statements[0]["relation_extensions"] = extensions
        var replies = try Self.replies()
        replies["/.well-known/assetlinks.json"] = FixtureReply(try JSONSerialization.data(withJSONObject: statements))
        let report = try await FixtureSite.with(replies) { port in try await Self.verify(port: port) }
        let android = try #require(report.files.last)
        #expect(android.name == "assetlinks.json")
        #expect(android.differences == [#"rule missing: {"/": "/product/?*"}"#], "\(report.text)")
        #expect(android.unclaimed.map(\.description) == ["/product/1"])
        #expect(report.files.first?.isVerified == true, "\(report.text)")
    }

    /// The shop's files at their paths, with `apple` and `cdn` in place of the right ones when given.
    static func replies(apple: FixtureReply? = nil, cdn: FixtureReply? = nil) throws -> [String: FixtureReply] {
        let files = try shopFiles()
        var replies = [
            "/.well-known/apple-app-site-association": apple ?? FixtureReply(files.apple),
            "/.well-known/assetlinks.json": FixtureReply(files.android),
        ]
        if let cdn { replies["/a/v1/*"] = cdn }
        return replies
    }
}

/// Sites that each break one thing, and what the verifier must say of each, exactly.
@Suite("verify-site: broken sites")
struct BrokenSiteTests {
    enum Breakage: String, CaseIterable, Sendable {
        case redirect, html, tooLarge, invalidJSON, missingRoute, extraClaim, staleCopy
    }

    /// The Apple file (or Apple's CDN copy) a broken site serves.
    static func replies(_ breakage: Breakage) throws -> [String: FixtureReply] {
        let apple = try VerifySiteTests.shopFiles().apple
        let text = String(decoding: apple, as: UTF8.self)
        switch breakage {
        case .redirect:
            var reply = FixtureReply(Data(), status: .movedPermanently)
            reply.location = "https://www.shop.example.com/.well-known/apple-app-site-association"
            return try VerifySiteTests.replies(apple: reply)
        case .html:
            return try VerifySiteTests.replies(apple: FixtureReply(apple, contentType: "text/html; charset=utf-8"))
        case .tooLarge:
            let padded = text.replacingOccurrences(
                of: #""applinks""#, with: #""padding": "\#(String(repeating: "x", count: 200_000))", "applinks""#)
            return try VerifySiteTests.replies(apple: FixtureReply(Data(padded.utf8)))
        case .invalidJSON:
            return try VerifySiteTests.replies(apple: FixtureReply(Data(text.dropLast(3).utf8)))
        case .missingRoute:
            let object = try #require(try JSONSerialization.jsonObject(with: apple) as? [String: Any])
            return try VerifySiteTests.replies(
                apple: FixtureReply(
                    try Self.editingComponents(object) { components in
                        components.removeAll { $0["/"] as? String == "/product/?*" }
                    }))
        case .extraClaim:
            let object = try #require(try JSONSerialization.jsonObject(with: apple) as? [String: Any])
            return try VerifySiteTests.replies(
                apple: FixtureReply(
                    try Self.editingComponents(object) { components in
                        components.append(["/": "/admin/*"])
                    }))
        case .staleCopy:
            let object = try #require(try JSONSerialization.jsonObject(with: apple) as? [String: Any])
            let old = try Self.editingComponents(object) { components in
                components.removeAll { ($0["/"] as? String)?.hasPrefix("/tab/") == true }
            }
            return try VerifySiteTests.replies(cdn: FixtureReply(old))
        }
    }

    static func editingComponents(
        _ object: [String: Any], _ edit: (inout [[String: Any]]) -> Void
    ) throws -> Data {
        var object = object
        var applinks = try #require(object["applinks"] as? [String: Any])
        var details = try #require(applinks["details"] as? [[String: Any]])
        var components = try #require(details[0]["components"] as? [[String: Any]])
        edit(&components)
        details[0]["components"] = components
        applinks["details"] = details
        object["applinks"] = applinks
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    @Test(arguments: Breakage.allCases)
    func eachBreakageIsReportedExactly(_ breakage: Breakage) async throws {
        let report = try await FixtureSite.with(try Self.replies(breakage)) { port in
            try await VerifySiteTests.verify(port: port, appleCDN: breakage == .staleCopy)
        }
        let broken = try #require(report.files.first { !$0.isVerified })
        #expect(broken.name == (breakage == .staleCopy ? "Apple's CDN copy" : "apple-app-site-association"))
        #expect(broken.problems == Self.problems[breakage, default: []])
        #expect(broken.differences == Self.differences[breakage, default: []])
        #expect(broken.unclaimed.map(\.description) == (breakage == .missingRoute ? ["/product/1"] : []))
        #expect(broken.overClaimed.map(\.description) == (breakage == .extraClaim ? ["/admin/"] : []))
        #expect(report.files.filter(\.isVerified).map(\.name).contains("assetlinks.json"))
        #expect(!report.isVerified && !report.isUnreachable)
    }

    static let problems: [Breakage: [String]] = [
        .redirect: [
            "redirects (301) to https://www.shop.example.com/.well-known/apple-app-site-association: the platforms "
                + "follow no redirect for this file"
        ],
        .html: ["is served as text/html; charset=utf-8, not application/json"],
        .tooLarge: ["is over 131072 bytes: Apple reads at most 128 KB"],
        .invalidJSON: ["cannot be read: it is not JSON"],
        .staleCopy: ["Apple's CDN serves another copy than the site: it may be stale"],
    ]

    static let differences: [Breakage: [String]] = [
        .missingRoute: [#"rule missing: {"/": "/product/?*"}"#],
        .extraClaim: [#"rule not in the route file: {"/": "/admin/*"}"#],
        .staleCopy: ["/tab/home", "/tab/cart", "/tab/account"].map { #"rule missing: {"/": "\#($0)"}"# },
    ]
}

/// Live files made to hurt the verifier: deep nesting, patterns of many stars, thousands of rules, keys of the wrong
/// type. Each is reported as a difference or a problem, within the file's 128 KB, and the verifier goes on.
@Suite("verify-site: hostile live files")
struct HostileLiveFileTests {
    static let appID = "ABCDE12345.com.example.shop"

    static func components(_ components: String) -> String {
        #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": \#(components)}]}}"#
    }

    static let files: [(name: String, json: String, problem: String?)] = [
        (
            "nesting",
            #"{"applinks": "# + String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000) + "}",
            nil
        ),
        ("stars", components(#"[{"/": ""# + String(repeating: "*a", count: 30_000) + #"b"}]"#), nil),
        (
            "rules", components("[" + Array(repeating: #"{"/": "/x?*y*"}"#, count: 6_000).joined(separator: ",") + "]"),
            nil
        ),
        (
            "types", components(#"[{"/": ["/p"]}]"#),
            "cannot be read: applinks.details[0].components[0]./ is not a string"
        ),
        ("details", #"{"applinks": {"details": {"appIDs": 1}}}"#, "cannot be read: applinks.details is not a list"),
        ("top", "[1, 2]", "cannot be read: the file is not an object"),
    ]

    @Test(arguments: files)
    func aHostileFileIsReportedAndTheVerifierGoesOn(_ file: (name: String, json: String, problem: String?)) async throws
    {
        #expect(file.json.utf8.count <= 128 * 1024, "\(file.name) is \(file.json.utf8.count) bytes")
        let replies = try VerifySiteTests.replies(apple: FixtureReply(Data(file.json.utf8)))
        let report = try await FixtureSite.with(replies) { port in try await VerifySiteTests.verify(port: port) }
        let apple = try #require(report.files.first)
        #expect(!apple.isVerified)
        if let problem = file.problem {
            #expect(apple.problems == [problem])
        } else {
            #expect(!apple.problems.isEmpty || !apple.differences.isEmpty)
        }
        #expect(report.files.last?.isVerified == true, "assetlinks.json is served right and still checked")
    }
}
