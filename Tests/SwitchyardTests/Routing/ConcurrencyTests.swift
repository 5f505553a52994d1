import Switchyard
import Testing

/// Reading while writing: matching works on immutable snapshots.
@Suite("Concurrent matching")
struct ConcurrencyTests {
    @Test func readersSeeAllExpansionsOfAPatternOrNone() async throws {
        let router = try Router(["/other"])
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for index in 0..<200 { try? router.add("/new\(index)(/:x)") }
                return true
            }
            for _ in 0..<4 {
                group.addTask {
                    for index in 0..<200 {
                        let short = router.canRoute("app://new\(index)")
                        let long = router.canRoute("app://new\(index)/1")
                        // The long form was looked up second: if the short one was there, so is the long one.
                        if short && !long { return false }
                    }
                    return true
                }
            }
            for await consistent in group { #expect(consistent) }
        }
        #expect(router.routes.count == 401)
        #expect(router.canRoute("app://new199") && router.canRoute("app://new199/1"))
    }

    /// A table's lists grow by chunks of 4,096 past their first: a table of thousands of routes spans several, and a
    /// duplicate rewrites the earlier registration's route wherever it is. Readers must see each route as it was
    /// in their snapshot, never a half-written one, while both happen.
    @Test func readersOfALargeTableSeeRoutesWhileDuplicatesRewriteThem() async throws {
        let count = 9_000
        let router = try Router((0..<count).map { "/a/\($0)" })
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for index in stride(from: count - 1, through: 0, by: -1) {
                    try? router.add("/a/\(index)", name: "again")
                }
                return true
            }
            for reader in 0..<3 {
                group.addTask {
                    for index in stride(from: reader, to: count, by: 7) {
                        // The route registered first wins, duplicate or not.
                        guard let match = try? router.match("app://a/\(index)"),
                            match.route.expansion == "/a/\(index)", match.route.name == nil
                        else { return false }
                    }
                    return true
                }
            }
            for await consistent in group { #expect(consistent) }
        }
        let routes = router.routes(in: .global)
        #expect(routes.count == 2 * count)
        #expect(routes.allSatisfy { $0.isDuplicate })
        for index in [0, 4_095, 4_096, 8_191, 8_192, count - 1] {
            let matches = try router.matches("app://a/\(index)")
            #expect(matches.map(\.route.name) == [nil, "again"])
        }
    }

    @Test func manyTasksAddAndMatchAtOnce() async throws {
        let router = Router()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<100 { try? router.add("/w\(writer)/r\(index)/:id", in: .scheme("s\(writer % 2)")) }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for index in 0..<100 { _ = try? router.matches("s1://w1/r\(index)/7") }
                }
            }
        }
        #expect(router.routes.count == 400)
        for writer in 0..<4 {
            let match = try #require(try router.match("s\(writer % 2)://w\(writer)/r99/7"))
            #expect(match.parameters == ["id": "7"])
        }
    }
}

/// Dispatch under load: many tasks add routes and route links at once, handlers route again, filters redirect.
@Suite("Concurrent dispatch")
struct ConcurrentDispatchTests {
    @Test func addingAndRoutingAtOnceWithNestedRoutingAndRedirects() async throws {
        let router = Router()
        let handled = Recorder<String>()
        try router.map("/leaf/:n") { request in handled.append("leaf \(request.parameters["n"] ?? "")") }
        try router.map("/nested/:n") { [unowned router] request in
            let inner = await router.route("app://leaf/\(request.parameters["n"] ?? "")")
            #expect(inner.status == .handled)
        }
        try router.map("/old/:n") { _ in Issue.record("a redirected route ran") }
        router.addFilter { request, next in
            if request.route?.expansion == "/old/:n", let n = request.parameters["n"] {
                return await next.redirect(to: "app://nested/\(n)")
            }
            return await next(request)
        }
        let statuses = await withTaskGroup(of: [RouteOutcome.Status].self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<50 { try? router.map("/w\(writer)/r\(index)") { _ in } }
                    return []
                }
            }
            for reader in 0..<8 {
                group.addTask {
                    var statuses: [RouteOutcome.Status] = []
                    for index in 0..<25 {
                        let target = reader.isMultiple(of: 2) ? "app://old/\(index)" : "app://nested/\(index)"
                        statuses.append(await router.route(target).status)
                    }
                    return statuses
                }
            }
            var all: [RouteOutcome.Status] = []
            for await statuses in group { all += statuses }
            return all
        }
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { $0 == .handled })
        #expect(handled.all.count == 200)
        #expect(router.routes.count == 203)
        for writer in 0..<4 { #expect(await router.route("app://w\(writer)/r49").status == .handled) }
    }
}
