import Foundation
import PropertyBased
import Switchyard
import SwitchyardWebLinks
import Testing

/// Every link the router hands to a universal-link route is claimed by both association files, as Apple and Android
/// read them: rules tried in order, the first match decides, `*` any characters and `?` one (neither stopping at
/// `/`), a rule's path and its fragment (`#`, any fragment when absent) must both match, Apple's `caseSensitive`
/// default folds case, a link no rule matches is not claimed. The matching here is written from those published
/// rules, and shares no code with the files' making.
///
/// Android's rules have no case folding: a file with case-insensitive literals claims them there as written, so its
/// Android file is checked only on links as written.
@Suite("Association files claim every universal link")
struct AssociationPropertyTests {
    static let literals = ["a", "b", "c", "é"]

    @Test func everyLinkARouteHandlesIsClaimedByBothFiles() throws {
        var generator = Xoshiro(seed: (2026, 0x9E37_79B9_7F4A_7C15, 1988, 42))
        var checked = (plain: 0, fragment: 0, folded: 0)
        for _ in 0..<300 {
            let (routesFragments, foldsCase) = (generator.below(3) == 0, generator.below(4) == 0)
            let file = try Self.routeFile(&generator, routesFragments: routesFragments, foldsCase: foldsCase)
            let router = try file.makeRouter()
            let apple = try Self.rules(try #require(try file.associationFiles().apple), android: false)
            let android = try Self.rules(try #require(try file.associationFiles().android), android: true)
            for _ in 0..<40 {
                let link = Self.link(&generator, fragment: routesFragments, upperCase: foldsCase)
                guard let match = try? router.match("https://example.com" + link.path + (link.fragment ?? "")),
                    let tag = match.route.tag, file.routes[tag].isUniversalLink
                else { continue }
                if link.fragment != nil { checked.fragment += 1 } else { checked.plain += 1 }
                let shown = link.path + (link.fragment ?? "")
                #expect(
                    Self.claims(apple, link, foldingCase: foldsCase),
                    "Apple's file does not claim \(shown) for \(match.route.pattern)")
                let upperCase = shown.split(whereSeparator: { "/#".contains($0) }).contains { $0 == "A" || $0 == "B" }
                if upperCase {
                    checked.folded += 1
                } else {
                    #expect(
                        Self.claims(android, link, foldingCase: false),
                        "Android's file does not claim \(shown) for \(match.route.pattern)")
                }
            }
        }
        #expect(checked.plain > 1_000)
        #expect(checked.fragment > 100)
        #expect(checked.folded > 50)
    }

    @Test func theMatcherHereTellsRulesApart() {
        let rules = [
            Rule(pattern: "/a", fragment: "/b", excludes: true), Rule(pattern: "/a", fragment: "/?*", excludes: false),
            Rule(pattern: "/a/b", fragment: nil, excludes: false),
        ]
        #expect(!Self.claims(rules, ("/a", "#/b"), foldingCase: false))
        #expect(Self.claims(rules, ("/a", "#/c"), foldingCase: false))
        #expect(!Self.claims(rules, ("/a", nil), foldingCase: false))
        #expect(Self.claims(rules, ("/a/b", "#anything"), foldingCase: false))
        #expect(!Self.claims(rules, ("/A/B", nil), foldingCase: false))
        #expect(Self.claims(rules, ("/A/B", nil), foldingCase: true))
    }

    /// A route file of a few generated routes: literals (one of them not ASCII), parameters, optional groups,
    /// trailing wildcards, priorities, and routes kept out of universal links.
    private static func routeFile(
        _ generator: inout Xoshiro, routesFragments: Bool, foldsCase: Bool
    ) throws -> RouteFile {
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
        let options = #""options": {"fragmentRouting": \#(routesFragments), "caseInsensitiveLiterals": \#(foldsCase)}"#
        let json =
            #"{\#(options), "routes": [\#(routes.joined(separator: ", "))], "apps": {"apple": {"appIDs": ["ABCDE12345.com.example.app"]}, "#
            + #""android": {"package": "com.example.app", "sha256CertFingerprints": ["\#(Array(repeating: "AB", count: 32).joined(separator: ":"))"]}}}"#
        let (file, problems) = RouteFile.load(data: Data(json.utf8), path: "generated.json")
        // A generated pattern that ties with itself (two optional parameters of one shape) is still a file.
        #expect(problems.isEmpty, "\(problems)")
        return file
    }

    /// A link's path as a browser sends it (components percent-encoded, joined by `/`), and, when fragments route, a
    /// fragment that continues the path about half the time: `/a#/b/c`.
    private static func link(
        _ generator: inout Xoshiro, fragment: Bool, upperCase: Bool
    ) -> (path: String, fragment: String?) {
        let components = ["a", "b", "c", "%C3%A9", "z", "1"] + (upperCase ? ["A", "B"] : [])
        func joined(_ count: Int) -> String {
            "/" + (0..<count).map { _ in components[generator.below(components.count)] }.joined(separator: "/")
        }
        let path = joined(generator.below(fragment ? 3 : 5))
        guard fragment, generator.below(2) == 0 else { return (path, nil) }
        return (path, "#" + joined(1 + generator.below(3)))
    }

    /// A rule of a file: its path and fragment patterns, and whether it excludes.
    private struct Rule {
        let pattern: String
        let fragment: String?
        let excludes: Bool
    }

    /// The rules of a file, in order.
    private static func rules(_ data: Data, android: Bool) throws -> [Rule] {
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
        return list.map {
            Rule(
                pattern: ($0["/"] as? String) ?? "*", fragment: $0["#"] as? String,
                excludes: ($0["exclude"] as? Bool) ?? false)
        }
    }

    /// Whether the first rule that matches the link claims it. A fragment is matched without its `#`; a rule with a
    /// fragment pattern does not match a link without a fragment.
    private static func claims(
        _ rules: [Rule], _ link: (path: String, fragment: String?), foldingCase: Bool
    ) -> Bool {
        func fold(_ text: String) -> String { foldingCase ? text.lowercased() : text }
        let fragment = link.fragment.map { String($0.dropFirst()) }
        let first = rules.first { rule in
            guard glob(fold(rule.pattern), matches: fold(link.path)) else { return false }
            guard let pattern = rule.fragment else { return true }
            return fragment.map { glob(fold(pattern), matches: fold($0)) } ?? false
        }
        return first.map { !$0.excludes } ?? false
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

extension Xoshiro {
    /// A number in `0..<bound`, from the seeded generator, so that the corpus is the same on every run.
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }
}
