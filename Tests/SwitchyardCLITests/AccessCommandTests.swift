import Foundation
import Testing

@Suite("switchyard check: who may open a route")
struct AccessCommandTests {
    @Test func sensitiveRoutesThatACustomSchemeReachesAreNoted() throws {
        let path = try Tool.temporaryFile(
            """
            { "routes": [
                { "pattern": "/account/delete", "destination": "D", "universalLink": false },
                { "pattern": "/pay", "destination": "P", "confirm": true, "origins": ["inApp", "customScheme"] },
                { "pattern": "/safe", "destination": "S", "confirm": true, "origins": ["inApp"] }
              ],
              "schemes": {
                "myapp": { "routes": [{ "pattern": "/wipe", "destination": "W", "confirm": true }] },
                "https": { "routes": [{ "pattern": "/web-only", "destination": "W", "universalLink": false }] }
              } }
            """)
        let result = try Tool.run(["check", path])
        #expect(
            result
                == ToolResult(
                    status: 0,
                    output: """
                        note[sensitiveRoute]: /account/delete is kept out of the association files, and any custom \
                        scheme can still open it: any installed app can send such a link; name the origins that may \
                        open it ("origins": ["inApp"])
                          at: routes[0]
                        note[sensitiveRoute]: /pay confirms its action, and any custom scheme can still open it: any \
                        installed app can send such a link; name the origins that may open it ("origins": \
                        ["universalLink", "inApp"])
                          at: routes[1]
                        note[sensitiveRoute]: /wipe confirms its action, and the scheme myapp can still open it: any \
                        installed app can send such a link; name the origins that may open it ("origins": \
                        ["universalLink", "inApp"])
                          at: schemes.myapp.routes[0]
                        \(path): no problems found, 3 note(s)

                        """, errorOutput: ""))
    }

    @Test func anUnknownOriginIsAnErrorAtItsPlace() throws {
        let path = try Tool.temporaryFile(
            #"{"routes": [{"pattern": "/a", "destination": "A", "origins": ["inApp", "universalLinks"]}]}"#)
        let result = try Tool.run(["check", path])
        #expect(result.status == 1)
        #expect(
            result.output.hasPrefix(
                "error[loadError]: \(path): routes[0].origins[1]: unknownOrigin: 'universalLinks' is not an origin: use "
                    + "universalLink, customScheme, inApp, notification, shortcut, userActivity, intent, deferred\n"))
    }
}

@Suite("switchyard route and explain --origin")
struct OriginOptionTests {
    static let file = """
        { "routes": [
            { "pattern": "/account/:action", "destination": "Account", "origins": ["inApp", "universalLink"] },
            { "pattern": "/account/delete", "destination": "Delete", "origins": ["inApp", "notification"], "confirm": true },
            { "pattern": "/product/:id", "destination": "Product" }
          ] }
        """

    @Test(arguments: [
        // The literal route is tried first; a universal link passes it by for the one that accepts it.
        ("notification", "matched", "confirms", "/account/delete"), ("inApp", "matched", "opens", "/account/delete"),
        ("universalLink", "matched", "opens", "/account/:action"),
        ("customScheme", "refused", "refused", "/account/delete"),
    ])
    func routeWithAnOriginSaysWhatTheAccessMakesOfIt(origin: String, outcome: String, access: String, pattern: String)
        throws
    {
        let path = try Tool.temporaryFile(Self.file)
        let result = try Tool.run(["route", "--json", "--origin", origin, path, "myapp://account/delete"])
        #expect(result.status == (outcome == "refused" ? 1 : 0), "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == outcome)
        #expect(object["origin"] as? String == origin)
        #expect(object["access"] as? String == access)
        #expect(object["pattern"] as? String == pattern)
        if outcome == "refused" {
            #expect((object["error"] as? [String: String])?["code"] == "originRefused")
        }
        let human = try Tool.run(["route", "--origin", origin, path, "myapp://account/delete"])
        #expect(human.output.contains("  origin       \(origin)\n"), "\(human.output)")
        #expect(human.output.contains("  access       \(access)\n"), "\(human.output)")
    }

    @Test func withoutAnOriginTheReportIsAsBefore() throws {
        let path = try Tool.temporaryFile(Self.file)
        let result = try Tool.run(["route", "--json", path, "myapp://account/delete"])
        #expect(result.status == 0)
        #expect(!result.output.contains("\"origin\"") && !result.output.contains("\"access\""))
    }

    @Test func anOriginReadFromStandardInputIsAppliedToEveryLine() throws {
        let path = try Tool.temporaryFile(Self.file)
        let result = try Tool.run(
            ["route", "--json", "--origin", "customScheme", path], input: "myapp://account/delete\nmyapp://product/7\n")
        #expect(result.status == 1, "one link is refused")
        let outcomes = result.output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["outcome"] as? String
        }
        #expect(outcomes == ["refused", "matched"])
    }

    @Test(arguments: ["route", "explain"])
    func anUnknownOriginNameIsABadUsage(command: String) throws {
        let path = try Tool.temporaryFile(Self.file)
        let result = try Tool.run([command, "--origin", "customSchemes", path, "myapp://account/delete"])
        #expect(result.status == 2, "\(result)")
        #expect(result.errorOutput.contains("'customSchemes' is not an origin: use universalLink, customScheme"))
    }

    @Test func explainWithAnOriginSaysWhatEachRouteMakesOfItAndWhichRuns() throws {
        let path = try Tool.temporaryFile(Self.file)
        let refused = try Tool.run(["explain", "--origin", "customScheme", path, "myapp://account/delete"])
        #expect(refused.status == 1)
        #expect(refused.output.contains("origin customScheme:\n"))
        #expect(refused.output.contains("/account/delete: refused\n"), "\(refused.output)")
        #expect(refused.output.contains("originRefused: no route the link matches accepts customScheme"))
        let confirms = try Tool.run(["explain", "--origin", "notification", path, "myapp://account/delete"])
        #expect(confirms.status == 0)
        #expect(confirms.output.contains("/account/:action: refused\n"), "\(confirms.output)")
        #expect(confirms.output.contains("runs /account/delete after the person confirms"), "\(confirms.output)")
    }
}

@Suite("switchyard url: x-callback-url")
struct CallbackURLCommandTests {
    @Test func theCallbacksOfAnOutgoingCallFollowTheOtherItemsEncoded() throws {
        #expect(
            try Tool.run([
                "url", "--scheme", "otherapp", "--route", "pay", "amount=5", "--x-source", "Shop", "--x-success",
                "myapp://paid?x=1", "--x-cancel", "myapp://cancelled",
            ])
                == ToolResult(
                    status: 0,
                    output:
                        "otherapp://pay?amount=5&x-source=Shop&x-success=myapp%3A%2F%2Fpaid%3Fx%3D1&x-cancel=myapp%3A%2F%2Fcancelled\n",
                    errorOutput: ""))
        #expect(
            try Tool.run(["url", Tool.example, "product", "id=7", "--query", "a=b", "--x-error", "other://e"]).output
                == "/product/7?a=b&x-error=other%3A%2F%2Fe\n")
    }
}

@Suite("switchyard audit: origins")
struct OriginAuditTests {
    @Test func aRouteThatNowRefusesOriginsIsReportedAndBreaks() throws {
        let old = try Tool.temporaryFile(
            #"{"routes": [{"pattern": "/account/delete", "destination": "D"}, {"pattern": "/a", "destination": "A"}]}"#,
            named: "old.json")
        let new = try Tool.temporaryFile(
            #"{"routes": [{"pattern": "/account/delete", "destination": "D", "origins": ["inApp"]}, {"pattern": "/a", "destination": "A"}]}"#,
            named: "new.json")
        let links = try Tool.temporaryFile("myapp://account/delete\nmyapp://a\n", named: "links.txt")
        let result = try Tool.run(["audit", old, new, links])
        #expect(result.status == 1)
        let rows = result.output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        #expect(rows.contains(["origins-changed", "1", "1", "1"]), "\(result.output)")
        #expect(rows.contains(["unchanged", "1", "1", "0"]))
        #expect(result.output.contains("FAIL: 1 link breaks"))
        #expect(result.output.contains("origins changed 1"))
    }

    @Test func filesWithoutOriginsKeepTheirReport() throws {
        let file = try Tool.temporaryFile(#"{"routes": [{"pattern": "/a", "destination": "A"}]}"#, named: "old.json")
        let links = try Tool.temporaryFile("myapp://a\n", named: "links.txt")
        let result = try Tool.run(["audit", file, file, links])
        #expect(result.status == 0)
        #expect(!result.output.contains("origins-changed"))
    }
}
