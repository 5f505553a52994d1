#if canImport(SwiftUI) || canImport(UIKit)
    import Foundation
    import Switchyard

    /// Routes links one after another, in the order they arrive, each to the end before the next starts, so that
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

        /// Routes a URL the system opened the app with, with its origin (``LinkOrigin/ofOpenedURL(_:)``).
        func route(_ url: URL) {
            route(url.absoluteString, origin: LinkOrigin.ofOpenedURL(url.absoluteString), context: nil)
        }

        /// Routes a link from another entry point, with its origin and context.
        func route(_ entry: EntryLink) {
            route(entry.url, origin: entry.origin, context: entry.context)
        }

        private func route(_ link: String, origin: LinkOrigin, context: (any Sendable)?) {
            let previous = last
            last = Task { [router, outcome] in
                await previous?.value
                outcome(await router.route(link, origin: origin, context: context))
            }
        }
    }

    /// An entry point's dictionary (a notification's `userInfo`, a shortcut's) as text: strings, numbers and URLs
    /// kept, everything else left out, so that the core's rules see plain values.
    enum EntryText {
        static func strings(_ values: [AnyHashable: Any]?) -> [String: String] {
            var strings: [String: String] = [:]
            for (key, value) in values ?? [:] {
                guard let key = key as? String else { continue }
                switch value {
                case let text as String: strings[key] = text
                case let url as URL: strings[key] = url.absoluteString
                case let number as NSNumber: strings[key] = number.stringValue
                default: continue
                }
            }
            return strings
        }
    }
#endif
