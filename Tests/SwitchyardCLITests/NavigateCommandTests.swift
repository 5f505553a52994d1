import Foundation
import Testing

@Suite("switchyard navigate")
struct NavigateCommandTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    /// Links through the shop: a cold start with a parent, its twin, a sheet, a redirect behind the sheet, a tab, a
    /// parent that is a tab's root, a cover, and home again.
    static let links = [
        "myapp://product/7/reviews", "https://shop.example.com/product/7/reviews", "myapp://promo/XMAS",
        "myapp://item/8", "/tab/cart", "myapp://orders/12", "/account/delete", "/",
    ]

    @Test(arguments: [([String](), "navigate-shop.txt"), (["--json"], "navigate-shop.jsonl")])
    func theShopsLinksGiveTheGoldenPlansAndTrees(_ flags: [String], _ name: String) throws {
        let result = try Tool.run(["navigate"] + flags + [Tool.example] + Self.links)
        let expected = try String(contentsOf: Self.golden.appendingPathComponent(name), encoding: .utf8)
        #expect(result == ToolResult(status: 0, output: expected, errorOutput: ""))
    }

    @Test func aTreeFromJSONRestoresThroughTheRouterAndNotesWhatItDrops() throws {
        let cold = try Tool.run(["navigate", "--json", Tool.example, "myapp://product/7/reviews"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(cold.output.utf8)) as? [String: Any])
        var tree = try #require(object["tree"] as? [String: Any])
        var tabs = try #require(tree["tabs"] as? [[String: Any]])
        var path = try #require(tabs[0]["path"] as? [Any])
        path.append(["route": "gone", "parameters": [String: String](), "link": "/gone/1"])
        tabs[0]["path"] = path
        tree["tabs"] = tabs
        let file = try Tool.temporaryFile(
            String(decoding: JSONSerialization.data(withJSONObject: tree), as: UTF8.self), named: "tree.json")
        let result = try Tool.run(["navigate", "--from", file, Tool.example, "/product/7"])
        #expect(
            result
                == ToolResult(
                    status: 0,
                    output: """
                        /product/7
                          screen  /product/7 (product)
                          steps   pop tab home to 1
                          tree    tab home (selected): / > /product/7
                                  tab cart: myapp://cart
                                  tab account: /user/me

                        """,
                    errorOutput: "note: not restored: /gone/1 (tab home): unmatched: no route matches '/gone/1'\n"))
    }

    @Test func aLinkThatOpensNoScreenIsReportedAndExitsWithOne() throws {
        let result = try Tool.run([
            "navigate", "--json", Tool.example, "myapp://nowhere", "myapp://product/%ZZ", "/cart",
        ])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == #"{"input":"myapp://nowhere","error":{"code":"unmatched","message":"no route matches 'myapp://nowhere'"}}"#
        )
        #expect(lines[1].hasPrefix(#"{"input":"myapp://product/%ZZ","error":{"code":"rejected","#))
        // The link after them opens from the cold start: the links that failed changed nothing.
        #expect(lines[2] + "\n" == (try Tool.run(["navigate", "--json", Tool.example, "/cart"])).output)
    }

    @Test func noLinksIsBadUsage() throws {
        let result = try Tool.run(["navigate", Tool.example])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("Missing expected argument '<links> ...'"))
    }

    @Test func aTreeThatCannotBeReadExitsWithTwo() throws {
        let notJSON = try Tool.temporaryFile("{\"tabs\": [", named: "bad.json")
        let tooLarge = try Tool.temporaryFile(String(repeating: " ", count: (1 << 20) + 1), named: "large.json")
        let cases = [
            (notJSON, "error: \(notJSON): invalidSavedTree: the saved tree is not a navigation tree's JSON\n"),
            (
                "/nonexistent/tree.json",
                "error: /nonexistent/tree.json: the file cannot be read: No such file or directory\n"
            ),
            (tooLarge, "error: \(tooLarge): the file is larger than 1 MiB\n"),
        ]
        for (path, message) in cases {
            let result = try Tool.run(["navigate", "--from", path, Tool.example, "/"])
            #expect(result == ToolResult(status: 2, output: "", errorOutput: message))
        }
    }

    @Test func checkReportsPlacementProblemsAsFindings() throws {
        let path = try Tool.temporaryFile(
            #"{"tabs": [{"name": "a", "root": "r"}], "routes": [{"pattern": "/", "name": "r", "destination": "R"}, {"pattern": "/x/:id", "name": "x", "destination": "X", "tab": "b", "parents": ["y"]}]}"#
        )
        let result = try Tool.run(["check", path])
        #expect(result.status == 1)
        #expect(
            result.output == """
                error[placement]: \(path): routes[1].tab: unknownTab: 'b' is not a tab; the tabs are a
                  at: routes[1].tab
                error[placement]: \(path): routes[1].parents: unknownRoute: the parent 'y' is not the name of a route
                  at: routes[1].parents
                \(path): 2 problem(s)

                """)
    }
}
