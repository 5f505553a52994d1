import Foundation
import Hummingbird
import Switchyard
import SwitchyardServer
import SwitchyardSiteCheck
import SwitchyardWebLinks
import Testing

/// Apple's and Google's matching rules as the verifier reads live files.
@Suite("Matching live association files")
struct AssociationMatchingTests {
    static let appID = "ABCDE12345.com.example.app"

    static func apple(_ components: String, defaults: String = "{}") throws -> AssociationRules {
        let json =
            #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "defaults": \#(defaults), "components": \#(components)}]}}"#
        return try #require(try AssociationRules.apple(Data(json.utf8), appID: appID))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var components: String
        var defaults = "{}"
        var link: String
        var query: String?
        var claimed: Bool
        var testDescription: String { "\(components) \(link) \(query ?? "")" }
    }

    static let cases: [Case] = [
        Case(components: #"[{"/": "/p/?*"}]"#, link: "/p/1", claimed: true),
        Case(components: #"[{"/": "/p/?*"}]"#, link: "/p/", claimed: false),
        Case(components: #"[{"/": "/p/*"}]"#, link: "/p/a/b", claimed: true),
        Case(components: #"[{"/": "/p/?"}]"#, link: "/p/12", claimed: false),
        Case(components: #"[{"/": "/p", "exclude": true}, {"/": "*"}]"#, link: "/p", claimed: false),
        Case(components: #"[{"/": "/p", "exclude": true}, {"/": "*"}]"#, link: "/q", claimed: true),
        Case(components: #"[{"/": "/P"}]"#, link: "/p", claimed: false),
        Case(components: #"[{"/": "/P"}]"#, defaults: #"{"caseSensitive": false}"#, link: "/p", claimed: true),
        Case(
            components: #"[{"/": "/P", "caseSensitive": true}]"#, defaults: #"{"caseSensitive": false}"#, link: "/p",
            claimed: false),
        Case(components: #"[{"/": "/caf%C3%A9"}]"#, link: "/caf%C3%A9", claimed: true),
        Case(components: #"[{"/": "/café", "percentEncoded": false}]"#, link: "/caf%C3%A9", claimed: true),
        Case(components: #"[{"/": "/café"}]"#, link: "/caf%C3%A9", claimed: false),
        Case(components: ##"[{"/": "/", "#": "/p/?*"}]"##, link: "/#/p/1", claimed: true),
        Case(components: ##"[{"/": "/", "#": "/p/?*"}]"##, link: "/", claimed: false),
        Case(components: #"[{"/": "/s", "?": {"q": "?*"}}]"#, link: "/s", query: "q=shoes&page=2", claimed: true),
        Case(components: #"[{"/": "/s", "?": {"q": "?*"}}]"#, link: "/s", query: "page=2", claimed: false),
        Case(components: #"[{"/": "/s", "?": "page=?"}]"#, link: "/s", query: "page=2", claimed: true),
        Case(components: "[]", link: "/", claimed: false),
    ]

    @Test(arguments: cases)
    func appleRulesClaimWhatTheyShould(_ test: Case) throws {
        let rules = try Self.apple(test.components, defaults: test.defaults)
        let parts = test.link.split(separator: "#", maxSplits: 1).map(String.init)
        let link = RouteFile.SiteLink(path: parts[0], fragment: parts.count > 1 ? parts[1] : nil, comment: "")
        #expect(rules.claims(link, query: test.query) == test.claimed)
    }

    @Test func theOlderPathsFormIsRead() throws {
        let json = #"{"applinks": {"details": [{"appID": "\#(Self.appID)", "paths": ["NOT /a/secret", "/a/*"]}]}}"#
        let rules = try #require(try AssociationRules.apple(Data(json.utf8), appID: Self.appID))
        #expect(rules.claims(.init(path: "/a/1", comment: "")))
        #expect(!rules.claims(.init(path: "/a/secret", comment: "")))
    }

    @Test func anAndroidStatementWithoutDynamicRulesClaimsEveryPath() throws {
        let json =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["AB"]}}]"#
        let rules = try #require(try AssociationRules.android(Data(json.utf8), package: "com.example.app"))
        #expect(rules.claims(.init(path: "/anything/at/all", comment: "")))
        #expect(rules.fingerprints == ["AB"])
        #expect(try AssociationRules.android(Data(json.utf8), package: "com.example.other") == nil)
    }

    @Test(arguments: [
        ("[", "it is not JSON"), (#"{"applinks": []}"#, "applinks is not an object"),
        (
            #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{"/": 1}]}]}}"#,
            "applinks.details[0].components[0]./ is not a string"
        ),
    ])
    func aMalformedAppleFileIsATypedError(_ json: String, _ message: String) {
        #expect(throws: AssociationFileError(message)) {
            try AssociationRules.apple(Data(json.utf8), appID: Self.appID)
        }
    }

    @Test func globIsLinearOnAHostilePattern() {
        // Many stars and a text that almost matches: with one backtrack point the work stays near p × t.
        let pattern = String(repeating: "*a", count: 2_000) + "b"
        let text = String(repeating: "a", count: 20_000)
        #expect(!AssociationRules.Component.glob(pattern, matches: text))
    }
}

/// The verifier on a route file that uses fragment routing, case-insensitive literals, encoded characters, web
/// credentials and an App Clip.
@Suite("verify-site: every component")
struct CompleteSiteTests {
    static let path = VerifySiteTests.root.appendingPathComponent(
        "Tests/SwitchyardCLITests/Golden/complete/routes.json"
    )
    .path

    static func verify(_ replies: [String: FixtureReply], middleware: Bool) async throws -> HostReport {
        let file = try RouteFile(contentsOf: path)
        let site = middleware ? try UniversalLinkMiddleware<BasicRequestContext>(routeFile: file) : nil
        return try await FixtureSite.with(replies, middleware: site) { port in
            let authority = try TestCertificates.shared.get().authorityFile
            return try await SiteFetcher.withFetcher(
                caFiles: [authority], timeout: .seconds(Int64(FixtureSite.patience))
            ) { fetcher in
                try await SiteVerifier(file: file, fetcher: fetcher, appleCDN: nil).verify(host: "localhost:\(port)")
            }
        }
    }

    @Test func theSiteServingTheRouteFilesOwnFilesIsVerified() async throws {
        let report = try await Self.verify([:], middleware: true)
        #expect(report.isVerified, "\(report.text)")
    }

    @Test func aFileWithoutTheFragmentRulesLeavesFragmentLinksOnTheWeb() async throws {
        let files = try RouteFile(contentsOf: Self.path).associationFiles()
        let apple = try #require(files.apple)
        let object = try #require(try JSONSerialization.jsonObject(with: apple) as? [String: Any])
        let stripped = try BrokenSiteTests.editingComponents(object) { components in
            components.removeAll { $0["#"] != nil }
        }
        let report = try await Self.verify(
            [
                "/.well-known/apple-app-site-association": FixtureReply(stripped),
                "/.well-known/assetlinks.json": FixtureReply(try #require(files.android)),
            ], middleware: false)
        let file = try #require(report.files.first)
        // Every split point the rules are written for: `/#/product/1` and `/product#/1`. `/help#/more` and
        // `/help/more#/more` stay claimed by `/help` and `/help/*`, whose rules match any fragment.
        #expect(
            file.unclaimed.map(\.description) == [
                "/#/product/1", "/product#/1", "/#/caf%C3%A9%20menu/1", "/caf%C3%A9%20menu#/1", "/#/account/1",
                "/account#/1", "/#/help/more",
            ])
        #expect(file.overClaimed.isEmpty)
        #expect(file.differences.count == 12)
    }

    @Test func aFileWithoutOneSplitPointsRuleLeavesThatSplitsLinksOnTheWeb() async throws {
        let files = try RouteFile(contentsOf: Self.path).associationFiles()
        let apple = try #require(files.apple)
        let object = try #require(try JSONSerialization.jsonObject(with: apple) as? [String: Any])
        let stripped = try BrokenSiteTests.editingComponents(object) { components in
            components.removeAll { $0["/"] as? String == "/product" && $0["#"] as? String == "/?*" }
        }
        let report = try await Self.verify(
            [
                "/.well-known/apple-app-site-association": FixtureReply(stripped),
                "/.well-known/assetlinks.json": FixtureReply(try #require(files.android)),
            ], middleware: false)
        let file = try #require(report.files.first)
        #expect(file.unclaimed.map(\.description) == ["/product#/1"])
        #expect(file.differences == [##"rule missing: {"/": "/product", "#": "/?*", "caseSensitive": false}"##])
    }
}
