import Foundation
import Switchyard
import SwitchyardWebLinks
import Testing

@Suite("Association files")
struct AssociationTests {
    private static let apps =
        #""apps": {"apple": {"appIDs": ["ABCDE12345.com.example.shop"]}, "android": {"package": "com.example.shop", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}"#

    private static func file(_ routes: String, _ extra: String = "") throws -> RouteFile {
        try RouteFile(data: Data(#"{"routes": [\#(routes)], \#(apps)\#(extra)}"#.utf8), path: "routes.json")
    }

    private static func rules(_ data: Data, android: Bool = false) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: data)
        if android {
            let statement = try #require((json as? [[String: Any]])?.first)
            let extensions = statement["relation_extensions"] as? [String: [String: Any]]
            return try #require(
                extensions?["delegate_permission/common.handle_all_urls"]?["dynamic_app_link_components"]
                    as? [[String: Any]])
        }
        let details = ((json as? [String: Any])?["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
        return try #require(details?.first?["components"] as? [[String: Any]])
    }

    @Test func groupsWildcardsPrioritiesExclusionsAndNonASCIILiteralsBecomeRules() throws {
        let file = try Self.file(
            #"""
            {"pattern": "/the(/foo/:a)", "name": "the", "destination": "T"},
            {"pattern": "/help/*", "destination": "H"},
            {"pattern": "/café/:id", "destination": "C"},
            {"pattern": "/x/:id", "priority": 5, "destination": "X"},
            {"pattern": "/x/secret", "destination": "S", "universalLink": false},
            {"pattern": "/y/secret", "destination": "S", "universalLink": false},
            {"pattern": "/y/:id", "destination": "Y"}
            """#)
        let apple = try Self.rules(#require(try file.associationFiles().apple))
        #expect(
            apple.map { $0["/"] as? String } == [
                "/y/secret", "/x/?*", "/the/foo/?*", "/caf%C3%A9/?*", "/y/?*", "/the", "/help", "/help/*",
            ])
        #expect(apple.map { $0["exclude"] as? Bool } == [true, nil, nil, nil, nil, nil, nil, nil])
        #expect(apple.first?["comment"] as? String == "/y/secret")
        let android = try Self.rules(#require(try file.associationFiles().android), android: true)
        #expect(android.map { $0["/"] as? String } == apple.map { $0["/"] as? String })
        #expect(android.allSatisfy { $0["comment"] == nil })
        // `/x/secret` is kept out, but `/x/:id` (priority 5) takes its link: it stays claimed, and no rule excludes
        // it.
        let claims = try file.associationRules().overClaims
        #expect(claims.contains { $0.pattern == "/x/secret" && $0.example == "/x/secret" })
    }

    @Test func theAppleFileIsExactJSON() throws {
        let file = try Self.file(#"{"pattern": "/p/:id", "name": "product", "destination": "P"}"#)
        let text = String(decoding: try #require(try file.associationFiles().apple), as: UTF8.self)
        #expect(
            text == """
                {
                  "applinks" : {
                    "defaults" : {
                      "caseSensitive" : true
                    },
                    "details" : [
                      {
                        "appIDs" : [
                          "ABCDE12345.com.example.shop"
                        ],
                        "components" : [
                          {
                            "/" : "/p/?*",
                            "comment" : "product"
                          }
                        ]
                      }
                    ]
                  }
                }
                """)
    }

    @Test func caseInsensitiveLiteralsAreCaseInsensitiveRules() throws {
        let file = try Self.file(
            #"{"pattern": "/a", "destination": "A"}"#, #", "options": {"caseInsensitiveLiterals": true}"#)
        let json =
            try JSONSerialization.jsonObject(with: try #require(try file.associationFiles().apple)) as? [String: Any]
        let defaults = (json?["applinks"] as? [String: Any])?["defaults"] as? [String: Any]
        #expect(defaults?["caseSensitive"] as? Bool == false)
    }

    @Test func onlyTheTablesUniversalLinksReachAreDescribed() throws {
        let file = try Self.file(
            #"{"pattern": "/global", "destination": "G"}"#,
            #", "schemes": {"https": {"routes": [{"pattern": "/web", "destination": "W"}]}, "myapp": {"routes": [{"pattern": "/app", "destination": "A"}]}}"#
        )
        #expect(try Self.rules(#require(try file.associationFiles().apple)).map { $0["/"] as? String } == ["/web"])
        let fallingBack = try Self.file(
            #"{"pattern": "/global", "destination": "G"}"#,
            #", "schemes": {"https": {"fallsBackToGlobal": true, "routes": [{"pattern": "/web", "destination": "W"}]}}"#
        )
        #expect(
            try Self.rules(#require(try fallingBack.associationFiles().apple)).map { $0["/"] as? String } == [
                "/web", "/global",
            ])
    }

    @Test func aTableThatMakesTheHostAComponentCannotBeDescribed() throws {
        let file = try Self.file(#"{"pattern": "/a", "destination": "A"}"#, #", "hostPolicy": "pathComponent""#)
        let error = #expect(throws: RouteFileError.self) { try file.associationFiles() }
        #expect(error?.location == "hostPolicy")
    }

    static let badApps: [(json: String, location: String)] = [
        (#"{"apple": {"appIDs": ["abcde12345.com.example"]}}"#, "apps.apple.appIDs[0]"),
        (#"{"apple": {"appIDs": ["ABCDE12345"]}}"#, "apps.apple.appIDs[0]"),
        (#"{"android": {"package": "shop", "sha256CertFingerprints": []}}"#, "apps.android.package"),
        (
            #"{"android": {"package": "com.shop", "sha256CertFingerprints": ["14:6d"]}}"#,
            "apps.android.sha256CertFingerprints[0]"
        ),
        (#"{"windows": {}}"#, "apps.windows"),
        (#"{"apple": {"appIDs": [], "appStoreID": "id1234567890"}}"#, "apps.apple.appStoreID"),
        (#"{"apple": {"appIDs": [], "appStoreID": "1234567890123"}}"#, "apps.apple.appStoreID"),
        (#"{"name": ""}"#, "apps.name"),
        (#"{"apple": {"appIDs": [], "webCredentials": ["com.example.shop"]}}"#, "apps.apple.webCredentials[0]"),
        (#"{"apple": {"appIDs": [], "appClip": "ABCDE12345"}}"#, "apps.apple.appClip"),
        (#"{"apple": {"appIDs": [], "appClip": ["ABCDE12345.com.example.shop.Clip"]}}"#, "apps.apple.appClip"),
    ]

    @Test func theAppsNameAndAppStoreIDLoad() throws {
        let json = #"{"routes": [], "apps": {"name": "Shop", "apple": {"appIDs": [], "appStoreID": "1234567890"}}}"#
        let apps = try RouteFile(data: Data(json.utf8), path: "routes.json").apps
        #expect(apps.name == "Shop")
        #expect(apps.appStoreID == "1234567890")
    }

    @Test func webCredentialsAndAnAppClipLoadAndGoInTheAppleFileOnly() throws {
        let plain = try Self.file(#"{"pattern": "/p/:id", "destination": "P"}"#)
        #expect(plain.apps.webCredentialAppIDs.isEmpty && plain.apps.appClipID == nil)
        let plainApple = try #require(try plain.associationFiles().apple)
        #expect(!String(decoding: plainApple, as: UTF8.self).contains("webcredentials"))
        let json = #"""
            {"routes": [], "apps": {"apple": {"appIDs": ["ABCDE12345.com.example.shop"],
             "webCredentials": ["ABCDE12345.com.example.shop"], "appClip": "ABCDE12345.com.example.shop.Clip"}}}
            """#
        let declared = try RouteFile(data: Data(json.utf8), path: "routes.json")
        #expect(declared.apps.webCredentialAppIDs == ["ABCDE12345.com.example.shop"])
        #expect(declared.apps.appClipID == "ABCDE12345.com.example.shop.Clip")
        let apple = try #require(try declared.associationFiles().apple)
        let object = try #require(try JSONSerialization.jsonObject(with: apple) as? [String: Any])
        #expect((object["webcredentials"] as? [String: [String]])?["apps"] == ["ABCDE12345.com.example.shop"])
        #expect((object["appclips"] as? [String: [String]])?["apps"] == ["ABCDE12345.com.example.shop.Clip"])
    }

    @Test("apps are checked where they are written", arguments: badApps)
    func appsAreCheckedWhereWritten(json: String, location: String) {
        let error = #expect(throws: RouteFileError.self) {
            try RouteFile(data: Data(#"{"routes": [], "apps": \#(json)}"#.utf8), path: "routes.json")
        }
        #expect(error?.location == location)
    }

    @Test(
        "a web fallback names the route's parameters",
        arguments: [
            ("https://shop.example.com/products/{id}", true), ("https://shop.example.com/{slug}", false),
            ("ftp://shop.example.com/{id}", false), ("https://shop.example.com/{id", false),
        ])
    func webFallback(template: String, loads: Bool) {
        let json = #"{"routes": [{"pattern": "/p/:id", "destination": "P", "web": "\#(template)"}]}"#
        let file = try? RouteFile(data: Data(json.utf8), path: "routes.json")
        #expect((file?.routes.first?.web == template) == loads)
    }

    static let fallbacks: [(pattern: String, template: String, link: String, expected: String)] = [
        (
            "/product/:id", "https://shop.example.com/products/{id}", "https://shop.example.com/product/a%2Fb?ref=mail",
            "https://shop.example.com/products/a%2Fb?ref=mail"
        ),
        (
            "/product/:id", "https://w.example/p/{id}", "https://x.example/product/%C3%A9%20%C3%BC",
            "https://w.example/p/%C3%A9%20%C3%BC"
        ),
        (
            "/c/:slug(/page/:page)", "https://w.example/c/{slug}?page={page}", "https://x.example/c/shoes",
            "https://w.example/c/shoes?page="
        ),
        (
            "/c/:slug(/page/:page)", "https://w.example/c/{slug}?page={page}",
            "https://x.example/c/shoes/page/2?utm=a+b&x",
            "https://w.example/c/shoes?page=2&utm=a%20b&x"
        ),
        ("/p/:id", "https://w.example/p/{id}#top", "https://x.example/p/7?q=1", "https://w.example/p/7?q=1#top"),
        ("/p/:id", "https://w.example/p?id={id}&", "https://x.example/p/7?q=1", "https://w.example/p?id=7&q=1"),
        (
            "/p/:id", "https://w.example/p/{id}?from={id}", "https://x.example/p/%3Cb%3E",
            "https://w.example/p/%3Cb%3E?from=%3Cb%3E"
        ),
    ]

    @Test("a web fallback is filled from the match, and the link's query follows", arguments: fallbacks)
    func webFallbackIsFilled(pattern: String, template: String, link: String, expected: String) throws {
        let json = #"{"routes": [{"pattern": "\#(pattern)", "destination": "P", "web": "\#(template)"}]}"#
        let file = try RouteFile(data: Data(json.utf8), path: "routes.json")
        let match = try #require(try file.makeRouter().match(link))
        #expect(file.webFallback(for: match) == expected)
    }

    @Test func aRouteWithoutAWebFallbackHasNone() throws {
        let file = try Self.file(#"{"pattern": "/p/:id", "destination": "P"}"#)
        let match = try #require(try file.makeRouter().match("https://x.example/p/7"))
        #expect(file.webFallback(for: match) == nil)
    }
}

@Suite struct ShortLinkAssociationTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/shop.json").path

    @Test func theShortLinkHostClaimsItsPrefixAndASlugOnly() throws {
        let files = try RouteFile(contentsOf: Self.example).shortLinkAssociationFiles()
        let apple = try #require(files.apple.map { String(decoding: $0, as: UTF8.self) })
        #expect(apple.contains(#""/" : "/s/?*""#) || apple.contains(#""/": "/s/?*""#), "\(apple)")
        #expect(apple.contains("short links of go.shop.example.com"))
        #expect(!apple.contains("/product"))
        let android = try #require(files.android.map { String(decoding: $0, as: UTF8.self) })
        #expect(android.contains("/s/?*"))
        #expect(files.overClaims.isEmpty)
    }

    @Test func aFileWithoutShortLinksHasNoSuchFiles() throws {
        let file = try RouteFile(
            data: Data(#"{"routes": [{"pattern": "/a"}], "apps": {"apple": {"appIDs": ["ABCDE12345.x.y"]}}}"#.utf8),
            path: "t.json")
        #expect(throws: RouteFileError.self) { try file.shortLinkAssociationFiles() }
    }
}
