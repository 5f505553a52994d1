import NIOCore
import Switchyard
import SwitchyardServer
import SwitchyardWebLinks

/// The links a site resolved lately, in memory in front of the store: at most `capacity` slugs, the oldest
/// stored leaving first.
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
        state = Locked(State())
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
    /// made one of it: a visit of a link the cache did not hold keeps the link and its answer in one step.
    func store(
        _ link: ShortLink?, for slug: Slug, at now: ContinuousClock.Instant,
        answer: (visitor: Visitor, response: PreparedResponse)? = nil
    ) {
        var entry = Entry(link: link, readAt: now, generation: 0)
        if let answer { entry.answers[answer.visitor] = answer.response }
        // The entries that leave are returned, to be freed once the lock is let go: a link and its answers are many
        // objects, and every visit takes this lock.
        _ = state.withLock { state -> [Entry] in
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
