/// The verdicts of recently audited links, in a fixed number of slots, one link a slot: link logs repeat their
/// popular links (a cart, a search, a campaign) many times, and a link's verdict never changes within a run, so a
/// repeat skips both lookups. A link that lands in a taken slot takes it over; memory stays fixed.
struct VerdictCache {
    private var slots: [(link: String, verdict: AuditVerdict)?]
    private let mask: Int

    /// A cache of 2 to the power `bits` slots.
    init(bits: Int = 14) {
        slots = Array(repeating: nil, count: 1 << bits)
        mask = (1 << bits) - 1
    }

    /// The verdict of `link`, made by `audit` unless the cache holds it.
    mutating func verdict(of link: String, _ audit: () -> AuditVerdict) -> AuditVerdict {
        let slot = link.hashValue & mask
        if let entry = slots[slot], entry.link == link { return entry.verdict }
        let verdict = audit()
        slots[slot] = (link, verdict)
        return verdict
    }
}
