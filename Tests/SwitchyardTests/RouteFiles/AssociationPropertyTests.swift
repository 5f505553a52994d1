import Foundation
import Switchyard
import Testing

/// Every link the router hands to a universal-link route is claimed by both association files, as Apple and Android
/// read them: rules tried in order, the first match decides, `*` any characters and `?` one (neither stopping at
/// `/`), a path no rule matches is not claimed. The matching here is written from those published rules, and shares
/// no code with the files' making.
@Suite("Association files claim every universal link")
struct AssociationPropertyTests {
    static let literals = ["a", "b", "c", "é"]

    @Test func everyLinkARouteHandlesIsClaimedByBothFiles() throws {
        var generator = Xorshift(seed: 2026)
        var checked = 0
        for _ in 0..<300 {
            let file = try Self.routeFile(&generator)
            let router = try file.makeRouter()
            let apple = try Self.rules(try #require(try file.associationFiles().apple), android: false)
            let android = try Self.rules(try #require(try file.associationFiles().android), android: true)
            for _ in 0..<40 {
                let path = Self.path(&generator)
                guard let match = try? router.match("https://example.com" + path), let tag = match.route.tag,
                    file.routes[tag].isUniversalLink
                else { continue }
                checked += 1
                #expect(Self.claims(apple, path), "Apple's file does not claim \(path) for \(match.route.pattern)")
                #expect(Self.claims(android, path), "Android's file does not claim \(path) for \(match.route.pattern)")
            }
        }
        #expect(checked > 1_000)
    }

    /// A route file of a few generated routes: literals (one of them not ASCII), parameters, optional groups,
    /// trailing wildcards, priorities, and routes kept out of universal links.
    private static func routeFile(_ generator: inout Xorshift) throws -> RouteFile {
        var routes: [String] = []
        for index in 0..<(1 + generator.below(8)) {
            var segments = (0..<generator.below(4)).map { position in
                generator.below(3) == 0 ? ":p\(position)" : literals[generator.below(literals.count)]
            }
            var pattern = segments.isEmpty ? "" : "/" + segments.joined(separator: "/")
            if generator.below(6) == 0, let last = segments.popLast() {
                pattern = "/" + segments.joined(separator: "/") + "(/\(last))"
                if segments.isEmpty { pattern = "(/\(last))" }
            }
            if generator.below(8) == 0 { pattern += "/*" }
            if pattern.isEmpty { pattern = "/" }
            var route = #"{"pattern": "\#(pattern)", "destination": "D\#(index)""#
            if generator.below(8) == 0 { route += #", "priority": \#(1 + generator.below(3))"# }
            if generator.below(5) == 0 { route += #", "universalLink": false"# }
            routes.append(route + "}")
        }
        let json =
            #"{"routes": [\#(routes.joined(separator: ", "))], "apps": {"apple": {"appIDs": ["ABCDE12345.com.example.app"]}, "#
            + #""android": {"package": "com.example.app", "sha256CertFingerprints": ["\#(Array(repeating: "AB", count: 32).joined(separator: ":"))"]}}}"#
        let (file, problems) = RouteFile.load(data: Data(json.utf8), path: "generated.json")
        // A generated pattern that ties with itself (two optional parameters of one shape) is still a file.
        #expect(problems.isEmpty, "\(problems)")
        return file
    }

    /// A link's path as a browser sends it: components percent-encoded, joined by `/`.
    private static func path(_ generator: inout Xorshift) -> String {
        let components = ["a", "b", "c", "%C3%A9", "z", "1"]
        return "/"
            + (0..<generator.below(5)).map { _ in components[generator.below(components.count)] }
            .joined(separator: "/")
    }

    /// The rules of a file: each path pattern, and whether it excludes.
    private static func rules(_ data: Data, android: Bool) throws -> [(pattern: String, excludes: Bool)] {
        let json = try JSONSerialization.jsonObject(with: data)
        let components: Any?
        if android {
            let statement = (json as? [[String: Any]])?.first
            let extensions = statement?["relation_extensions"] as? [String: [String: Any]]
            components = extensions?["delegate_permission/common.handle_all_urls"]?["dynamic_app_link_components"]
        } else {
            let details = ((json as? [String: Any])?["applinks"] as? [String: Any])?["details"] as? [[String: Any]]
            components = details?.first?["components"]
        }
        let list = try #require(components as? [[String: Any]])
        return list.map { (($0["/"] as? String) ?? "*", ($0["exclude"] as? Bool) ?? false) }
    }

    /// Whether the first rule that matches `path` claims it.
    private static func claims(_ rules: [(pattern: String, excludes: Bool)], _ path: String) -> Bool {
        guard let first = rules.first(where: { glob($0.pattern, matches: path) }) else { return false }
        return !first.excludes
    }

    /// `*` matches any characters, `?` exactly one, anything else itself.
    private static func glob(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern.utf8)
        let text = Array(text.utf8)
        // matched[j]: whether the pattern read so far matches the first j bytes of the text.
        var matched = [Bool](repeating: false, count: text.count + 1)
        matched[0] = true
        for symbol in pattern {
            var next = [Bool](repeating: false, count: text.count + 1)
            for index in 0...text.count where matched[index] {
                switch symbol {
                case UInt8(ascii: "*"):
                    for end in index...text.count { next[end] = true }
                case UInt8(ascii: "?"):
                    if index < text.count { next[index + 1] = true }
                default:
                    if index < text.count, text[index] == symbol { next[index + 1] = true }
                }
            }
            matched = next
        }
        return matched[text.count]
    }
}
