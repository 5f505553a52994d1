import Switchyard
import SwitchyardLinkStore

/// Reads of links the cache does not hold: at once where the store can read so (an SQLite file,
/// ``LinkStore/linkAtOnce(_:)``), and otherwise (PostgreSQL) coalesced: the slugs asked for while the store is busy
/// with earlier reads go to it together, in one statement (``LinkStore/links(_:)``), and a slug asked for twice is
/// read once.
///
/// A campaign's links are each visited once, so each visit is a read. One statement a slug spends most of its time
/// on what does not depend on the slugs: the round trip, the statement's parse and plan, the hops between threads.
/// At most ``maxReadsAtOnce`` statements run at a time; a read that finds a statement free goes at once, alone, so
/// a quiet site waits for nothing, and under load each statement carries what queued behind the last one.
final class LinkReads: Sendable {
    /// The statements that may run at once: enough to keep the database busy while one answer travels back, few
    /// enough that reads queue and share statements under load (measured in `Benchmarks/README.md`, "Campaign").
    let maxReadsAtOnce: Int
    private let store: LinkStore
    private let metrics: SiteMetrics
    private let state = Locked(State())

    private typealias Answer = Result<LinkStore.Stored?, LinkStoreError>

    private struct State {
        /// The callers waiting for each slug not yet sent, in the order the slugs were first asked for.
        var waiting: [Slug: [CheckedContinuation<Answer, Never>]] = [:]
        var order: [Slug] = []
        var readsRunning = 0

        /// Takes up to `LinkStore.maxSlugsARead` waiting slugs and their callers, oldest first.
        mutating func takeBatch() -> [(Slug, [CheckedContinuation<Answer, Never>])] {
            let slugs = order.prefix(LinkStore.maxSlugsARead)
            order.removeFirst(slugs.count)
            return slugs.map { ($0, waiting.removeValue(forKey: $0) ?? []) }
        }
    }

    init(store: LinkStore, maxReadsAtOnce: Int = 2, metrics: SiteMetrics) {
        self.store = store
        self.maxReadsAtOnce = max(1, maxReadsAtOnce)
        self.metrics = metrics
    }

    /// The link named `slug` as the store has it: read at once from an SQLite file, otherwise with the other slugs
    /// asked for meanwhile.
    /// - Throws: ``LinkStoreError``: `unavailable`, `unreadableRow`.
    func link(_ slug: Slug) async throws(LinkStoreError) -> LinkStore.Stored? {
        if let read = metrics.timed(.readLinks, ifMade: { store.linkAtOnce(slug) }) {
            metrics.linksRead(1)
            return try read.get()
        }
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
            let batch = state.withLock { state -> [(Slug, [CheckedContinuation<Answer, Never>])]? in
                if state.waiting[slug] == nil { state.order.append(slug) }
                state.waiting[slug, default: []].append(continuation)
                guard state.readsRunning < maxReadsAtOnce else { return nil }
                state.readsRunning += 1
                return state.takeBatch()
            }
            // The statement runs in a task of its own: the callers it answers may be cancelled, it may not.
            if let batch { Task { await self.read(batch) } }
        }
        return try answer.get()
    }

    /// Reads `batch`, answers its callers, then the batches that queued meanwhile, until none waits.
    private func read(_ first: [(Slug, [CheckedContinuation<Answer, Never>])]) async {
        var batch = first
        while !batch.isEmpty {
            let slugs = batch.map(\.0)
            let found: Result<[Slug: Result<LinkStore.Stored, LinkStoreError>], LinkStoreError>
            do throws(LinkStoreError) {
                found = .success(
                    try await metrics.timed(.readLinks) { () async throws(LinkStoreError) in
                        try await store.links(slugs)
                    })
            } catch {
                found = .failure(error)
            }
            metrics.linksRead(slugs.count)
            for (slug, callers) in batch {
                let answer: Answer = found.flatMap { links in links[slug].map { $0.map(Optional.some) } ?? .success(nil)
                }
                for caller in callers { caller.resume(returning: answer) }
            }
            batch = state.withLock { state in
                let next = state.takeBatch()
                if next.isEmpty { state.readsRunning -= 1 }
                return next
            }
        }
    }
}
