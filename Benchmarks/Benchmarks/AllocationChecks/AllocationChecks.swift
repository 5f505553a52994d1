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

    // A shop app's routes among 1,000 generated ones; everything is in this repository, so the check runs where
    // ../shared is not checked out.
    let table = Lazy { tableRouter(shopRoutes + BenchmarkTable.generated(1_000).patterns) }
    let lookups: [(name: String, link: String)] = [
        ("StaticHit", "myapp:///settings/notifications"),
        ("ParameterisedHit", "myapp:///product/1988"),
        ("TwoParameterHit", "myapp:///user/joel/orders/7"),
        ("HitWithQuery", "myapp:///product/1988?coupon=XMAS&ref=mail"),
        ("UniversalLinkHit", "https://shop.example.com/product/1988"),
        ("Miss", "myapp:///nowhere/at/all/x/y/z"),
        ("PathOnly", "/product/1988"),
    ]
    for lookup in lookups {
        Benchmark("Allocations_\(lookup.name)") { benchmark in
            let router = table.value
            benchmark.startMeasurement()
            blackHole(try? router.match(lookup.link))
        }
    }

    let requests = BenchmarkTable.generated(1_000).requests.map { "myapp://" + $0 }
    Benchmark("Allocations_Generated1000All") { benchmark in
        let router = table.value
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

/// Routes a shop app might have: static, parameterised, an optional group and a wildcard.
private let shopRoutes = [
    "/settings/notifications", "/cart", "/product/:id", "/product/:id/reviews", "/category/:slug(/page/:page)",
    "/search", "/user/:name", "/user/:name/orders/:order", "/tabs/*",
]

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
