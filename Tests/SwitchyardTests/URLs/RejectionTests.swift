import Switchyard
import Testing

/// Malformed input and limits.
@Suite("Rejections and limits")
struct RejectionTests {
    struct Rejected: Hashable, Sendable, CustomTestStringConvertible {
        var code: URLRejection.Code
        var position: Int
        var component: Int?

        init(_ code: URLRejection.Code, at position: Int, component: Int? = nil) {
            self.code = code
            self.position = position
            self.component = component
        }

        init(_ error: URLRejection) {
            self.init(error.code, at: error.position, component: error.componentIndex)
        }

        var testDescription: String { "\(code) at \(position)" + (component.map { " component \($0)" } ?? "") }
    }

    static let malformed: [(String, Rejected)] = [
        // Control characters, raw or encoded, anywhere.
        ("app://a/b%00c", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a/b%0Ac", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a/b\tc", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a/b%7F", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a/b%C2%85", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a/b\u{85}", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a#x%00", Rejected(.controlCharacter, at: 9)),
        ("app://a?q=x%0D%0A", Rejected(.controlCharacter, at: 11)),
        ("app://a/x\r\ny", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a%00b/x", Rejected(.controlCharacter, at: 7)),
        // Bad escapes, at the `%`.
        ("app://a/%ZZ", Rejected(.invalidPercentEncoding, at: 8, component: 1)),
        // Positions count bytes: `é` takes two.
        ("app://a/caf\u{E9}/%ZZ", Rejected(.invalidPercentEncoding, at: 14, component: 2)),
        ("app://a/%4", Rejected(.invalidPercentEncoding, at: 8, component: 1)),
        ("app://a/abc%", Rejected(.invalidPercentEncoding, at: 11, component: 1)),
        ("app://a?q=%G1", Rejected(.invalidPercentEncoding, at: 10)),
        ("app://a#%ZZ", Rejected(.invalidPercentEncoding, at: 8)),
        ("app://a?%ZZ=1", Rejected(.invalidPercentEncoding, at: 8)),
        ("app://a?=%ZZ", Rejected(.invalidPercentEncoding, at: 9)),
        // Bytes that are not UTF-8.
        ("app://a/%FF", Rejected(.invalidUTF8, at: 8, component: 1)),
        ("app://a/%C0%AF", Rejected(.invalidUTF8, at: 8, component: 1)),
        ("app://a/%E2%82", Rejected(.invalidUTF8, at: 8, component: 1)),
        ("app://a/%ED%A0%80", Rejected(.invalidUTF8, at: 8, component: 1)),
        ("app://a/%F4%90%80%80", Rejected(.invalidUTF8, at: 8, component: 1)),
        ("app://a/x%E2%82/y", Rejected(.invalidUTF8, at: 9, component: 1)),
        // Dot segments, raw or encoded.
        ("app://a/../admin", Rejected(.dotSegment, at: 8, component: 1)),
        ("app://a/./b", Rejected(.dotSegment, at: 8, component: 1)),
        ("app://a/%2e%2E/b", Rejected(.dotSegment, at: 8, component: 1)),
        ("app://a/.%2E/b", Rejected(.dotSegment, at: 8, component: 1)),
        ("../x", Rejected(.dotSegment, at: 0, component: 0)),
        // Not a scheme, and `//` follows the colon.
        ("my_app://x", Rejected(.invalidScheme, at: 2)),
        ("://x", Rejected(.invalidScheme, at: 0)),
        ("1app://x", Rejected(.invalidScheme, at: 0)),
        (" myapp://x", Rejected(.invalidScheme, at: 0)),
        // Userinfo and hosts.
        ("https://example.com@evil.com/x", Rejected(.userinfo, at: 8)),
        ("https://[::1/x", Rejected(.invalidHost, at: 8)),
        ("https://example.com:8x/x", Rejected(.invalidHost, at: 21)),
        ("https://example.com:65536/x", Rejected(.invalidHost, at: 20)),
        // The first problem in reading order wins.
        ("app://a/%ZZ/%FF", Rejected(.invalidPercentEncoding, at: 8, component: 1)),
        ("app://a/%FF?q=%ZZ", Rejected(.invalidUTF8, at: 8, component: 1)),
        ("app://a/../x?q=%00", Rejected(.dotSegment, at: 8, component: 1)),
        // Within a component, and from one component to the next, as the path is read in one pass.
        ("app://a/x\u{01}%ZZ", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a/%ZZ\u{01}", Rejected(.invalidPercentEncoding, at: 8, component: 1)),
        ("app://a/%41/b\u{01}", Rejected(.controlCharacter, at: 13, component: 2)),
        ("app://a/b\u{7F}/%ZZ", Rejected(.controlCharacter, at: 9, component: 1)),
        ("app://a/b/c?q=\u{01}", Rejected(.controlCharacter, at: 14)),
        ("app://a/b#/c\u{01}", Rejected(.controlCharacter, at: 12)),
    ]

    @Test("malformed input is rejected with its code and position", arguments: malformed)
    func malformedInput(input: String, expected: Rejected) throws {
        let router = try Router(["/a/:x", "/a/:x/:y", "/*"])
        let error = try #require(rejection(input, router))
        #expect(Rejected(error) == expected)
        // The rejection quotes the input as given.
        #expect(error.input == input)
    }

    /// Every character from U+0021 to U+00FF after a scheme's first letter (one of U+0080 or more is two bytes, the
    /// first of them where the rejection is): a letter, a digit, `+`, `-` and `.` make a scheme; any other is
    /// rejected where it is. `:`, `/`, `?` and `#` end the scheme or the search for one, so they are left out.
    @Test(
        "a scheme holds letters, digits, '+', '-' and '.' after its first letter, and no other character",
        arguments: (0x21...0xFF).filter { ![0x23, 0x2F, 0x3A, 0x3F].contains($0) })
    func schemeBytes(byte: Int) throws {
        let scalar = try #require(Unicode.Scalar(byte))
        let input = "a\(Character(scalar))b://x"
        let allowed =
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || ["+", "-", "."].contains(scalar)
        let router = try Router(["/x"])
        if allowed {
            #expect(try router.match(input) != nil)
        } else {
            #expect(rejection(input, router).map(Rejected.init) == Rejected(.invalidScheme, at: 1))
        }
    }

    @Test func dotSegmentInARoutedFragmentIsRejected() throws {
        let router = try Router(["/a/:x/:y"], options: RouterOptions(routesFragments: true))
        #expect(router.outcome("app://a#/../b") == .rejected(.dotSegment))
        #expect(try Router(["/a"]).outcome("app://a#/../b") == .hit(Hit("/a")))
    }

    static let dataThatLooksLikeDots: [(String, [String: String])] = [
        ("app://a/.../b", ["x": "...", "y": "b"]),
        ("app://a/..b/c", ["x": "..b", "y": "c"]),
        ("app://a/..%2F..%2Fadmin/b", ["x": "../../admin", "y": "b"]),
        ("app://a/a\\b/\"c'", ["x": "a\\b", "y": "\"c'"]),
    ]

    @Test("values that merely contain dots or slashes are data", arguments: dataThatLooksLikeDots)
    func dotsInsideValuesAreData(input: String, parameters: [String: String]) throws {
        #expect(try Router(["/a/:x/:y"]).outcome(input) == .hit(Hit("/a/:x/:y", parameters)))
    }

    @Test func inputLengthIsCheckedFirst() throws {
        let router = try Router(["/*"])
        // Four components of 2,000 bytes and one that fills the input to exactly 8,192 bytes.
        let fits =
            "app:///" + Array(repeating: String(repeating: "a", count: 2_000), count: 4).joined(separator: "/") + "/"
        let exact = fits + String(repeating: "b", count: 8_192 - fits.utf8.count)
        #expect(exact.utf8.count == 8_192)
        #expect(router.canRoute(exact))
        let over = exact + "c"
        #expect(rejection(over, router).map(Rejected.init) == Rejected(.tooLong, at: 8_192))
        let overAndBroken = "app://%ZZ/" + String(over.dropFirst(10))
        #expect(overAndBroken.utf8.count == 8_193)
        #expect(rejection(overAndBroken, router)?.code == .tooLong)
    }

    @Test func componentCountIsInclusiveAndCountsAHostComponent() throws {
        let router = try Router(["/*"])
        let sixtyFour = "app:///" + Array(repeating: "c", count: 64).joined(separator: "/")
        #expect(router.outcome(sixtyFour) == .hit(Hit("/*", wildcard: Array(repeating: "c", count: 64))))
        let sixtyFive = sixtyFour + "/c"
        #expect(rejection(sixtyFive, router).map(Rejected.init) == Rejected(.tooManyComponents, at: 135, component: 64))
        let hostAndSixtyFour = "app://c" + String(repeating: "/c", count: 64)
        #expect(rejection(hostAndSixtyFour, router)?.code == .tooManyComponents)
        let emptiesDropped = "app:///" + Array(repeating: "c", count: 64).joined(separator: "//") + "//"
        #expect(router.canRoute(emptiesDropped))
    }

    @Test func queryItemCountIsInclusiveAndSkipsEmptyPieces() throws {
        let router = try Router(["/q"])
        let items = (0..<256).map { "k\($0)=v" }
        #expect(router.canRoute("app://q?" + items.joined(separator: "&")))
        #expect(rejection("app://q?" + (items + ["x=1"]).joined(separator: "&"), router)?.code == .tooManyQueryItems)
        #expect(router.canRoute("app://q?" + items.joined(separator: "&&") + "&&=x"))
    }

    @Test func valueLengthCountsBytesAsWritten() throws {
        let router = try Router(["/a/:x"])
        #expect(router.canRoute("app://a/" + String(repeating: "x", count: 2_048)))
        for tooLong in [
            "app://a/" + String(repeating: "x", count: 2_049),
            "app://a/" + String(repeating: "%41", count: 683),
            "app://a/x?q=" + String(repeating: "x", count: 2_049),
            "app://a/x?" + String(repeating: "q", count: 2_049) + "=1",
            "app://a/x#" + String(repeating: "f", count: 2_049),
            "https://" + String(repeating: "h", count: 2_049) + ".com/a/x",
        ] {
            #expect(rejection(tooLong, router)?.code == .valueTooLong)
        }
    }

    @Test func limitsAreConfigurable() throws {
        var options = RouterOptions()
        options.limits.maxComponents = 4
        let router = try Router(["/*"], options: options)
        #expect(router.canRoute("app:///a/b/c/d"))
        #expect(rejection("app:///a/b/c/d/e", router)?.code == .tooManyComponents)
        options.limits = RoutingLimits(maxInputLength: 12, maxComponents: 64, maxQueryItems: 1, maxValueLength: 3)
        let small = try Router(["/*"], options: options)
        #expect(rejection("app:///abcdefghi", small)?.code == .tooLong)
        #expect(rejection("app:///abcd", small)?.code == .valueTooLong)
        #expect(rejection("a?x=1&y=2", small)?.code == .tooManyQueryItems)
    }

    @Test func fragmentRoutingCountsTowardTheLimits() throws {
        var options = RouterOptions(routesFragments: true)
        options.limits.maxComponents = 2
        options.limits.maxQueryItems = 1
        let router = try Router(["/*"], options: options)
        #expect(router.canRoute("app:///a#/b"))
        #expect(
            rejection("app:///a#/b/c", router).map(Rejected.init) == Rejected(.tooManyComponents, at: 12, component: 2))
        #expect(rejection("app:///a?x=1#y=2", router)?.code == .tooManyQueryItems)
    }

    @Test func hugeInputsAreRejectedByTheLimits() throws {
        let router = try Router(["/*", "/q"])
        #expect(rejection("app://a/" + String(repeating: "x", count: 1_000_000), router)?.code == .tooLong)
        var generous = RouterOptions()
        generous.limits.maxInputLength = 2_000_000
        let wide = try Router(["/*", "/q"], options: generous)
        let manyItems = "app://q?" + Array(repeating: "a=1", count: 100_000).joined(separator: "&")
        #expect(rejection(manyItems, wide)?.code == .tooManyQueryItems)
        let deep = "app:///" + Array(repeating: "c", count: 10_000).joined(separator: "/")
        #expect(rejection(deep, wide)?.code == .tooManyComponents)
        #expect(rejection("app:///" + String(repeating: "x", count: 100_000), wide)?.code == .valueTooLong)
    }

    @Test func descriptionReadsLikeADiagnostic() throws {
        let error = try #require(rejection("app://a/%ZZ"))
        #expect(
            error.description == """
                invalidPercentEncoding at byte 8 (path component 1): '%' must be followed by two hexadecimal digits
                  app://a/%ZZ
                          ^
                """)
        let control = try #require(rejection("app://a?q=\u{7}"))
        #expect(
            control.description == """
                controlCharacter at byte 10: control characters are not allowed
                  app://a?q=?
                            ^
                """)
    }

    @Test func descriptionOfALongInputShowsAWindow() throws {
        let input = "app://a/" + String(repeating: "x", count: 100) + "%ZZ" + String(repeating: "y", count: 100)
        let error = try #require(rejection(input))
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1] == "  …" + String(repeating: "x", count: 40) + "%ZZ" + String(repeating: "y", count: 37) + "…")
        #expect(lines[2] == "   " + String(repeating: " ", count: 40) + "^")
        #expect(error.code.description == "invalidPercentEncoding")
    }

    @Test func emptyInputHasNoComponents() throws {
        for input in ["", "tests:", "tests://", "tests:///"] {
            #expect(try Router(["/"]).outcome(input) == .hit(Hit("/")))
            #expect(try Router(["/*"]).outcome(input) == .hit(Hit("/*", wildcard: [])))
            #expect(try Router(["/a"]).outcome(input) == .noMatch)
        }
        #expect(try Router(["/", "/*"]).outcome("") == .hit(Hit("/")))
    }
}
