import Switchyard
import SwitchyardLinkStore

/// Reads of links the cache does not hold: at once where the store can read so (an SQLite file,
/// ``LinkStore/linkAtOnce(_:)``), and otherwise (PostgreSQL) coalesced: the slugs asked for while the store is busy
/// with earlier reads go to it together, in one statement, and a slug asked for twice is read once. Statements that
/// follow one another run on one connection (``LinkStore/readingLinks(_:)``).
///
/// A campaign's links are each visited once, so each visit is a read. One statement a slug spends most of its time
/// on what does not depend on the slugs: the round trip, the statement's parse and plan, the hops between threads.
/// At most ``maxReadsAtOnce`` statements run at a time; a read that finds a statement free goes at once, alone, so
/// a quiet site waits for nothing, and under load each statement carries what queued behind the last one.
final class LinkReads: Sendable {
    /// The statements that may run at once. One: reads that come while it runs queue and share the next, on the
    /// connection it holds. With two, a PostgreSQL campaign on loopback spent about a tenth more CPU a visit on
    /// twice the statements, for no more visits a second and a longer p99 (`Benchmarks/README.md`, "Campaign"); a
    /// database farther away leaves a statement's slugs more time to queue, so each statement carries more.
    let maxReadsAtOnce: Int
    private let store: LinkStore
    private let metrics: SiteMetrics
    private let state = Locked(State())

    private typealias Answer = Result<LinkStore.Stored?, LinkStoreError>
    /// Slugs with the callers waiting for each.
    private typealias Batch = [(Slug, [CheckedContinuation<Answer, Never>])]

    private struct State {
        /// The callers waiting for each slug not yet sent, in the order the slugs were first asked for.
        var waiting: [Slug: [CheckedContinuation<Answer, Never>]] = [:]
        var order: [Slug] = []
        var readsRunning = 0

        /// Takes up to `LinkStore.maxSlugsARead` waiting slugs and their callers, oldest first.
        mutating func takeBatch() -> Batch {
            let slugs = order.prefix(LinkStore.maxSlugsARead)
            order.removeFirst(slugs.count)
            return slugs.map { ($0, waiting.removeValue(forKey: $0) ?? []) }
        }
    }

    init(store: LinkStore, maxReadsAtOnce: Int = 1, metrics: SiteMetrics) {
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
            let batch = state.withLock { state -> Batch? in
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

    /// Reads `first`, answers its callers, then the batches that queued meanwhile, until none waits: on one
    /// connection while they come one after another (``LinkStore/readingLinks(_:)``), and on another after a read
    /// fails.
    private func read(_ first: Batch) async {
        // The batch being read, or the next; empty once none waits. This task and the one that holds the connection
        // use it in turn, never at once.
        let current = Locked(first)
        while !current.snapshot.isEmpty {
            do throws(LinkStoreError) {
                try await store.readingLinks { reader throws(LinkStoreError) in
                    while case let batch = current.snapshot, !batch.isEmpty {
                        let found = await self.read(batch.map(\.0), with: reader)
                        self.answer(batch, found)
                        current.withLock { $0 = self.nextBatch() }
                        // A connection that failed is let go; the next batch leases another.
                        if case .failure = found { return }
                    }
                }
            } catch {
                // No connection was leased in time, or the first read did not end within the lease's deadline: the
                // batch not yet answered, if any, gets the error. (When none is left, this read has already ended,
                // and another may have started.)
                let unanswered = current.snapshot
                guard !unanswered.isEmpty else { break }
                answer(unanswered, .failure(error))
                current.withLock { $0 = nextBatch() }
            }
        }
    }

    private typealias Found = Result<[Slug: Result<LinkStore.Stored, LinkStoreError>], LinkStoreError>

    private func read(_ slugs: [Slug], with reader: LinkStore.LinkReader) async -> Found {
        let found: Found
        do throws(LinkStoreError) {
            found = .success(
                try await metrics.timed(.readLinks) { () async throws(LinkStoreError) in try await reader.links(slugs) }
            )
        } catch {
            found = .failure(error)
        }
        metrics.linksRead(slugs.count)
        return found
    }

    private func answer(_ batch: Batch, _ found: Found) {
        for (slug, callers) in batch {
            let answer: Answer = found.flatMap { links in links[slug].map { $0.map(Optional.some) } ?? .success(nil) }
            for caller in callers { caller.resume(returning: answer) }
        }
    }

    /// The batch that queued meanwhile; when none did, the read ends and another may start.
    private func nextBatch() -> Batch {
        state.withLock { state in
            let next = state.takeBatch()
            if next.isEmpty { state.readsRunning -= 1 }
            return next
        }
    }
}
