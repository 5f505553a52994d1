import Switchyard

/// Requests allowed per key (a token, an address): a bucket of `burst` requests that refills at `perSecond`.
///
/// At most `maxKeys` keys are tracked; when more arrive, the buckets that are full again (idle keys) are dropped,
/// and if none is, the whole table is, which at worst lets a burst through again.
final class RateLimiter: Sendable {
    let perSecond: Double
    let burst: Double
    let maxKeys: Int
    private let buckets = Locked<[String: (tokens: Double, at: ContinuousClock.Instant)]>([:])

    init(perSecond: Double, burst: Int, maxKeys: Int = 10_000) {
        self.perSecond = perSecond
        self.burst = Double(burst)
        self.maxKeys = maxKeys
    }

    /// `nil` when a request of `key` may go ahead at `now`; otherwise the seconds until it may (at least 1).
    func wait(for key: String, at now: ContinuousClock.Instant = .now) -> Int? {
        buckets.withLock { buckets in
            var bucket = buckets[key] ?? (burst, now)
            bucket = (refilled(bucket, at: now), now)
            defer {
                if buckets.count >= maxKeys, buckets[key] == nil {
                    buckets = buckets.filter { refilled($0.value, at: now) < burst }
                    if buckets.count >= maxKeys { buckets.removeAll() }
                }
                buckets[key] = bucket
            }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }

    private func refilled(_ bucket: (tokens: Double, at: ContinuousClock.Instant), at now: ContinuousClock.Instant)
        -> Double
    {
        let elapsed = now - bucket.at
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return min(burst, bucket.tokens + seconds * perSecond)
    }
}
