import Foundation
import Hummingbird
import Switchyard
import SwitchyardServer
import SwitchyardSiteCheck
import SwitchyardWebLinks
import Testing

/// Apple's `defaults` resolve as Apple resolves them: a component's own flag, else its details entry's `defaults`,
/// else the file-wide `applinks.defaults`. A live file that moves them means the same; one that drops them does not.
@Suite("verify-site: Apple's defaults")
struct AppleDefaultsTests {
    static let appID = "ABCDE12345.com.example.shop"

    static func file(fileDefaults: String? = nil, entryDefaults: String? = nil, component: String = "") -> Data {
        let entry = entryDefaults.map { #", "defaults": \#($0)"# } ?? ""
        let top = fileDefaults.map { #""defaults": \#($0), "# } ?? ""
        return Data(
            #"{"applinks": {\#(top)"details": [{"appIDs": ["\#(appID)"]\#(entry), "components": [{"/": "/product/*"\#(component)}]}]}}"#
                .utf8)
    }

    static let caseFolding: [(name: String, file: Data)] = [
        ("file-wide", file(fileDefaults: #"{"caseSensitive": false}"#)),
        ("the details entry's", file(entryDefaults: #"{"caseSensitive": false}"#)),
        ("the component's own", file(component: #", "caseSensitive": false"#)),
        (
            "the entry's over the file's",
            file(fileDefaults: #"{"caseSensitive": true}"#, entryDefaults: #"{"caseSensitive": false}"#)
        ),
        (
            "the component's over both",
            file(
                fileDefaults: #"{"caseSensitive": true}"#, entryDefaults: #"{"caseSensitive": true}"#,
                component: #", "caseSensitive": false"#)
        ),
    ]

    @Test(arguments: caseFolding)
    func aDefaultAtAnyLevelFoldsCase(_ row: (name: String, file: Data)) throws {
        let rules = try #require(try AssociationRules.apple(row.file, appID: Self.appID))
        #expect(rules.components.map(\.caseSensitive) == [false], "\(row.name)")
        #expect(rules.claims(.init(path: "/PRODUCT/42", comment: "")), "\(row.name)")
    }

    @Test func withoutDefaultsCaseMatters() throws {
        let rules = try #require(
            try AssociationRules.apple(Self.file(fileDefaults: #"{"percentEncoded": false}"#), appID: Self.appID))
        #expect(rules.components.map(\.caseSensitive) == [true])
        #expect(rules.components.map(\.percentEncoded) == [false], "the file-wide percentEncoded is read too")
        #expect(!rules.claims(.init(path: "/PRODUCT/42", comment: "")))
    }

    @Test func aDefaultsThatIsNotAnObjectIsAProblem() {
        #expect(throws: AssociationFileError.self) {
            try AssociationRules.apple(Self.file(fileDefaults: "[1]"), appID: Self.appID)
        }
    }

    /// The shop's route file with case-insensitive literals: `associations` writes `caseSensitive: false` in the
    /// file-wide `applinks.defaults`.
    static func caseInsensitiveShop() throws -> RouteFile {
        let data = try Data(contentsOf: URL(fileURLWithPath: VerifySiteTests.shopPath))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var options = object["options"] as? [String: Any] ?? [:]
        options["caseInsensitiveLiterals"] = true
        object["options"] = options
        return try RouteFile(data: try JSONSerialization.data(withJSONObject: object), path: "shop-folding.json")
    }

    enum Live: String, CaseIterable {
        case asWritten, defaultsMovedIntoTheEntry, defaultsDropped
    }

    @Test(arguments: Live.allCases)
    func theLiveFilesDefaultsAreComparedByMeaning(_ live: Live) async throws {
        let file = try Self.caseInsensitiveShop()
        let files = try file.associationFiles()
        let apple = try #require(files.apple)
        var object = try #require(try JSONSerialization.jsonObject(with: apple) as? [String: Any])
        var applinks = try #require(object["applinks"] as? [String: Any])
        #expect(applinks["defaults"] as? [String: Bool] == ["caseSensitive": false], "what associations writes")
        switch live {
        case .asWritten: break
        case .defaultsMovedIntoTheEntry:
            var details = try #require(applinks["details"] as? [[String: Any]])
            details[0]["defaults"] = applinks["defaults"]
            applinks["details"] = details
            applinks["defaults"] = nil
        case .defaultsDropped:
            applinks["defaults"] = nil
        }
        object["applinks"] = applinks
        let served = try JSONSerialization.data(withJSONObject: object)
        let replies = [
            "/.well-known/apple-app-site-association": FixtureReply(served),
            "/.well-known/assetlinks.json": FixtureReply(try #require(files.android)),
        ]
        let report = try await FixtureSite.with(replies) { port in
            let authority = try TestCertificates.shared.get().authorityFile
            return try await SiteFetcher.withFetcher(
                caFiles: [authority], timeout: .seconds(Int64(FixtureSite.patience))
            ) { fetcher in
                try await SiteVerifier(file: file, fetcher: fetcher, appleCDN: nil).verify(host: "localhost:\(port)")
            }
        }
        let appleReport = try #require(report.files.first)
        if live == .defaultsDropped {
            #expect(!appleReport.isVerified)
            #expect(!appleReport.differences.isEmpty)
            #expect(appleReport.differences.contains { $0.contains("caseSensitive") }, "\(appleReport.differences)")
        } else {
            #expect(appleReport.isVerified, "\(report.text)")
            #expect(appleReport.differences.isEmpty)
        }
    }
}
