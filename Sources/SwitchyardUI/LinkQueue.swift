#if canImport(SwiftUI) || canImport(UIKit)
    import Foundation
    import Switchyard

    /// Routes URLs one after another, in the order they arrive, each to the end before the next starts, so that
    /// links that arrive together (a cold start's URL and its user activity) never overlap.
    @MainActor
    final class LinkQueue {
        private let router: Router
        private let outcome: @MainActor (RouteOutcome) -> Void
        private var last: Task<Void, Never>?

        init(router: Router, outcome: @escaping @MainActor (RouteOutcome) -> Void) {
            self.router = router
            self.outcome = outcome
        }

        func route(_ url: URL) {
            let previous = last
            last = Task { [router, outcome] in
                await previous?.value
                outcome(await router.route(url))
            }
        }
    }
#endif
