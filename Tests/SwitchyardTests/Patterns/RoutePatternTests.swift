import Switchyard
import Testing

/// Pattern syntax and its errors.
@Suite("Route patterns")
struct RoutePatternTests {
    struct Failure: Hashable, Sendable, CustomTestStringConvertible {
        var code: PatternError.Code
        var position: Int?

        var testDescription: String { "\(code) at \(position.map(String.init) ?? "-")" }
    }

    static let badPatterns: [(String, Failure)] = [
        ("/a/*/b", Failure(code: .wildcardNotLast, position: 3)),
        ("/:", Failure(code: .emptyParameterName, position: 1)),
        ("/a/:x/:x", Failure(code: .duplicateParameterName, position: 6)),
        ("/a/(b/(c))", Failure(code: .nestedGroup, position: 6)),
        ("/a/(b", Failure(code: .unclosedGroup, position: 3)),
        ("/a/b)", Failure(code: .unopenedGroup, position: 4)),
        ("/a()", Failure(code: .emptyGroup, position: 2)),
        ("/a/b*", Failure(code: .wildcardInSegment, position: 4)),
        ("/user#/view/:id", Failure(code: .reservedCharacter, position: 5)),
        ("/a?b", Failure(code: .reservedCharacter, position: 2)),
        ("/:na-me", Failure(code: .invalidParameterName, position: 4)),
        ("/a/%ZZ", Failure(code: .invalidPercentEncoding, position: 3)),
        ("/a/%FF", Failure(code: .invalidUTF8, position: 3)),
        ("/a/b%00", Failure(code: .controlCharacter, position: 4)),
        ("/a/../b", Failure(code: .dotSegment, position: 3)),
        ("/a/%2E", Failure(code: .dotSegment, position: 3)),
        ("/a(/:x)/:x", Failure(code: .duplicateParameterName, position: 8)),
        ("/a(/*)/b", Failure(code: .wildcardNotLast, position: 4)),
        ("/(a)(b)(c)(d)(e)(f)(g)(h)(i)", Failure(code: .tooManyGroups, position: 25)),
        // One pass checks a segment; the first problem in this order is reported: reserved, `*`, name, text.
        ("/x*#", Failure(code: .reservedCharacter, position: 3)),
        ("/:a#", Failure(code: .reservedCharacter, position: 3)),
        ("/:a*", Failure(code: .wildcardInSegment, position: 3)),
        ("/:a%41", Failure(code: .invalidParameterName, position: 3)),
        ("/a/b\u{07}", Failure(code: .controlCharacter, position: 4)),
        ("/a/b\u{85}", Failure(code: .controlCharacter, position: 4)),
        ("/(a/:b*)", Failure(code: .wildcardInSegment, position: 6)),
    ]

    @Test("bad patterns are rejected with their position", arguments: badPatterns)
    func badPattern(pattern: String, expected: Failure) {
        #expect {
            _ = try RoutePattern(pattern)
        } throws: { error in
            guard let error = error as? PatternError else { return false }
            return Failure(code: error.code, position: error.position) == expected && error.pattern == pattern
        }
        #expect(throws: PatternError.self) { try Router().add(pattern) }
    }

    @Test func patternErrorReadsLikeADiagnostic() {
        #expect(throws: PatternError.self) { try RoutePattern("/a/*/b") }
        do {
            _ = try RoutePattern("/a/*/b")
        } catch {
            #expect(
                error.description == """
                    wildcardNotLast at byte 3: '*' must be the last segment
                      /a/*/b
                         ^
                    """)
        }
    }

    static let goodPatterns: [(String, [String])] = [
        ("/time/12:30", ["/time/12:30"]),  // a colon inside a segment is literal
        ("/test/", ["/test"]),
        ("", ["/"]),
        ("/", ["/"]),
        ("//a//b//", ["/a/b"]),
        // written as its own text, or not quite
        ("/a/:b", ["/a/:b"]),
        ("/a//b", ["/a/b"]),
        ("/a/b/", ["/a/b"]),
        ("//", ["/"]),
        ("a/:b/*", ["/a/:b/*"]),
        ("/x/caf%C3%A9", ["/x/caf%C3%A9"]),
        ("/a(/:x)(/:yy)", ["/a/:x/:yy", "/a/:x", "/a/:yy", "/a"]),
        ("/(a)(b)(c)(d)(e)(f)(g)(h)", []),
    ]

    @Test("good patterns and their expansions", arguments: goodPatterns)
    func goodPattern(pattern: String, expansions: [String]) throws {
        let parsed = try RoutePattern(pattern)
        #expect(parsed.written == pattern)
        if expansions.isEmpty {
            #expect(parsed.expansions.count == 256)
        } else {
            #expect(parsed.expansions == expansions)
        }
    }

    @Test func literalColonMatches() throws {
        #expect(try Router(["/time/12:30"]).outcome("app://time/12:30") == .hit(Hit("/time/12:30")))
    }

    @Test func slashesAtThePatternsEndsDoNotCount() throws {
        let router = try Router(["/test/"])
        #expect(router.outcome("tests://test") == .hit(Hit("/test/")))
        #expect(router.outcome("tests://test/") == .hit(Hit("/test/")))
    }

    @Test func aParameterNeverBindsNothing() throws {
        #expect(try Router(["/a/:mid/b"]).outcome("https://x.com/a//b") == .noMatch)
    }

    @Test func encodedAndDecodedLiteralsAreTheSamePattern() throws {
        #expect(try RoutePattern("/x/café") == RoutePattern("/x/caf%C3%A9"))
        #expect(try RoutePattern("/test/") == RoutePattern("test"))
        #expect(try RoutePattern("/a/:x") != RoutePattern("/a/:y"))
        #expect(try RoutePattern("/x/café") != RoutePattern("/x/cafe%CC%81"))
    }

    @Test func parameterNamesInOrder() throws {
        #expect(try RoutePattern("/the(/foo/:a)(/bar/:b)/:c").parameterNames == ["a", "b", "c"])
    }

    /// A table keeps an expansion as text and reads parameters, wildcards and specificity from it: an escaped `:`
    /// or `*` must stay a literal there, as it is when parsed.
    @Test func escapedColonAndStarStayLiterals() throws {
        #expect(try RoutePattern("/%3Aid/:id/%2A(/:tail)").parameterNames == ["id", "tail"])
        let router = Router()
        for pattern in ["/k/*", "/k/:name", "/k/%3Aname", "/k/%2A"] { try router.add(pattern) }
        #expect(router.routes(in: .global).map(\.expansion) == ["/k/%3Aname", "/k/%2A", "/k/:name", "/k/*"])
        #expect(try router.match("app://k/:name")?.route.expansion == "/k/%3Aname")
        #expect(try router.match("app://k/:name")?.parameters == [:])
        #expect(try router.match("app://k/*")?.route.expansion == "/k/%2A")
        #expect(try router.match("app://k/%2A")?.route.expansion == "/k/%2A")
        #expect(try router.match("app://k/x")?.parameters == ["name": "x"])
        #expect(try router.match("app://k/x/y")?.wildcardComponents == ["x", "y"])
        #expect(try router.match("app://k/x/y")?.parameters == [:])
    }

    @Test func constraintOnAnUnknownParameterIsAnError() {
        #expect {
            try Router().add("/item/:id", constraints: ["slug": .digits])
        } throws: { error in
            (error as? PatternError)?.code == .unknownParameter
        }
    }
}
