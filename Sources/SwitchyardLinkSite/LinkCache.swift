import NIOCore
import Switchyard
import SwitchyardServer
import SwitchyardWebLinks

/// The links a site resolved lately, in memory in front of the store: at most `capacity` slugs, the oldest
/// stored leaving first.
///
/// Once the cache is full, a link read for a visit is kept only if its slug was read before, lately
/// (``admit(_:for:at:answer:)``): a link visited once (a campaign's per-recipient link, a scan of made-up slugs)
/// would only push out a link that is visited again, and keeping it costs the visit a store into the cache and the
/// freeing of the entry it pushes out.
///
/// An entry is fresh for `freshFor` after it was read from the store; then the site reads the store again. That
/// is the bound within which a change made through another server process reaches this one (a change made through
/// this one replaces its entry at once). A stale entry is kept until it leaves by age, so that the site can keep
/// answering from it while the store is unreachable. An unknown slug is cached too (as `nil`), so that requests
/// for slugs that do not exist do not all reach the store.
final class LinkCache: Sendable {
    enum Lookup: Equatable {
        /// Read from the store within `freshFor`; `nil` for a slug the store does not have.
        case fresh(ShortLink?)
        /// Read earlier: to be read again, and used only when the store cannot answer.
        case stale(ShortLink?)
        case missing
    }

    let capacity: Int
    let freshFor: Duration
    private let state: Locked<State>

    private struct State {
        var entries: [Slug: Entry] = [:]
        /// Slugs in the order they were stored, with the generation of the store; an element whose generation is
        /// not its entry's was stored again later, and is skipped.
        var order = CircularBuffer<(slug: Slug, generation: UInt64)>()
        var generation: UInt64 = 0
        /// The slugs read lately and not kept, by their hash: slot `hash % count` holds the last such slug's
        /// hash there. A slug is "read lately" while its slot still holds its hash, so about as long as the last
        /// `capacity` such reads. Hashes are seeded afresh in each process, so no visitor can choose slugs that
        /// share a slot; two slugs that do (or a hash of 0, the empty slot's) only let a link in one read early.
        var readLately: [Int]
    }

    private struct Entry {
        var link: ShortLink?
        var readAt: ContinuousClock.Instant
        var generation: UInt64
        /// The answers made for the link, by visitor class, each with its response: they depend on the link and the
        /// route file alone (and on the time only through the link's expiry, which the caller checks), so a cached
        /// link's answer is made once.
        var answers: [Visitor: PreparedResponse] = [:]
    }

    init(capacity: Int = 10_000, freshFor: Duration = .seconds(5)) {
        self.capacity = max(capacity, 1)
        self.freshFor = freshFor
        state = Locked(State(readLately: Array(repeating: 0, count: self.capacity)))
    }

    func lookUp(_ slug: Slug, at now: ContinuousClock.Instant) -> Lookup {
        lookUp(slug, visitor: nil, at: now).0
    }

    /// What the cache holds for `slug`, with the answer made for `visitor` of it when the entry is fresh and one was.
    /// One look a visit: a cached redirect reads nothing else.
    func lookUp(
        _ slug: Slug, visitor: Visitor?, at now: ContinuousClock.Instant
    ) -> (Lookup, answer: PreparedResponse?) {
        state.withLock { state in
            guard let entry = state.entries[slug] else { return (.missing, nil) }
            guard now - entry.readAt <= freshFor else { return (.stale(entry.link), nil) }
            return (.fresh(entry.link), visitor.flatMap { entry.answers[$0] })
        }
    }

    /// Keeps `link` (`nil`: no such link) for `slug`, read from the store at `now`, with `answer` when the caller
    /// made one of it, whatever the cache saw read: for a change made through this process.
    func store(
        _ link: ShortLink?, for slug: Slug, at now: ContinuousClock.Instant,
        answer: (visitor: Visitor, response: PreparedResponse)? = nil
    ) {
        _ = insert(link, for: slug, at: now, answer: answer, admitting: false)
    }

    /// Keeps `link` (`nil`: no such link), read from the store at `now` for a visit of `slug`, with `answer` as
    /// ``store(_:for:at:answer:)`` does, unless the cache is full and neither holds `slug` nor saw it read lately:
    /// then it only notes that `slug` was read, so that its next read is kept.
    /// - Returns: Whether the link was kept.
    @discardableResult
    func admit(
        _ link: ShortLink?, for slug: Slug, at now: ContinuousClock.Instant,
        answer: (visitor: Visitor, response: PreparedResponse)? = nil
    ) -> Bool {
        insert(link, for: slug, at: now, answer: answer, admitting: true)
    }

    private func insert(
        _ link: ShortLink?, for slug: Slug, at now: ContinuousClock.Instant,
        answer: (visitor: Visitor, response: PreparedResponse)?, admitting: Bool
    ) -> Bool {
        // Hashed before the lock is taken, and only for a read that may be turned away.
        let hash = admitting ? slug.hashValue : 0
        // The entries that leave are returned, to be freed once the lock is let go: a link and its answers are many
        // objects, and every visit takes this lock.
        let leaving = state.withLock { state -> [Entry]? in
            if admitting, state.entries.count >= capacity, state.entries[slug] == nil {
                let slot = Int(UInt(bitPattern: hash) % UInt(state.readLately.count))
                guard state.readLately[slot] == hash else {
                    state.readLately[slot] = hash
                    return nil
                }
            }
            var entry = Entry(link: link, readAt: now, generation: 0)
            if let answer { entry.answers[answer.visitor] = answer.response }
            state.generation += 1
            entry.generation = state.generation
            var leaving = state.entries.updateValue(entry, forKey: slug).map { [$0] } ?? []
            state.order.append((slug, state.generation))
            while state.entries.count > capacity, let oldest = state.order.popFirst() {
                if state.entries[oldest.slug]?.generation == oldest.generation,
                    let left = state.entries.removeValue(forKey: oldest.slug)
                {
                    leaving.append(left)
                }
            }
            // Slugs stored again leave elements behind; drop them before they outnumber the entries twice.
            if state.order.count > 2 * capacity {
                let live = state.order.filter { state.entries[$0.slug]?.generation == $0.generation }
                state.order = CircularBuffer(live)
            }
            return leaving
        }
        return leaving != nil
    }

    /// Keeps `answer` for `visitor` with the entry of `slug`, if that entry still holds `link`: the answer to a
    /// visitor class the cached link had none for yet, or to a link that expired since.
    func keep(_ answer: PreparedResponse, for slug: Slug, visitor: Visitor, madeFor link: ShortLink?) {
        state.withLock { state in
            guard state.entries[slug]?.link == link else { return }
            state.entries[slug]?.answers[visitor] = answer
        }
    }

    func forget(_ slug: Slug) {
        _ = state.withLock { $0.entries.removeValue(forKey: slug) }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
