import Foundation
import Switchyard
import Testing

/// Every link Switchyard accepts, Foundation's `URLComponents(string:)` accepts too, with the same host and the same
/// decoded path components (``FuzzChecks/foundationDisagrees(_:_:unicode:)`` lists the deliberate differences).
/// Links come from a seeded generator over host and path alphabets, escapes, brackets, ports, userinfo and
/// backslashes; Switchyard refuses much that Foundation accepts (`[zz]`, `exa%20mple.com`, full-width letters,
/// userinfo, dot segments), and only what it accepts is compared. The fuzz target for the splitter checks the same.
///
/// A longer run: `SWITCHYARD_DIFFERENTIAL_LINKS=1000000 SWITCHYARD_DIFFERENTIAL_SEED=7 swift test --filter Differential`.
@Suite("Hosts and paths as Foundation reads them")
struct DifferentialHostTests {
    static let count = ProcessInfo.processInfo.environment["SWITCHYARD_DIFFERENTIAL_LINKS"].flatMap(Int.init) ?? 3_000
    static let seed = ProcessInfo.processInfo.environment["SWITCHYARD_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 31

    static let nameUnits =
        (Array("abcXYZ019-._~!$&'()*+,;=").map(String.init)
            + [
                " ", "<", ">", "\"", "\\", "^", "|", "{", "}", "`", "@", ":", "[", "]", "%2F", "%5C", "%40", "%3A",
                "%23",
                "%41", "%2e", "%20", "%7C", "%ZZ", "%", "%00", "é", "ｅ", "\u{200B}", "\u{430}", "\t",
            ])
    static let unicodeUnits = Array("abcz09-").map(String.init) + ["é", "ü", "ä", "ö", "一"]
    static let literals = [
        "[::1]", "[0:0::1]", "[1:2:3:4:5:6:7:8]", "[::ffff:1.2.3.4]", "[zz]", "[v1.x]", "[fe80::1%25eth0]",
        "[2001:DB8::7]", "[1:2:3:4:5:6:7:8:9]", "[::1", "::1]", "[::1]x", "[1::2::3]",
    ]
    static let ports = [":80", ":", ":65535", ":65536", ":8a", ":0"]
    static let pathUnits =
        Array("abcXYZ09~+-_").map(String.init)
        + ["%2F", "%20", " ", "é", "..", ".", "\\", "?", "#", "%41", "%", "|", "\""]

    @Test func everyLinkSwitchyardAcceptsFoundationReadsAlike() throws {
        var generator = Xorshift(seed: Self.seed)
        let router = try Self.router(unicode: false)
        var accepted = 0
        for _ in 0..<Self.count {
            let link = Self.link(&generator, nameUnits: Self.nameUnits)
            guard (try? router.match(link)) != nil else { continue }
            accepted += 1
            #expect(FuzzChecks.foundationDisagrees(link, router) == nil)
        }
        // The corpus must reach the comparison often enough to mean something.
        #expect(accepted > Self.count / 10)
    }

    @Test func unicodeNamesAreFoundationsPunycode() throws {
        var generator = Xorshift(seed: Self.seed &+ 1)
        let router = try Self.router(unicode: true)
        var accepted = 0
        for _ in 0..<Self.count / 3 {
            let link = Self.link(&generator, nameUnits: Self.unicodeUnits)
            guard (try? router.match(link)) != nil else { continue }
            accepted += 1
            #expect(FuzzChecks.foundationDisagrees(link, router, unicode: true) == nil)
        }
        #expect(accepted > Self.count / 10)
    }

    /// A router that keeps every host as a host and matches every path.
    private static func router(unicode: Bool) throws -> Router {
        let router = try Router(["/*"])
        router.updateSettings(for: .global) {
            $0.hostPolicy = .ignored
            $0.allowsUnicodeHostNames = unicode
        }
        return router
    }

    private static func link(_ generator: inout Xorshift, nameUnits: [String]) -> String {
        var text = ["https", "http", "myapp"][generator.below(3)] + "://"
        if generator.below(10) == 0 { text += "user@" }
        switch generator.below(20) {
        case 0: break  // no host: `myapp:///path`
        case 1...3: text += literals[generator.below(literals.count)]
        default:
            text += (0...generator.below(3)).map { _ in
                (0...generator.below(6)).map { _ in nameUnits[generator.below(nameUnits.count)] }.joined()
            }.joined(separator: ".")
        }
        if generator.below(5) == 0 { text += ports[generator.below(ports.count)] }
        for _ in 0..<generator.below(4) {
            text += generator.below(8) == 0 ? "\\" : "/"
            text += (0..<generator.below(5)).map { _ in pathUnits[generator.below(pathUnits.count)] }.joined()
        }
        return text
    }
}

/// A small seeded generator (xorshift64*), so that the corpus is the same on every run.
struct Xorshift {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func below(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
    }
}
