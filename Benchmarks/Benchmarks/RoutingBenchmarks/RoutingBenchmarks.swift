import Benchmark
import BenchmarkTables
import Foundation
import Switchyard

/// Runs `body` once per scaled iteration; the whole table pass is one measured operation.
private func pass(_ benchmark: Benchmark, _ body: () -> Void) {
    for _ in benchmark.scaledIterations { body() }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput], warmupIterations: 3,
        maxDuration: .seconds(2), maxIterations: 100_000)

    // The real API tables, every route once per operation, as go-http-routing-benchmark requests them.
    for table in ["github", "gplus", "parse", "static"].map(BenchmarkTable.shared) {
        // Built on first use, so each benchmark process builds only the table it measures.
        let lazySubjects = Lazy { Subjects(table) }
        let urls = table.requests.map { "myapp://" + $0 }
        let urlsWithQuery = urls.map { $0 + "?a=1&b=2" }
        let name = table.name.prefix(1).uppercased() + table.name.dropFirst()
        // Each subject is read out of its box once per measured operation, not once per lookup: a lookup costs
        // a few hundred nanoseconds, and reading the box (a copy of the subjects) would add to every one of them.
        Benchmark("\(name)All_SwitchyardURL") { benchmark in
            let router = lazySubjects.value.switchyard
            pass(benchmark) { for url in urls { blackHole(try? router.match(url)) } }
        }
        // What users do: the match, then each of its parameters read by name.
        let parameterNames = table.requests.map { path in
            path.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
        }
        Benchmark("\(name)All_SwitchyardURLReadParameters") { benchmark in
            let router = lazySubjects.value.switchyard
            pass(benchmark) {
                for (url, names) in zip(urls, parameterNames) {
                    guard let match = try? router.match(url) else { continue }
                    let parameters = match.parameters
                    for name in names { blackHole(parameters[name]) }
                }
            }
        }
        Benchmark("\(name)All_SwitchyardURLQuery") { benchmark in
            let router = lazySubjects.value.switchyard
            pass(benchmark) { for url in urlsWithQuery { blackHole(try? router.match(url)) } }
        }
        Benchmark("\(name)All_SwitchyardPath") { benchmark in
            let router = lazySubjects.value.switchyard
            pass(benchmark) { for path in table.requests { blackHole(try? router.match(path)) } }
        }
        Benchmark("\(name)All_RoutingKitTrie") { benchmark in
            let router = lazySubjects.value.routingKit
            pass(benchmark) { for path in table.requests { blackHole(router.lookup(path)) } }
        }
        Benchmark("\(name)All_HummingbirdTrie") { benchmark in
            let router = lazySubjects.value.hummingbird
            pass(benchmark) { for path in table.requests { blackHole(router.resolve(path)) } }
        }
        Benchmark("\(name)All_URLComponentsParse") { benchmark in
            pass(benchmark) { for url in urls { blackHole(URLComponents(string: url)) } }
        }
        // Not a router: the least a split-and-walk lookup costs in Swift (see `BareTrie`), to tell what Switchyard's
        // checks and guarantees cost.
        Benchmark("\(name)All_BareTrieURL") { benchmark in
            let router = lazySubjects.value.bare
            pass(benchmark) { for url in urls { blackHole(router.lookup(url)) } }
        }
        // The same walk making the values with no list, and making none: what the values and their list cost.
        Benchmark("\(name)All_BareTrieInlineValuesURL") { benchmark in
            let router = lazySubjects.value.bare
            pass(benchmark) { for url in urls { blackHole(router.lookupInline(url)) } }
        }
        Benchmark("\(name)All_BareTrieWalkURL") { benchmark in
            let router = lazySubjects.value.bare
            pass(benchmark) { for url in urls { blackHole(router.route(for: url)) } }
        }
        Benchmark("\(name)All_LinearScan") { benchmark in
            let router = lazySubjects.value.linear
            pass(benchmark) { for path in table.requests { blackHole(router.lookup(path)) } }
        }
    }

    // Single lookups, for allocation counts.
    let github = Lazy { Subjects(BenchmarkTable.shared("github")) }
    Benchmark("GithubStatic_SwitchyardURL") { benchmark in
        let router = github.value.switchyard
        pass(benchmark) { blackHole(try? router.match("myapp:///user/repos")) }
    }
    Benchmark("GithubParam_SwitchyardURL") { benchmark in
        let router = github.value.switchyard
        pass(benchmark) { blackHole(try? router.match("myapp:///repos/julienschmidt/httprouter/stargazers")) }
    }

    // Generated tables: cost per lookup as the table grows, hits and misses. Each subject is built on its own.
    // Hummingbird is left out at 100,000 routes: its trie builder searches a node's children linearly, so
    // building a table whose root has tens of thousands of children takes minutes.
    for count in [10, 1_000, 100_000] {
        let table = BenchmarkTable.generated(count)
        let switchyard = Lazy { Subjects.switchyard(table.patterns) }
        let routingKit = Lazy { Subjects.routingKit(table.patterns) }
        let hummingbird = Lazy { Subjects.hummingbird(table.patterns) }
        let urls = table.requests.map { "myapp://" + $0 }
        let misses = table.misses.map { "myapp://" + $0 }
        Benchmark("Generated\(count)Hits_SwitchyardURL") { benchmark in
            let router = switchyard.value
            pass(benchmark) { for url in urls { blackHole(try? router.match(url)) } }
        }
        Benchmark("Generated\(count)Misses_SwitchyardURL") { benchmark in
            let router = switchyard.value
            pass(benchmark) { for url in misses { blackHole(try? router.match(url)) } }
        }
        Benchmark("Generated\(count)Hits_RoutingKitTrie") { benchmark in
            let router = routingKit.value
            pass(benchmark) { for path in table.requests { blackHole(router.lookup(path)) } }
        }
        if count <= 1_000 {
            Benchmark("Generated\(count)Hits_HummingbirdTrie") { benchmark in
                let router = hummingbird.value
                pass(benchmark) { for path in table.requests { blackHole(router.resolve(path)) } }
            }
        }
    }

    // Reverse routing: every route's link built by its name, once per operation, from a table of named routes.
    for count in [10, 1_000] {
        let table = BenchmarkTable.generated(count)
        let links = table.patterns.indices.map { index in
            let parameters = table.patterns[index].split(separator: "/").filter { $0.hasPrefix(":") }
            return (
                name: "r\(index)",
                parameters: Dictionary(uniqueKeysWithValues: parameters.map { ($0.dropFirst().description, "v") })
            )
        }
        let router = Lazy {
            let router = Router()
            for (pattern, link) in zip(table.patterns, links) { try? router.add(pattern, name: link.name) }
            return router
        }
        Benchmark("Generated\(count)LinksByName_SwitchyardURLFor") { benchmark in
            let router = router.value
            pass(benchmark) {
                for link in links { blackHole(try? router.link(for: link.name, parameters: link.parameters)) }
            }
        }
    }

    // Building 100,000 routes, and the heap bytes the router keeps (allocated while building and not freed).
    let large = Lazy { BenchmarkTable.generated(100_000) }
    let buildConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .memoryLeakedBytes], warmupIterations: 1,
        maxDuration: .seconds(10), maxIterations: 5)
    Benchmark("Build100000_Switchyard", configuration: buildConfiguration) { benchmark in
        let patterns = large.value.patterns
        benchmark.startMeasurement()
        let router = Subjects.switchyard(patterns)
        benchmark.stopMeasurement()
        blackHole(router)
    }
    Benchmark("Build100000_RoutingKitTrie", configuration: buildConfiguration) { benchmark in
        let patterns = large.value.patterns
        benchmark.startMeasurement()
        let router = Subjects.routingKit(patterns)
        benchmark.stopMeasurement()
        blackHole(router)
    }
    // Listing 100,000 routes in match order (each route's ranks made once, then one sort).
    let largeRouter = Lazy { Subjects.switchyard(large.value.patterns) }
    Benchmark(
        "ListRoutes100000_Switchyard",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(10),
            maxIterations: 5)
    ) { benchmark in
        let router = largeRouter.value
        benchmark.startMeasurement()
        blackHole(router.routes(in: .global))
        benchmark.stopMeasurement()
    }
    // A hierarchical walk through 64 levels, one component each: its cost grows with the components, once each.
    let deepLink = "myapp:///" + (0..<64).map { "l\($0)" }.joined(separator: "/")
    let chain = Chain(level: 0, depth: 64)
    Benchmark("Walk64Levels_Switchyard") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? await chain.route(deepLink)) }
    }

    // Linear time: the same route, links of growing length (a long parameter value and many query items).
    for size in [256, 1_024, 4_096, 8_000] {
        let router = Switchyard.Router()
        try? router.add("/a/:x/*")
        let value = String(repeating: "v", count: min(size / 4, 2_000))
        var link = "myapp:///a/\(value)"
        while link.utf8.count + 8 <= size { link += link.contains("?") ? "&k=v%20w" : "?k=v%20w" }
        Benchmark("LinearTime\(size)Bytes_SwitchyardURL") { benchmark in
            pass(benchmark) { blackHole(try? router.match(link)) }
        }
    }
}

/// A level of a hierarchical walk that takes one component, `l<level>`, and presents the next level until `depth`
/// levels have run.
private struct Chain: Routable {
    let routes = RouteLevel()
    init(level: Int, depth: Int) {
        try? routes.add("l\(level)") { _ in level + 1 < depth ? Chain(level: level + 1, depth: depth) : nil }
    }
}
