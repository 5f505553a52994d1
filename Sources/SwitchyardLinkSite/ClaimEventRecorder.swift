import Foundation
import Logging
import Switchyard
import SwitchyardLinkStore

/// The claims' events on their way to the store, as clicks are: counted in memory by link, day and event on the
/// response path, and added to the store's counts every `window`, off that path, in one statement.
///
/// A count may be lost only while it waits: a crash loses at most those of the last `window`. At most `capacity`
/// links, days and events wait; the events of others are dropped and counted, so that an unreachable store cannot
/// exhaust memory.
final class ClaimEventRecorder: BatchedRecorder {
    let window: Duration
    let capacity: Int
    private let store: LinkStore
    private let logger: Logger
    private let state = Locked(State())

    private struct Key: Hashable {
        let slug: Slug
        let day: String
        let event: ClaimEvent
    }

    private struct State {
        var waiting: [Key: Int] = [:]
        var dropped = 0
    }

    init(store: LinkStore, window: Duration = .seconds(1), capacity: Int = 10_000, logger: Logger) {
        self.store = store
        self.window = window
        self.capacity = capacity
        self.logger = logger
    }

    /// Counts `event` of `slug`'s claims at `now`, to be written with the next batch.
    func record(_ event: ClaimEvent, of slug: Slug, at now: Date) {
        let key = Key(slug: slug, day: StoredTime.day(now), event: event)
        state.withLock { state in
            if state.waiting[key] != nil || state.waiting.count < capacity {
                state.waiting[key, default: 0] += 1
            } else {
                state.dropped += 1
            }
        }
    }

    /// Adds the counts that wait to the store's; on failure they wait for the next batch.
    func flush() async {
        let batch = state.withLock { state in
            defer { state.waiting.removeAll(keepingCapacity: true) }
            return state.waiting
        }
        guard !batch.isEmpty else { return }
        do {
            try await store.count(
                batch.map { key, count in (key.slug, ClaimEventCount(day: key.day, event: key.event, count: count)) })
        } catch {
            logger.warning("\(batch.count) counts of claims' events wait for the store: \(error)")
            state.withLock { state in
                for (key, count) in batch {
                    if state.waiting[key] != nil || state.waiting.count < capacity {
                        state.waiting[key, default: 0] += count
                    } else {
                        state.dropped += count
                    }
                }
            }
        }
    }
}
