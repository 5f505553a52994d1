import Switchyard
import Testing

/// A table's settings change through a closure that runs outside the router's lock: it may read the router and
/// change settings itself, and concurrent changes from many threads are all kept. (When the closure ran inside the
/// lock, the first test never returned.)
@Suite("Updating a table's settings")
struct SettingsUpdateTests {
    @Test func aClosureThatReadsTheRouterReturns() throws {
        let router = try Router(["/product/:id"])
        router.updateSettings(for: .scheme("myapp")) { settings in
            // Each of these took the lock that the closure ran inside, and never returned.
            settings.fallsBackToGlobalRoutes = router.canRoute("myapp://product/1")
            _ = router.settings(for: .global)
            _ = router.routes
        }
        #expect(router.settings(for: .scheme("myapp"))?.fallsBackToGlobalRoutes == true)
        #expect(router.canRoute("myapp://product/1"))
    }

    @Test func aClosureThatUpdatesAnotherTableKeepsBothChanges() {
        let router = Router()
        router.updateSettings(for: .scheme("a")) { settings in
            router.updateSettings(for: .scheme("b")) { $0.fallsBackToGlobalRoutes = true }
            settings.fallsBackToGlobalRoutes = true
        }
        #expect(router.settings(for: .scheme("a"))?.fallsBackToGlobalRoutes == true)
        #expect(router.settings(for: .scheme("b"))?.fallsBackToGlobalRoutes == true)
    }

    @Test func concurrentUpdatesOfOneTableAreAllKept() async {
        let router = Router()
        let hosts = (0..<64).map { "h\($0).example.com" }
        await withTaskGroup(of: Void.self) { group in
            for host in hosts {
                group.addTask {
                    router.updateSettings(for: .scheme("https")) { settings in
                        settings.allowedHosts = (settings.allowedHosts ?? []) + [host]
                    }
                }
            }
        }
        #expect(Set(router.settings(for: .scheme("https"))?.allowedHosts ?? []) == Set(hosts))
    }
}
