import Logging
import Switchyard
import SwitchyardLinkStore

/// Clicks on their way to the store, in batches (``BatchRecorder``); a click is an entry.
typealias ClickRecorder = BatchRecorder<WaitingClicks>

extension BatchRecorder where Waiting == WaitingClicks {
    /// Writes `store`'s clicks in batches, every `window`, at most `capacity` waiting.
    convenience init(
        store: LinkStore, window: Duration = .seconds(1), capacity: Int = 100_000, logger: Logger,
        metrics: SiteMetrics = SiteMetrics()
    ) {
        self.init("clicks", window: window, capacity: capacity, logger: logger, metrics: (metrics, .clicks)) {
            batch, id in
            try await store.record(batch.clicks, as: id)
        }
    }
}

/// Clicks that wait, oldest first.
struct WaitingClicks: WaitingRecords {
    var clicks: [Click] = []

    var isEmpty: Bool { clicks.isEmpty }
    var recordCount: Int { clicks.count }
    var entryCount: Int { clicks.count }

    mutating func removeFirst(_ count: Int) -> WaitingClicks {
        let taken = WaitingClicks(clicks: Array(clicks.prefix(count)))
        clicks.removeFirst(taken.clicks.count)
        return taken
    }

    mutating func add(_ click: Click, capacity: Int) -> Bool {
        guard clicks.count < capacity else { return false }
        clicks.append(click)
        return true
    }
}
