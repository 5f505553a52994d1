import Benchmark
import BenchmarkTables
import Switchyard

// Allocation counts are exact and the same on every run of one toolchain, so unlike times they can be checked:
// `Thresholds/` holds the counts of the last accepted run, and `.ci/run` fails when a count changes.
// Each measured operation is one lookup (or one pass over a table, where the name says All).

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal], warmupIterations: 10, maxDuration: .seconds(1),
        maxIterations: 1_000, thresholds: [.mallocCountTotal: .init(relative: [:], absolute: [.p90: 0])])

    let github = Lazy { tableRouter(BenchmarkTable.shared("github").patterns) }
    let lookups: [(name: String, link: String)] = [
        ("GithubStaticHit", "myapp:///user/repos"),
        ("GithubParameterisedHit", "myapp:///repos/julienschmidt/httprouter/stargazers"),
        ("GithubHitWithQuery", "myapp:///repos/julienschmidt/httprouter/stargazers?page=2&per_page=50"),
        ("GithubMiss", "myapp:///nowhere/at/all"),
        ("GithubPathOnly", "/repos/julienschmidt/httprouter/stargazers"),
    ]
    for lookup in lookups {
        Benchmark("Allocations_\(lookup.name)") { benchmark in
            let router = github.value
            benchmark.startMeasurement()
            blackHole(try? router.match(lookup.link))
        }
    }

    let requests = BenchmarkTable.shared("github").requests.map { "myapp://" + $0 }
    Benchmark("Allocations_GithubAll") { benchmark in
        let router = github.value
        benchmark.startMeasurement()
        for link in requests { blackHole(try? router.match(link)) }
    }

    let dispatcher = Lazy { handlerRouter() }
    Benchmark("Allocations_DispatchToHandler") { benchmark in
        let router = dispatcher.value
        benchmark.startMeasurement()
        blackHole(await router.route("myapp://product/1988?coupon=XMAS"))
    }

    // Heap bytes the router keeps: what building it allocated and did not free, for 100,000 generated routes.
    let large = Lazy { BenchmarkTable.generated(100_000).patterns }
    Benchmark(
        "RetainedBytes_Generated100000",
        configuration: .init(
            metrics: [.memoryLeakedBytes], warmupIterations: 0, maxDuration: .seconds(30), maxIterations: 1,
            thresholds: [.memoryLeakedBytes: .init(relative: [.p90: 5], absolute: [:])])
    ) { benchmark in
        let patterns = large.value
        benchmark.startMeasurement()
        let router = tableRouter(patterns)
        benchmark.stopMeasurement()
        blackHole(router)
    }
}

private func tableRouter(_ patterns: [String]) -> Router {
    let router = Router()
    for pattern in patterns { try? router.add(pattern) }
    return router
}

private func handlerRouter() -> Router {
    let router = Router()
    try? router.map("/product/:id") { request in blackHole(request.parameters["id"]) }
    return router
}
