import Foundation
import Switchyard
import SwitchyardServer
import SwitchyardTestSupport
import Testing

@testable import SwitchyardExplorer

/// The explorer's pieces without a server: the form query, the caret, the test links and the commands shown.
@Suite("Route explorer pieces")
struct ExplorerPieceTests {
    @Test(
        "a form query decodes + as a space and percent escapes",
        arguments: [
            ("url=myapp%3A%2F%2Fa+b", "myapp://a b"),
            ("url=%2B1", "+1"),
            ("url=", ""),
            ("url", ""),
            ("other=1&url=first&url=second", "first"),
            ("url=%E2%80%AE", "\u{202E}"),
        ])
    func formQuery(query: String, expected: String) throws {
        #expect(try FormQuery(Substring(query))["url"] == expected)
    }

    @Test(
        "a query that is not percent-encoded UTF-8 is refused",
        arguments: ["url=%FF", "url=%ZZ", "url=%C0%AF", "%FF=1"])
    func undecodableQuery(query: String) {
        #expect(throws: FormQuery.Problem.self) { try FormQuery(Substring(query)) }
    }

    @Test(
        "the caret stands under the character that holds the byte, its window cut on long links",
        arguments: [
            ("app://a/%ZZ", 8, "app://a/<mark>%</mark>ZZ\n        ^"),
            ("app://é/x", 8, "app://é<mark>/</mark>x\n       ^"),
            ("app://é/x", 6, "app://<mark>é</mark>/x\n      ^"),
            ("app://é/x", 7, "app://<mark>é</mark>/x\n      ^"),
            ("abc", 3, "abc<mark></mark>\n   ^"),
            ("a\u{202E}b", 2, #"a<mark>\u{202E}</mark>b"# + "\n" + " ^"),
            ("a<b>", 1, "a<mark>&lt;</mark>b&gt;\n ^"),
        ])
    func caret(input: String, position: Int, expected: String) {
        #expect(Markup.caret(input, at: position) == expected)
    }

    @Test func aLongLinksCaretIsAWindow() {
        let input = String(repeating: "a", count: 10_000) + "%" + String(repeating: "b", count: 10_000)
        let lines = Markup.caret(input, at: 10_000).split(separator: "\n")
        #expect(
            lines[0] == "…" + String(repeating: "a", count: 40) + "<mark>%</mark>" + String(repeating: "b", count: 40)
                + "…")
        #expect(lines[1] == String(repeating: " ", count: 41) + "^")
    }

    @Test func anAnchorNeverJoinsTwoNames() {
        #expect(Anchor.id("tab.home") == "tab.home")
        #expect(Anchor.id("a-b") != Anchor.id("a b"))
        #expect(Anchor.id("<x>") == "-3Cx-3E")
    }

    static let shop = ServerTests.shopPath

    @Test func testLinksHaveSamplesAndOptionalParameters() throws {
        let file = try RouteFile(contentsOf: Self.shop)
        let links = TestLink.all(in: file)
        #expect(links.map(\.name).count == Set(links.map(\.name)).count)
        let reviews = try #require(links.first { $0.name == "reviews" })
        #expect(reviews.parameters.map(\.name) == ["id", "page"])
        #expect(reviews.parameters.map(\.isRequired) == [true, false])
        #expect(reviews.sampleValues == TestLink.Values(parameters: ["id": "1", "page": ""]))
        let profile = try #require(links.first { $0.name == "profile" })
        #expect(profile.sampleValues.parameters == ["username": "username"])
    }

    @Test func eachFormIsTheToolsLinkAndRoutesBack() throws {
        let file = try RouteFile(contentsOf: Self.shop)
        let loaded = LoadedRoutes(file: file, router: try file.makeRouter())
        let reviews = try #require(TestLink.all(in: file).first { $0.name == "reviews" })
        let (forms, notes) = reviews.forms(values: TestLink.Values(parameters: ["id": "7", "page": "2"]), in: loaded)
        #expect(notes.isEmpty)
        #expect(forms.map(\.scheme) == ["myapp", "https"])
        #expect(
            try forms.map { try $0.link.get() } == [
                "myapp://product/7/reviews/2", "https://shop.example.com/product/7/reviews/2",
            ])
        #expect(forms.allSatisfy { $0.mismatch == nil })
        // The redirect route is what its link opens; the short one lives in the https table only.
        let short = try #require(TestLink.all(in: file).first { $0.name == "short.product" })
        let shortForms = short.forms(values: TestLink.Values(parameters: ["id": "1"]), in: loaded)
        #expect(shortForms.forms.map(\.scheme) == ["https"])
        #expect(shortForms.notes == ["No custom-scheme table holds this route or falls back to the global table."])
    }

    @Test func aNameGivenTwiceIsTheRouteTheToolBuilds() throws {
        let file = try RouteFile(
            data: Data(
                #"""
                { "schemes": { "b": { "routes": [ { "pattern": "/in-b/:id", "name": "item" } ] },
                               "a": { "routes": [ { "pattern": "/in-a/:id", "name": "item" } ] } },
                  "routes": [ { "pattern": "/first", "name": "first" }, { "pattern": "/global/:id", "name": "item" } ] }
                """#.utf8), path: "t.json")
        let loaded = LoadedRoutes(file: file, router: try file.makeRouter())
        let links = TestLink.all(in: file)
        #expect(links.map(\.name) == ["first", "item"])
        #expect(links.last?.declaration.pattern == "/global/:id")
        #expect(TestLink.named("item", in: file)?.declaration.pattern == "/global/:id")
        let values = TestLink.Values(parameters: ["id": "7"])
        let forms = try #require(links.last?.forms(values: values, in: loaded).forms)
        #expect(forms.allSatisfy { $0.mismatch == nil })

        let schemesOnly = try RouteFile(
            data: Data(
                #"""
                { "schemes": { "b": { "routes": [ { "pattern": "/in-b", "name": "item" } ] },
                               "a": { "routes": [ { "pattern": "/in-a", "name": "item" } ] } } }
                """#.utf8), path: "t.json")
        #expect(TestLink.all(in: schemesOnly).map(\.declaration.pattern) == ["/in-a"])
        #expect(try schemesOnly.makeRouter().link(for: "item") == "a://in-a")
    }

    @Test func aLinkThatOpensAnotherRouteSaysSo() throws {
        let file = try RouteFile(
            data: Data(
                #"""
                { "routes": [ { "pattern": "/user/:name", "name": "user" }, { "pattern": "/user/me", "name": "me" } ],
                  "schemes": { "app": { "fallsBackToGlobal": true, "routes": [] } } }
                """#.utf8), path: "t.json")
        let loaded = LoadedRoutes(file: file, router: try file.makeRouter())
        let user = try #require(TestLink.all(in: file).first { $0.name == "user" })
        let (forms, _) = user.forms(values: TestLink.Values(parameters: ["name": "me"]), in: loaded)
        #expect(forms.first?.mismatch == "Routing this link opens me instead.")
        let bad = user.forms(values: TestLink.Values(parameters: [:]), in: loaded).forms.first
        #expect(throws: LinkError.self) { try bad?.link.get() }
    }

    @Test(
        "the command shown is quoted for a shell",
        arguments: [
            (["id": "7"], "", "switchyard url shop.json product id=7 --scheme myapp"),
            (["id": "a b"], "", "switchyard url shop.json product 'id=a b' --scheme myapp"),
            (["id": "it's"], "", #"switchyard url shop.json product 'id=it'\''s' --scheme myapp"#),
            (["id": "$(rm -rf /)"], "", "switchyard url shop.json product 'id=$(rm -rf /)' --scheme myapp"),
            (["id": ""], "", "switchyard url shop.json product --scheme myapp"),
            (["id": "\u{202E}gpj.exe"], "", #"switchyard url shop.json product $'id=\u202Egpj.exe' --scheme myapp"#),
            (["id": "it's\\\u{200B}"], "", #"switchyard url shop.json product $'id=it\'s\\\u200B' --scheme myapp"#),
            (
                ["id": "7"], "utm_source=mail&debug&q=a b",
                "switchyard url shop.json product id=7 --query utm_source=mail --query debug --query 'q=a b' --scheme myapp"
            ),
        ])
    func command(parameters: [String: String], query: String, expected: String) throws {
        let file = try RouteFile(contentsOf: Self.shop)
        let product = try #require(TestLink.all(in: file).first { $0.name == "product" })
        let values = TestLink.Values(parameters: parameters, query: query)
        #expect(product.command(file: "shop.json", values: values, scheme: "myapp") == expected)
    }

    /// Arguments a person could type into a field; the invisible ones come back from `$'…'` quotes, a hex digit after
    /// a code point included.
    static let shellArguments = [
        "plain", "", "a b", "it's", "'", "$(rm -rf /)", "`id`", "a\\b", "!!", "*", "~root", "é ü", "x\ny",
        "\u{202E}gpj.exe", "\u{200B}abc", "it's\\\u{200B}", "\u{FEFF}", "a\u{1F}b", "\u{E0001}tag", "\u{2028}",
    ]

    #if os(Linux) || os(macOS)
        /// A shell that reads `\u` in `$'…'`, and a UTF-8 locale for it: bash here; on a Mac zsh, since its bash is 3.2.
        #if os(macOS)
            static let shell = (path: "/bin/zsh", locale: "en_US.UTF-8")
        #else
            static let shell = (path: "/bin/bash", locale: "C.UTF-8")
        #endif

        @Test("a quoted argument is read back by a shell as it was", arguments: shellArguments)
        func shellReadsTheQuotedArgumentBack(argument: String) throws {
            let shell = try TestProgram.run(
                Self.shell.path, ["-c", "printf '%s' " + TestLink.quoted(argument)],
                environment: ["LC_ALL": Self.shell.locale, "PATH": "/usr/bin:/bin"])
            #expect(shell.status == 0)
            #expect(shell.output == argument)
        }
    #endif

    @Test(
        "a failure to listen says what to do",
        arguments: [
            (
                "127.0.0.1", EADDRINUSE,
                "cannot listen on 127.0.0.1:8080: the port is in use; choose another with --port"
            ),
            ("10.1.2.3", EADDRNOTAVAIL, "cannot listen on 10.1.2.3:8080: the address is not one of this machine's"),
            ("::2", EADDRNOTAVAIL, "cannot listen on [::2]:8080: the address is not one of this machine's"),
            ("0.0.0.0", EACCES, "cannot listen on 0.0.0.0:8080: not permitted (a port below 1024 needs privileges)"),
            ("nowhere", nil, "cannot listen on nowhere:8080: it is not an address of this machine, nor a name"),
        ] as [(String, Int32?, String)])
    func listeningError(host: String, errorNumber: Int32?, expected: String) {
        let error = ListeningError(host: host, port: 8080, errorNumber: errorNumber)
        #expect(error.description.hasPrefix(expected))
    }

    @Test func queryItemsGoIntoTheLinkAsTheToolWritesThem() throws {
        let file = try RouteFile(contentsOf: Self.shop)
        let loaded = LoadedRoutes(file: file, router: try file.makeRouter())
        let product = try #require(TestLink.all(in: file).first { $0.name == "product" })
        let values = TestLink.Values(parameters: ["id": "7"], query: "utm_source=mail&debug&q=a+b c")
        #expect(
            try values.queryItems.get() == [
                QueryItem(name: "utm_source", value: "mail"), QueryItem(name: "debug", value: nil),
                QueryItem(name: "q", value: "a+b c"),
            ])
        let links = try product.forms(values: values, in: loaded).forms.map { try $0.link.get() }
        #expect(links.first == "myapp://product/7?utm_source=mail&debug&q=a%2Bb%20c")
        // Refused as `switchyard url --query =x` refuses it.
        #expect(throws: (any Error).self) { try TestLink.Values(parameters: [:], query: "=x").queryItems.get() }
    }
}
