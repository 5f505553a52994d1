import Foundation
import Logging
import Switchyard
import SwitchyardLinkStore

/// The claims' events on their way to the store, in batches (``BatchRecorder``): counted by link, day and event, a
/// count an entry, and added to the store's counts.
typealias ClaimEventRecorder = BatchRecorder<WaitingClaimEvents>

extension BatchRecorder where Waiting == WaitingClaimEvents {
    /// Adds to `store`'s counts in batches, every `window`, at most `capacity` links, days and events waiting.
    convenience init(
        store: LinkStore, window: Duration = .seconds(1), capacity: Int = 10_000, logger: Logger,
        metrics: SiteMetrics = SiteMetrics()
    ) {
        self.init(
            "claims' events", window: window, capacity: capacity, logger: logger, metrics: (metrics, .claimEvents)
        ) {
            batch, id in
            try await store.count(
                batch.counts.map { key, count in
                    (key.slug, ClaimEventCount(day: key.day, event: key.event, count: count))
                }, as: id)
        }
    }

    /// Counts `event` of `slug`'s claims at `now`, to be written with the next batch.
    func record(_ event: ClaimEvent, of slug: Slug, at now: Date) {
        record(WaitingClaimEvents.Key(slug: slug, day: StoredTime.day(now), event: event))
    }
}

/// Counts of claims' events that wait, by link, day and event.
struct WaitingClaimEvents: WaitingRecords {
    struct Key: Hashable, Sendable {
        let slug: Slug
        let day: String
        let event: ClaimEvent
    }

    var counts: [Key: Int] = [:]

    var isEmpty: Bool { counts.isEmpty }
    var recordCount: Int { counts.values.reduce(0, +) }
    var entryCount: Int { counts.count }

    mutating func add(_ key: Key, capacity: Int) -> Bool {
        add(key, count: 1, capacity: capacity)
    }

    /// Removes `count` keys with their counts, any of them: a count holds no time, so no key is older than another.
    mutating func removeFirst(_ count: Int) -> WaitingClaimEvents {
        var taken = WaitingClaimEvents()
        for key in Array(counts.keys.prefix(count)) { taken.counts[key] = counts.removeValue(forKey: key) }
        return taken
    }

    /// Adds `count` events to `key`'s count, unless `key` needs an entry beyond `capacity`.
    private mutating func add(_ key: Key, count: Int, capacity: Int) -> Bool {
        guard counts[key] != nil || counts.count < capacity else { return false }
        counts[key, default: 0] += count
        return true
    }
}
