import Foundation
import Testing

/// One route-file change and the links it affects, for `switchyard audit`.
struct AuditCase: Sendable, CustomTestStringConvertible {
    var name: String
    var old: String
    var new: String
    /// The links file: `COUNT<TAB>link` lines among plain ones.
    var links: String
    var category: String
    /// The changed links, in input order, and their counts.
    var changed: [(link: String, count: Int)]
    var breaks: Bool

    var testDescription: String { name }
}

@Suite("switchyard audit")
struct AuditCommandTests {
    private static func file(_ routes: String, _ extra: String = "") -> String {
        #"{"routes": [\#(routes)], "default": "NotFound"\#(extra)}"#
    }

    static let cases: [AuditCase] = [
        AuditCase(
            name: "a renamed path",
            old: file(#"{"pattern": "/user/:name", "name": "user", "destination": "U"}"#),
            new: file(#"{"pattern": "/profile/:name", "name": "user", "destination": "U"}"#),
            links: "/user/ann\n3\t/user/bob\n/help/cy\n", category: "newly-unmatched",
            changed: [("/user/ann", 1), ("/user/bob", 3)], breaks: true),
        AuditCase(
            name: "a tighter constraint",
            old: file(#"{"pattern": "/product/:id", "name": "product", "destination": "P"}"#),
            new: file(
                #"{"pattern": "/product/:id", "name": "product", "destination": "P", "constraints": {"id": "digits"}}"#),
            links: "/product/12\n/product/twelve\n", category: "newly-unmatched", changed: [("/product/twelve", 1)],
            breaks: true),
        AuditCase(
            name: "a new route that shadows an old one",
            old: file(#"{"pattern": "/product/:id", "name": "product", "destination": "P"}"#),
            new: file(
                #"{"pattern": "/product/:id", "name": "product", "destination": "P"}, {"pattern": "/product/featured", "name": "featured", "destination": "F"}"#
            ),
            links: "/product/12\r\n\r\n7\t/product/featured\r\n", category: "moved",
            changed: [("/product/featured", 7)], breaks: true),
        AuditCase(
            name: "a removed route that has a redirect",
            old: file(
                #"{"pattern": "/item/:id", "name": "item", "destination": "I"}, {"pattern": "/product/:id", "name": "product", "destination": "P"}"#
            ),
            new: file(
                #"{"pattern": "/item/:id", "name": "item", "redirect": "/product/:id"}, {"pattern": "/product/:id", "name": "product", "destination": "P"}"#
            ),
            links: "/item/5\n/product/5\n", category: "moved", changed: [("/item/5", 1)], breaks: false),
        AuditCase(
            name: "a changed host policy",
            old: file(#"{"pattern": "/product/:id", "destination": "P"}"#, #", "hostPolicy": "automatic""#),
            new: file(#"{"pattern": "/product/:id", "destination": "P"}"#, #", "hostPolicy": "pathComponent""#),
            links: "https://shop.example.com/product/1\nmyapp:///product/2\n", category: "newly-unmatched",
            changed: [("https://shop.example.com/product/1", 1)], breaks: true),
        AuditCase(
            name: "a changed + option",
            old: file(#"{"pattern": "/search/:query", "destination": "S"}"#),
            new: file(
                #"{"pattern": "/search/:query", "destination": "S"}"#, #", "options": {"decodePlusInPath": true}"#),
            links: "/search/red+shoes\n/search/hats\n", category: "parameters-changed",
            changed: [("/search/red+shoes", 1)], breaks: false),
        AuditCase(
            name: "a new allowed host",
            old: file(#"{"pattern": "/p/:id", "destination": "P"}"#, #", "allowedHosts": ["shop.example.com"]"#),
            new: file(
                #"{"pattern": "/p/:id", "destination": "P"}"#,
                #", "allowedHosts": ["shop.example.com", "m.shop.example.com"]"#),
            links: "https://m.shop.example.com/p/1\nhttps://shop.example.com/p/1\n", category: "newly-matched",
            changed: [("https://m.shop.example.com/p/1", 1)], breaks: false),
        AuditCase(
            name: "a redirect that leads elsewhere",
            old: file(
                #"{"pattern": "/p/:id", "name": "short", "redirect": "/product/:id"}, {"pattern": "/product/:id", "destination": "P"}, {"pattern": "/item/:id", "destination": "I"}"#
            ),
            new: file(
                #"{"pattern": "/p/:id", "name": "short", "redirect": "/item/:id"}, {"pattern": "/product/:id", "destination": "P"}, {"pattern": "/item/:id", "destination": "I"}"#
            ),
            links: "/p/9\n", category: "redirect-changed", changed: [("/p/9", 1)], breaks: false),
        AuditCase(
            name: "a shorter length limit",
            old: file(#"{"pattern": "/p/:id", "destination": "P"}"#),
            new: file(
                #"{"pattern": "/p/:id", "destination": "P"}"#, #", "options": {"limits": {"maxInputLength": 8}}"#),
            links: "/p/1\n/p/123456789\n", category: "newly-rejected", changed: [("/p/123456789", 1)], breaks: true),
    ]

    @Test("each change lands in its category", arguments: cases)
    func category(_ change: AuditCase) throws {
        let old = try Tool.temporaryFile(change.old, named: "old.json")
        let new = try Tool.temporaryFile(change.new, named: "new.json")
        let links = try Tool.temporaryFile(change.links, named: "links.txt")

        let json = try Tool.run(["audit", "--json", "--quiet", old, new, links])
        let objects = try json.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["link"] as? String } == change.changed.map(\.link))
        #expect(objects.map { $0["count"] as? Int } == change.changed.map(\.count))
        #expect(objects.allSatisfy { $0["category"] as? String == change.category })
        #expect(objects.allSatisfy { $0["breaks"] as? Bool == change.breaks })
        #expect(objects.allSatisfy { ($0["old"] as? [String: Any])?["outcome"] != nil })
        #expect(objects.allSatisfy { ($0["new"] as? [String: Any])?["outcome"] != nil })
        #expect(json.status == (change.breaks ? 1 : 0))

        let summary = try Tool.run(["audit", old, new, links])
        let lines = change.links.split(whereSeparator: \.isNewline).count
        let weighted = change.changed.reduce(0) { $0 + $1.count }
        let row = try #require(summary.output.split(separator: "\n").first { $0.hasPrefix(change.category + " ") })
        let cells = row.split(separator: " ")
        #expect(
            cells.dropFirst().map(String.init) == [
                "\(change.changed.count)", "\(weighted)", change.breaks ? "\(change.changed.count)" : "0",
            ])
        #expect(summary.output.contains("\(lines) lines: \(lines) links"))
        for (link, _) in change.changed { #expect(summary.output.contains("\n  \(link)")) }
        #expect(summary.output.hasSuffix(change.breaks ? "\n" : "PASS: no link breaks\n"))
        #expect(summary.status == json.status)
        #expect(summary.errorOutput == "")
    }

    @Test func theSummaryShowsBothOutcomesOfAnExample() throws {
        let change = Self.cases[0]
        let result = try Tool.run(
            ["audit", try Tool.temporaryFile(change.old), try Tool.temporaryFile(change.new, named: "new.json"), "-"],
            input: "/user/ann\n")
        #expect(
            result.output.contains(
                """
                newly unmatched: the first 1 of 1
                  /user/ann  breaks
                    old  user → U  /user/:name  name=ann
                    new  unmatched: the default route → NotFound
                """))
        #expect(result.output.hasSuffix("FAIL: 1 link breaks (weighted 1, 100 %): newly unmatched 1\n"))
        #expect(result.status == 1)
    }

    @Test func aBudgetOrAnAllowedCategoryLetsBrokenLinksPass() throws {
        let change = Self.cases[0]
        let arguments = [
            "audit", try Tool.temporaryFile(change.old), try Tool.temporaryFile(change.new, named: "new.json"),
            try Tool.temporaryFile(change.links, named: "links.txt"),
        ]
        // Two links break, weighing 1 and 3, of three links weighing 5.
        #expect(try Tool.run(arguments + ["--max-broken", "4"]).status == 0)
        #expect(try Tool.run(arguments + ["--max-broken", "3"]).status == 1)
        #expect(try Tool.run(arguments + ["--max-broken", "80%"]).status == 0)
        #expect(try Tool.run(arguments + ["--max-broken", "79%"]).status == 1)
        #expect(try Tool.run(arguments + ["--allow", "moved,newly-unmatched"]).status == 0)
        #expect(try Tool.run(arguments + ["--allow", "moved", "--allow", "newly-rejected"]).status == 1)
        let passing = try Tool.run(arguments + ["--max-broken", "4"])
        #expect(
            passing.output.hasSuffix("PASS: 2 links break (weighted 4, 80 %): newly unmatched 2, within --max-broken\n")
        )
    }

    static let badUsage: [[String]] = [
        ["--allow", "renamed"], ["--max-broken", "many"], ["--max-broken", "101%"], ["--max-broken", "-1"],
        ["--threads", "0"], ["--threads", "257"], ["--threads", "100000"], ["--examples", "-2"],
    ]

    @Test("bad usage exits with two", arguments: badUsage)
    func badUsageExitsWithTwo(_ options: [String]) throws {
        let result = try Tool.run(["audit", Tool.example, Tool.example] + options, input: "/product/1\n")
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(!result.errorOutput.isEmpty)
    }

    /// `--threads` at its edges: 1 and 256 audit as the default does (no more threads run than the machine has cores,
    /// so 256 costs no more memory than 2); outside them the refusal gives the range.
    @Test func theThreadsAreOneTo256() throws {
        let arguments = ["audit", Tool.example, Tool.example]
        let expected = try Tool.run(arguments, input: "/product/1\n")
        #expect(expected.status == 0)
        for threads in ["1", "256"] {
            #expect(try Tool.run(arguments + ["--threads", threads], input: "/product/1\n") == expected)
        }
        for threads in ["0", "257"] {
            let refused = try Tool.run(arguments + ["--threads", threads], input: "/product/1\n")
            #expect(refused.status == 2)
            #expect(refused.errorOutput.hasPrefix("Error: --threads is 1 to 256, not \(threads)\n"))
        }
    }

    /// A file that is not there, and a folder: each named with the system's reason.
    @Test(arguments: [
        ("/no/such/links.txt", "No such file or directory"),
        (FileManager.default.temporaryDirectory.path, "Is a directory"),
    ])
    func anUnreadableLinksFileExitsWithTwo(path: String, reason: String) throws {
        let result = try Tool.run(["audit", Tool.example, Tool.example, path])
        #expect(
            result
                == ToolResult(
                    status: 2, output: "", errorOutput: "error: \(path): the file cannot be read: \(reason)\n"))
    }

    @Test func hostileLinesAreCountedWithTheirCodesAndNothingIsLost() throws {
        var input = Data()
        input += Data("/product/1\n".utf8)
        input += Data([0x2F, 0x70, 0xFF, 0xFE, 0x0A])  // "/p" and bytes that are not UTF-8
        input += Data("/product/1\0evil\n".utf8)  // a NUL byte
        input += Data("\t/product/2\n12x\t/product/3\n7\t\n".utf8)  // no count, a bad count, no link
        input += Data("1234567890123456\t/product/5\n".utf8)  // a count past 15 digits
        input += Data(("/product/" + String(repeating: "9", count: 1_000_000) + "\n").utf8)  // a 1 MB link
        input += Data((String(repeating: "x", count: 1_100_000) + "\n").utf8)  // a line past 1 MiB
        input += Data("5\t/product/4\n".utf8)
        let links = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).txt")
        try input.write(to: links)
        let result = try Tool.run(["audit", Tool.example, Tool.example, links.path])
        #expect(result.status == 0)
        #expect(result.output.contains("10 lines: 4 links (weighted 8), 6 not links\n"))
        let rejections = result.output.components(separatedBy: "\n\n").first { $0.hasPrefix("REJECTED") }
        #expect(
            rejections?.split(separator: "\n").dropFirst().map { $0.split(separator: " ").map(String.init) } == [
                ["controlCharacter", "1", "1"], ["invalidCount", "3", "3"], ["invalidUTF8", "1", "1"],
                ["lineTooLong", "1", "1"], ["missingLink", "1", "1"], ["tooLong", "1", "1"],
            ])
        let unchanged = result.output.split(separator: "\n").first { $0.hasPrefix("unchanged ") }
        #expect(unchanged?.split(separator: " ") == ["unchanged", "4", "8", "0"])
    }

    @Test func manyThreadsCountAsOneDoes() throws {
        // A generated mix over several blocks of the reader (256 KiB each; the padding makes the lines long, and few
        // enough for a debug build): hits, misses, repeats, counts, hostile lines.
        var generator = SplitMix(seed: 1988)
        let templates = [
            "myapp://product/%d", "myapp://user/u%d", "https://shop.example.com/p/%d", "myapp://cart",
            "myapp://promo/C%d", "/category/c%d/page/2", "myapp://nowhere/%d", "https://evil.example/%d",
            "myapp://help/a/%d?x=1", "%d\tmyapp://orders/%d",
        ]
        var text = ""
        let padding = String(repeating: "x", count: 200)
        for _ in 0..<8_000 {
            let template = templates[Int(generator.next() % UInt64(templates.count))]
            let number = Int(generator.next() % 500)
            text += template.replacingOccurrences(of: "%d", with: String(number)) + "#" + padding + "\n"
        }
        let links = try Tool.temporaryFile(text, named: "links.txt")
        let next = try Tool.temporaryFile(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: Tool.example)), as: UTF8.self)
                .replacingOccurrences(of: #""/user/:username""#, with: #""/profile/:username""#)
                .replacingOccurrences(of: #""fallsBackToGlobal": true"#, with: #""fallsBackToGlobal": false"#),
            named: "next.json")
        for mode in [[], ["--json"]] {
            let single = try Tool.run(["audit", "--threads", "1"] + mode + [Tool.example, next, links])
            let many = try Tool.run(["audit", "--threads", "4"] + mode + [Tool.example, next, links])
            #expect(single.status == 1)
            #expect(single == many)
        }
    }
}

/// A small seeded generator, so that a generated input is the same on every run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("switchyard associations")
struct AssociationsCommandTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test func theExampleGivesTheCommittedFiles() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("associations-\(UUID().uuidString)")
        let result = try Tool.run(["associations", Tool.example, "--out", out.path])
        #expect(result.status == 0)
        #expect(
            result.output
                == "\(out.appendingPathComponent("apple-app-site-association").path)\n"
                + "\(out.appendingPathComponent("assetlinks.json").path)\n")
        #expect(result.errorOutput.contains("note: /product/:id (routes[1]) is claimed for /product/a/b too\n"))
        for name in ["apple-app-site-association", "assetlinks.json"] {
            let written = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(written == (try Data(contentsOf: Self.golden.appendingPathComponent(name))), "\(name)")
        }
    }

    /// Fragment routing, case-insensitive literals, a literal with characters to encode, a route kept out, web
    /// credentials and an App Clip: every component the files can carry.
    @Test func aFileUsingEveryComponentGivesTheCommittedFiles() throws {
        let folder = Self.golden.appendingPathComponent("complete")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("associations-\(UUID().uuidString)")
        let result = try Tool.run([
            "associations", folder.appendingPathComponent("routes.json").path, "--out", out.path,
        ])
        #expect(result.status == 0)
        #expect(
            result.errorOutput.contains(
                "note: Android's rules match case as written: links that differ from the routes' literals in case "
                    + "open the app on Apple platforms only\n"))
        for name in ["apple-app-site-association", "assetlinks.json"] {
            let written = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(written == (try Data(contentsOf: folder.appendingPathComponent(name))), "\(name)")
        }
    }

    /// The short-link host claims the prefix and a slug only; without the flag, the tool says that host needs files.
    @Test func theShortLinkHostGetsFilesOfItsOwn() throws {
        let folder = Self.golden.appendingPathComponent("short-links")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("associations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(["associations", Tool.example, "--short-links", "--out", out.path])
        #expect(result.status == 0, "\(result)")
        for name in ["apple-app-site-association", "assetlinks.json"] {
            let written = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(written == (try Data(contentsOf: folder.appendingPathComponent(name))), "\(name)")
        }
        let plain = try Tool.run(["associations", Tool.example, "--out", out.path])
        #expect(plain.errorOutput.contains("note: the short links' host go.shop.example.com needs files of its own"))
    }

    /// A folder that cannot be made is named with the system's reason, where Foundation's error was printed whole
    /// (`Error Domain=NSCocoaErrorDomain Code=516 …`).
    @Test func anOutThatIsNoFolderIsNamedWithTheReason() throws {
        let file = try Tool.temporaryFile("not a folder", named: "taken")
        for (out, message) in [
            (file, "error: --out \(file): is a file, not a folder\n"),
            (file + "/sub", "error: --out \(file)/sub: the folder cannot be made: Not a directory\n"),
        ] {
            let result = try Tool.run(["associations", Tool.example, "--out", out])
            #expect(result.status == 2)
            #expect(result.output == "")
            #expect(result.errorOutput == message)
        }
    }

    @Test func aFileWithoutAppsExitsWithTwo() throws {
        let path = try Tool.temporaryFile(#"{"routes": [{"pattern": "/a", "destination": "A"}]}"#)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("associations-\(UUID().uuidString)")
        let result = try Tool.run(["associations", path, "--out", out.path])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("declares no Apple app IDs and no Android package"))
    }
}
