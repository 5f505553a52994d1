import Foundation
import Testing

@Suite("switchyard route")
struct RouteCommandTests {
    @Test func humanOutputIsAligned() throws {
        let result = try Tool.run(["route", Tool.example, "myapp://product/1988?coupon=XMAS"])
        #expect(
            result
                == ToolResult(
                    status: 0,
                    output: """
                        myapp://product/1988?coupon=XMAS
                          outcome      matched
                          table        global
                          pattern      /product/:id
                          name         product
                          destination  ProductScreen
                          parameters   id=1988
                          query        coupon=XMAS

                        """, errorOutput: ""))
    }

    static let jsonLines: [(String, String)] = [
        (
            "myapp://product/1988?coupon=XMAS",
            #"{"input":"myapp://product/1988?coupon=XMAS","outcome":"matched","table":"global","pattern":"/product/:id","name":"product","destination":"ProductScreen","parameters":{"id":"1988"},"query":[["coupon","XMAS"]]}"#
        ),
        (
            "myapp://cart?debug",
            #"{"input":"myapp://cart?debug","outcome":"matched","table":"myapp","pattern":"/cart","name":"cart","destination":"CartScreen","parameters":{},"query":[["debug",null]]}"#
        ),
        (
            "https://shop.example.com/help/a/b%20c#top",
            #"{"input":"https://shop.example.com/help/a/b%20c#top","outcome":"matched","table":"global","pattern":"/help/*","name":"help","destination":"HelpCenter","parameters":{},"query":[],"wildcard":["a","b c"],"fragment":"top"}"#
        ),
        (
            "https://shop.example.com/p/a%20b",
            #"{"input":"https://shop.example.com/p/a%20b","outcome":"matched","table":"https","pattern":"/p/:id","name":"short.product","parameters":{"id":"a b"},"query":[],"redirect":"/product/a%20b"}"#
        ),
        (
            "/category/shoes/page/2",
            #"{"input":"/category/shoes/page/2","outcome":"matched","table":"global","pattern":"/category/:slug(/page/:page)","name":"category","destination":"CategoryScreen","parameters":{"page":"2","slug":"shoes"},"query":[]}"#
        ),
        (
            "myapp://nowhere?x=1#f",
            #"{"input":"myapp://nowhere?x=1#f","outcome":"default","table":"myapp","destination":"NotFoundScreen","parameters":{},"query":[["x","1"]],"fragment":"f"}"#
        ),
        (
            "myapp://a/%ZZ",
            #"{"input":"myapp://a/%ZZ","outcome":"rejected","error":{"code":"invalidPercentEncoding","message":"'%' must be followed by two hexadecimal digits at byte 10"}}"#
        ),
        (
            "https://evil.com/product/1",
            #"{"input":"https://evil.com/product/1","outcome":"rejected","error":{"code":"hostNotAllowed","message":"the host 'evil.com' is not one of the allowed hosts at byte 8"}}"#
        ),
    ]

    @Test("--json prints the specified keys", arguments: jsonLines)
    func jsonOutput(link: String, line: String) throws {
        let result = try Tool.run(["route", "--json", Tool.example, link])
        #expect(result.output == line + "\n")
        #expect(result.status == (line.contains(#""outcome":"rejected""#) ? 1 : 0))
    }

    @Test func unmatchedWithoutADefaultExitsWithOne() throws {
        let file = try Tool.temporaryFile(#"{"routes": [{"pattern": "/a", "destination": "A"}]}"#)
        let result = try Tool.run(["route", "--json", file, "/b?q=1", "/a"])
        #expect(
            result.output == """
                {"input":"/b?q=1","outcome":"unmatched","table":"global","query":[["q","1"]]}
                {"input":"/a","outcome":"matched","table":"global","pattern":"/a","destination":"A","parameters":{},"query":[]}

                """)
        #expect(result.status == 1)
    }

    @Test func linksAreReadFromStandardInputSkippingEmptyLines() throws {
        let result = try Tool.run(["route", "--json", Tool.example], input: "/search?q=a+b\n\n/user/me\r\n")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""query":[["q","a b"]]"#) == true)
        #expect(lines.last?.contains(#""name":"myProfile""#) == true)
        #expect(result.status == 0)
        let empty = try Tool.run(["route", Tool.example], input: "")
        #expect(empty == ToolResult(status: 0, output: "", errorOutput: ""))
    }

    @Test func streamsManyLinks() throws {
        let links = (0..<5_000).map { "myapp://product/\($0)" }.joined(separator: "\n")
        let result = try Tool.run(["route", "--json", Tool.example], input: links)
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").count == 5_000)
    }
}

@Suite("switchyard: bad input")
struct BadInputTests {
    @Test func missingFileExitsWithTwo() throws {
        let result = try Tool.run(["route", "/no/such/file.json", "/a"])
        #expect(
            result
                == ToolResult(
                    status: 2, output: "",
                    errorOutput:
                        "error: /no/such/file.json: unreadable: the file cannot be read: No such file or directory\n"))
    }

    @Test func invalidJSONExitsWithTwo() throws {
        let file = try Tool.temporaryFile("{ not json")
        let result = try Tool.run(["route", file, "/a"])
        #expect(result.status == 2)
        #expect(result.errorOutput.hasPrefix("error: \(file): invalidJSON: the file is not valid JSON"))
    }

    @Test func badPatternShowsACaret() throws {
        let file = try Tool.temporaryFile(#"{"routes": [{"pattern": "/ok"}, {"pattern": "/a/*/b"}]}"#)
        let result = try Tool.run(["route", file, "/a"])
        #expect(
            result
                == ToolResult(
                    status: 2, output: "",
                    errorOutput: """
                        error: \(file): routes[1].pattern: invalidPattern: wildcardNotLast at byte 3: '*' must be the last segment
                          /a/*/b
                             ^

                        """))
    }

    @Test func unknownKeyNamesItsLocation() throws {
        let file = try Tool.temporaryFile(#"{"routes": [{"pattern": "/a", "destinaton": "A"}]}"#)
        let result = try Tool.run(["routes", file])
        #expect(result.status == 2)
        #expect(
            result.errorOutput
                == "error: \(file): routes[0].destinaton: unknownKey: 'destinaton' is not a key here; expected one of confirm, constraints, destination, name, origins, parents, pattern, presentation, priority, redirect, tab, universalLink, warm, web\n"
        )
    }

    @Test("usage errors exit with two", arguments: [["route"], ["nonsense"], ["url"], ["route", "--bogus", "x"]])
    func usageErrors(arguments: [String]) throws {
        let result = try Tool.run(arguments)
        #expect(result.status == 2)
        #expect(!result.errorOutput.isEmpty)
        #expect(result.output.isEmpty)
    }

    @Test func helpIsWrittenForPeople() throws {
        let result = try Tool.run(["route", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("OVERVIEW: Show what each link matches in a route file."))
        #expect(result.output.contains("switchyard route Examples/shop.json 'myapp://product/1988?coupon=XMAS'"))
        let root = try Tool.run(["--help"])
        #expect(root.output.contains("Exit codes: 0 success, 1 no match or check failed, 2 bad usage or unreadable"))
    }
}
