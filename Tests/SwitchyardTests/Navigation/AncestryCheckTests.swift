import Testing

@testable import Switchyard

/// The placement check reads each route's parents once, so a route file's load grows with its size, not with the
/// cube of its chains' depth; and what it finds in a deep chain is what a shallow one shows.
@Suite("The placement check's ancestry")
struct AncestryCheckTests {
    /// A chain of `count` routes, each the parent of the next: `/n0/:id` ← `/n1/:id` ← …; the root's pattern is
    /// `root`.
    static func chain(_ count: Int, root: String = "/n0/:id") -> NavigationCheck {
        var placements: [String: Placement] = [:]
        var patterns: [String: RoutePattern] = [:]
        for index in 0..<count {
            let name = "n\(index)"
            placements[name] = Placement(parents: index == 0 ? [] : ["n\(index - 1)"])
            patterns[name] = try? RoutePattern(index == 0 ? root : "/n\(index)/:id")
        }
        return NavigationCheck(navigation: Navigation(placements: placements)) { patterns[$0] }
    }

    @Test(arguments: [500, 5_000])
    func eachRoutesParentsAreReadOnceHoweverDeepTheChain(routes: Int) {
        let (problems, lookUps) = Self.chain(routes).run()
        #expect(problems.isEmpty)
        #expect(lookUps == routes, "one look-up a route: linear in the file's size")
    }

    @Test func everyRouteOfADeepChainIsToldOfTheFarAncestorItCannotFill() {
        let (problems, lookUps) = Self.chain(5_000, root: "/root/:x").run()
        #expect(lookUps == 5_000)
        #expect(problems.count == 4_999, "every route but the root")
        #expect(
            problems.allSatisfy { $0.code == .unfillableParent && $0.message.hasPrefix("the parent 'n0' (/root/:x)") })
    }

    @Test func aCycleAtTheTopOfADeepChainIsReportedForEveryRouteBelowIt() {
        var placements: [String: Placement] = ["a": Placement(parents: ["b"]), "b": Placement(parents: ["a"])]
        for index in 0..<3_000 { placements["c\(index)"] = Placement(parents: [index == 0 ? "a" : "c\(index - 1)"]) }
        let check = NavigationCheck(navigation: Navigation(placements: placements)) { try? RoutePattern("/\($0)") }
        let (problems, lookUps) = check.run()
        #expect(lookUps == placements.count)
        #expect(problems.count == placements.count)
        #expect(problems.allSatisfy { $0.code == .parentCycle })
        #expect(problems.allSatisfy { $0.message.hasSuffix("a → b → a") || $0.message.hasSuffix("b → a → b") })
    }

    @Test func ancestorsOfOneShapeAreCheckedOnceAndOfAnotherShapeEach() {
        // d(/d/:y) → c(/c) → b(/b/:x) → a(/a/:x): b and a have one shape, which d cannot fill; c takes none.
        let patterns = ["a": "/a/:x", "b": "/b/:x", "c": "/c", "d": "/d/:y"]
        let placements: [String: Placement] = [
            "b": Placement(parents: ["a"]), "c": Placement(parents: ["b"]), "d": Placement(parents: ["c"]),
        ]
        let check = NavigationCheck(navigation: Navigation(placements: placements)) { name in
            patterns[name].flatMap { try? RoutePattern($0) }
        }
        let problems = check.run().problems.filter { $0.site == .route("d", key: "parents") }
        #expect(problems.map(\.message) == ["the parent 'a' (/a/:x) needs x, which a link of /d/:y does not give"])
        #expect(check.run().problems.filter { $0.site == .route("c", key: "parents") }.count == 1)
    }
}
