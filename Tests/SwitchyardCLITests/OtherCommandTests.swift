import Foundation
import Testing

@Suite("switchyard check")
struct CheckCommandTests {
    @Test func theExampleHasNoProblemsAndNotesItsOverClaims() throws {
        let result = try Tool.run(["check", Tool.example])
        #expect(result.status == 0)
        #expect(result.errorOutput.isEmpty)
        #expect(result.output.hasSuffix("\(Tool.example): no problems found, 8 note(s)\n"))
        #expect(!result.output.contains("error["))
        #expect(
            result.output.contains(
                """
                note[overClaim]: the association files claim /product/a/b, which /product/:id does not take as a \
                universal link (the files' wildcards cross '/'): a phone opens the app for it
                  at: routes[1]
                  example: /product/a/b
                """))
    }

    @Test func aFileWithoutAppsHasNoNotes() throws {
        let path = try Tool.temporaryFile(#"{"routes": [{"pattern": "/a/:x", "destination": "A"}]}"#)
        #expect(
            try Tool.run(["check", path])
                == ToolResult(status: 0, output: "\(path): no problems found\n", errorOutput: ""))
    }

    static let findings: [(String, String)] = [
        (
            #"{"routes": [{"pattern": "/a/:x", "destination": "A"}, {"pattern": "/a/:y", "destination": "B"}]}"#,
            """
            error[duplicate]: /a/:x and /a/:y have the same shape in table global; only the first can win
              at: routes[0], routes[1]
              example: /a/value
            """
        ),
        (
            // A scheme table's example is written as reverse routing writes links: `app://a/value`.
            #"{"schemes": {"app": {"routes": [{"pattern": "/a/:x", "destination": "A"}, {"pattern": "/a/:y", "destination": "B"}]}}}"#,
            """
            error[duplicate]: /a/:x and /a/:y have the same shape in table app; only the first can win
              at: schemes.app.routes[0], schemes.app.routes[1]
              example: app://a/value
            """
        ),
        (
            // `ABC` would come back lowercased as a host: `app:///ABC/value`.
            #"{"schemes": {"app": {"routes": [{"pattern": "/ABC/:x", "destination": "A"}, {"pattern": "/ABC/:y", "destination": "B"}]}}}"#,
            """
            error[duplicate]: /ABC/:x and /ABC/:y have the same shape in table app; only the first can win
              at: schemes.app.routes[0], schemes.app.routes[1]
              example: app:///ABC/value
            """
        ),
        (
            #"{"routes": [{"pattern": "/a(/:x)(/:y)", "destination": "A"}]}"#,
            """
            error[ambiguous]: the expansions /a/:x and /a/:y of /a(/:x)(/:y) tie for the same links
              at: routes[0]
              example: /a/value
            """
        ),
        (
            #"{"routes": [{"pattern": "/shop/item", "destination": "A"}, {"pattern": "/shop/*", "priority": 5, "destination": "B"}]}"#,
            """
            error[unreachable]: /shop/item can never win: /shop/* (priority 5) matches every link it matches
              at: routes[0], routes[1]
              example: /shop/item
            """
        ),
        (
            #"{"routes": [{"pattern": "/old/:id", "redirect": "/new/:id"}]}"#,
            """
            error[badRedirect]: the redirect target /new/value matches no route
              at: routes[0]
              example: /new/value
            """
        ),
        (
            #"{"routes": [{"pattern": "/old", "redirect": "/new/:id"}, {"pattern": "/new/:id", "destination": "N"}]}"#,
            """
            error[badRedirect]: the redirect /new/:id cannot be filled from /old: the route '/new/:id' needs the parameter 'id'
              at: routes[0]
              example: /old
            """
        ),
        (
            #"{"routes": [{"pattern": "/x(/y)", "name": "c", "destination": "A"}, {"pattern": "/z/:a", "name": "c", "destination": "B"}], "schemes": {"app": {"routes": [{"pattern": "/q", "name": "c", "destination": "Q"}]}}}"#,
            """
            error[duplicateName]: the name 'c' is given to /x(/y) and /z/:a and /q; a link built by name takes the first
              at: routes[0], routes[1], schemes.app.routes[0]
              example: /z/value
            """
        ),
        (
            #"{"routes": [{"pattern": "/x(/y)", "destination": "A"}, {"pattern": "/x/y", "destination": "B"}]}"#,
            """
            error[shadowed]: /x/y can never win: the expansion /x/y of /x(/y) has the same shape and comes first
              at: routes[1], routes[0]
              example: /x/y
            """
        ),
        (
            #"{"routes": [{"pattern": "/x/:id", "destination": "A"}, {"pattern": "/x(/:slug)", "destination": "B"}]}"#,
            """
            error[shadowed]: the expansion /x/:slug of /x(/:slug) can never win: /x/:id has the same shape and comes first
              at: routes[1], routes[0]
              example: /x/value
            """
        ),
        (
            #"{"routes": [{"pattern": "/x(/y)", "destination": "A"}, {"pattern": "/x/y", "priority": 1, "destination": "B"}, {"pattern": "/w/:a", "destination": "W", "constraints": {"a": "digits"}}, {"pattern": "/w/:b", "destination": "V"}]}"#,
            """
            error[shadowed]: the expansion /x/y of /x(/y) can never win: /x/y has the same shape and comes first
              at: routes[0], routes[1]
              example: /x/y
            """
        ),
        (
            #"{"routes": [{"pattern": "/w/:a", "destination": "W", "constraints": {"b": "digits", "a": "even"}}, {"pattern": "/v/:a", "destination": "V", "constraints": {"a": {"oneOf": []}}}]}"#,
            """
            error[loadError]: FILE: routes[0].constraints.a: invalidValue: a constraint is "digits" or {"oneOf": ["a", "b"]}
              at: routes[0].constraints.a
            error[loadError]: FILE: routes[0].constraints.b: invalidValue: 'b' is not a parameter of /w/:a
              at: routes[0].constraints.b
            error[loadError]: FILE: routes[1].constraints.a.oneOf: invalidValue: 'oneOf' takes a list of one or more strings
              at: routes[1].constraints.a.oneOf
            """
        ),
        (
            #"{"routes": [{"pattern": "/old/:id", "redirect": "/new/:id"}, {"pattern": "/new/:id", "destination": "N", "constraints": {"id": "digits"}}, {"pattern": "/ok/:id", "redirect": "/new/:id", "constraints": {"id": "digits"}}]}"#,
            """
            error[badRedirect]: the redirect target /new/value matches no route
              at: routes[0]
              example: /new/value
            """
        ),
        (
            #"{"routes": [{"pattern": "/a", "destination": "A"}], "hostPolicy": "pathComponent", "apps": {"apple": {"appIDs": ["ABCDE12345.com.example.app"]}}}"#,
            """
            error[associations]: universal links reach the table global, which makes the host a path component: the association files cannot say which paths it handles
              at: hostPolicy
            """
        ),
        (
            #"{"routes": [{"pattern": "/a"}]}"#,
            """
            error[missingDestination]: /a has neither a destination nor a redirect
              at: routes[0]
            """
        ),
        (
            #"{"routes": [{"pattern": "/a/(b", "destination": "A"}], "schemes": {"MyApp": {"routes": []}, "myapp": {"routes": []}}}"#,
            """
            error[loadError]: FILE: routes[0].pattern: invalidPattern: unclosedGroup at byte 3: '(' has no matching ')'
              /a/(b
                 ^
              at: routes[0].pattern
            error[loadError]: FILE: schemes.myapp: duplicateScheme: 'myapp' and 'MyApp' differ only in case
              at: schemes.myapp
            """
        ),
    ]

    @Test("each finding", arguments: findings)
    func finding(file: String, expected: String) throws {
        let path = try Tool.temporaryFile(file)
        let result = try Tool.run(["check", path])
        let count = expected.components(separatedBy: "error[").count - 1
        #expect(
            result
                == ToolResult(
                    status: 1,
                    output: expected.replacingOccurrences(of: "FILE", with: path) + "\n\(path): \(count) problem(s)\n",
                    errorOutput: ""))
    }

    @Test func jsonFindings() throws {
        let path = try Tool.temporaryFile(#"{"routes": [{"pattern": "/a"}]}"#)
        let result = try Tool.run(["check", "--json", path])
        #expect(
            result.output
                == #"{"file":"\#(path)","findings":[{"code":"missingDestination","severity":"error","message":"/a has neither a destination nor a redirect","locations":["routes[0]"]}]}"#
                + "\n")
        #expect(result.status == 1)
    }

    @Test func unreadableFileExitsWithTwo() throws {
        let result = try Tool.run(["check", "/no/such.json"])
        #expect(
            result
                == ToolResult(
                    status: 2, output: "",
                    errorOutput: "error: /no/such.json: the file cannot be read: No such file or directory\n"))
    }
}

@Suite("switchyard routes, explain, url")
struct OtherCommandTests {
    @Test func routesAreListedInMatchOrder() throws {
        let path = try Tool.temporaryFile(
            #"{"routes": [{"pattern": "/a/:x", "destination": "X", "constraints": {"x": {"oneOf": ["c", "d"]}}}, {"pattern": "/a/b", "name": "b", "destination": "B"}, {"pattern": "/z", "priority": 1, "redirect": "/a/b"}], "schemes": {"app": {"routes": [{"pattern": "/q(/:n)", "destination": "Q", "constraints": {"n": "digits"}}]}}}"#
        )
        let result = try Tool.run(["routes", path])
        #expect(
            result.output == """
                TABLE   PRIORITY  EXPANSION  PATTERN  NAME  DESTINATION  CONSTRAINTS
                global  1         /z         /z       -     → /a/b       -
                global  0         /a/b       /a/b     b     B            -
                global  0         /a/:x      /a/:x    -     X            x: one of c, d
                app     0         /q/:n      /q(/:n)  -     Q            n: digits
                app     0         /q         /q(/:n)  -     Q            n: digits

                """)
        #expect(result.status == 0)
        let json = try Tool.run(["routes", "--json", path])
        #expect(
            json.output.split(separator: "\n").first
                == #"{"table":"global","priority":"1","expansion":"/z","pattern":"/z","redirect":"/a/b","location":"routes[2]"}"#
        )
        #expect(
            json.output.split(separator: "\n").dropFirst(2).first
                == #"{"table":"global","priority":"0","expansion":"/a/:x","pattern":"/a/:x","destination":"X","location":"routes[0]","constraints":{"x":"one of c, d"}}"#
        )
    }

    @Test func explainNamesAFailedConstraintFromTheFile() throws {
        let path = try Tool.temporaryFile(
            #"{"routes": [{"pattern": "/x/:id", "destination": "A", "constraints": {"id": "digits"}}]}"#)
        let result = try Tool.run(["explain", path, "/x/abc"])
        #expect(
            result
                == ToolResult(
                    status: 1,
                    output: """
                        /x/abc: no route matches in table global
                          nearest: /x/:id: component 1 "abc" fails the constraint on :id (digits)

                        """, errorOutput: ""))
        #expect(
            try Tool.run(["explain", path, "/x/12"]).output
                == "/x/12: 1 route(s) match, tried in this order:\n  /x/:id [\"id\": \"12\"]\n")
    }

    @Test func explainNamesTheNearestRoute() throws {
        let result = try Tool.run(["explain", Tool.example, "myapp://prodcut/1988"])
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("myapp://prodcut/1988: no route matches in table myapp\n"))
        let matched = try Tool.run(["explain", Tool.example, "/product/7"])
        #expect(matched.status == 0)
        #expect(
            matched.output.hasPrefix("/product/7: 1 route(s) match, tried in this order:\n  /product/:id name: product")
        )
    }

    static let links: [([String], ToolResult)] = [
        (
            ["url", "EXAMPLE", "product", "id=19 88", "--query", "coupon=XMAS"],
            ToolResult(status: 0, output: "/product/19%2088?coupon=XMAS\n", errorOutput: "")
        ),
        (
            ["url", "EXAMPLE", "order", "orderId=7"],
            ToolResult(status: 0, output: "myapp://orders/7\n", errorOutput: "")
        ),
        (
            ["url", "EXAMPLE", "short.product", "id=7", "--host", "www.shop.example.com"],
            ToolResult(status: 0, output: "https://www.shop.example.com/p/7\n", errorOutput: "")
        ),
        (
            ["url", "--scheme", "maps", "--route", "search", "q=tea & cake", "debug"],
            ToolResult(status: 0, output: "maps://search?q=tea%20%26%20cake&debug\n", errorOutput: "")
        ),
        (
            ["url", "EXAMPLE", "product"],
            ToolResult(
                status: 1, output: "",
                errorOutput: "error: missingParameter: the route 'product' needs the parameter 'id'\n")
        ),
        (
            ["url", "EXAMPLE", "product", "id=1", "idd=2"],
            ToolResult(
                status: 1, output: "",
                errorOutput: "error: unknownParameter: the route 'product' has no parameter 'idd'\n")
        ),
    ]

    @Test(
        "url refuses what no link could carry",
        arguments: [
            (
                ["url", "--scheme", "https", "--route", "x", "--host", "shop.example.com:443"], 1,
                "error: invalidHost: 'shop.example.com:443' is not a host name or a bracketed IP literal alone\n"
            ),
            (
                ["url", "--scheme", "https", "--route", "x", "--host", "["], 1,
                "error: invalidHost: '[' is not a host name or a bracketed IP literal alone\n"
            ),
            (
                ["url", "EXAMPLE", "product", "id=7", "--host", "shop.example.com"], 1,
                "error: invalidHost: a link without a scheme has no host: give a scheme with 'shop.example.com'\n"
            ),
            (["url", "EXAMPLE", "product", "id=7", "id=8"], 2, "Error: the parameter 'id' is given twice\n"),
        ])
    func urlRefuses(arguments: [String], status: Int32, message: String) throws {
        let result = try Tool.run(arguments.map { $0 == "EXAMPLE" ? Tool.example : $0 })
        #expect(result.status == status)
        #expect(result.output == "")
        #expect(result.errorOutput.hasPrefix(message), "\(result.errorOutput)")
    }

    @Test("url builds links", arguments: links)
    func url(arguments: [String], expected: ToolResult) throws {
        #expect(try Tool.run(arguments.map { $0 == "EXAMPLE" ? Tool.example : $0 }) == expected)
    }
}

#if os(Linux)
    @Suite("switchyard register and open")
    struct RegisterAndOpenTests {
        static let toolsPresent = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open")

        @Test(
            .enabled(if: toolsPresent || ProcessInfo.processInfo.environment["CI"] != nil, "xdg-utils is not installed")
        )
        func registeredSchemeOpensThroughTheTool() throws {
            let root = URL(fileURLWithPath: try Tool.temporaryFile("")).deletingLastPathComponent()
            let received = root.appendingPathComponent("received").path
            let handler = root.appendingPathComponent("handler.sh").path
            try "#!/bin/sh\nprintf '%s' \"$1\" > '\(received)'\n".write(
                toFile: handler, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: handler)
            let environment = [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "HOME": root.appendingPathComponent("home").path,
                "XDG_DATA_HOME": root.appendingPathComponent("data").path, "DISPLAY": ":99",
            ]
            let registered = try Tool.run(["register", "sytooltest", "--command", handler], environment: environment)
            #expect(registered.status == 0)
            #expect(registered.output.hasPrefix("registered sytooltest → \(handler)"))
            let link = "sytooltest://product/1988?coupon=XMAS%20%26%20more"
            #expect(
                try Tool.run(["open", link], environment: environment)
                    == ToolResult(status: 0, output: "", errorOutput: ""))
            #expect(try String(contentsOfFile: received, encoding: .utf8) == link)
            let unknown = try Tool.run(["open", "sytoolunknown://x"], environment: environment)
            #expect(unknown.status == 1)
            #expect(unknown.errorOutput == "error: noHandler: no application is registered for 'sytoolunknown://x'\n")
            let notALink = try Tool.run(["open", "product/1988"], environment: environment)
            #expect(
                notALink
                    == ToolResult(
                        status: 2, output: "", errorOutput: "error: invalidLink: 'product/1988' has no scheme\n"))
        }
    }
#endif
