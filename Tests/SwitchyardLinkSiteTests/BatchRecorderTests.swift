import Foundation
import Logging
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkSite

/// The one bounded recorder behind clicks and claims' events: batches written whole, a batch the store refuses put
/// back before what came since, and at most `capacity` entries waiting, the rest dropped and counted.
@Suite struct BatchRecorderTests {
    /// A store that takes batches, but refuses the next one when told to, after running what visitors do while that
    /// batch is on its way.
    final class Sink<Waiting: WaitingRecords>: Sendable {
        let batches = Locked<[Waiting]>([])
        private let refusal = Locked<(@Sendable () -> Void)?>(nil)

        struct Refused: Error {}

        /// Refuses the next batch, running `during` first.
        func refuseNext(during: @escaping @Sendable () -> Void) {
            refusal.withLock { $0 = during }
        }

        func write(_ batch: Waiting) throws {
            let during = refusal.withLock { refusal in
                defer { refusal = nil }
                return refusal
            }
            guard let during else { return batches.withLock { $0.append(batch) } }
            during()
            throw Refused()
        }
    }

    static func clickRecorder(capacity: Int, sink: Sink<WaitingClicks>) -> ClickRecorder {
        BatchRecorder("clicks", window: .seconds(60), capacity: capacity, logger: Logger(label: "test")) {
            try sink.write($0)
        }
    }

    static func click(_ slug: String, second: Int) throws -> Click {
        Click(
            slug: try Slug(slug), at: Date(timeIntervalSince1970: Double(second)), platform: .desktop,
            referrerHost: "")
    }

    @Test func aBatchIsWrittenWholeAndCounted() async throws {
        let sink = Sink<WaitingClicks>()
        let recorder = Self.clickRecorder(capacity: 10, sink: sink)
        for second in 0..<3 { recorder.record(try Self.click("a", second: second)) }
        #expect(recorder.counts == (written: 0, waiting: 3, dropped: 0))
        await recorder.flush()
        #expect(sink.batches.withLock { $0.map(\.clicks.count) } == [3])
        #expect(recorder.counts == (written: 3, waiting: 0, dropped: 0))
        await recorder.flush()
        #expect(sink.batches.withLock { $0.count } == 1, "nothing waiting writes nothing")
    }

    @Test func clicksBeyondTheCapacityAreDroppedAndCounted() async throws {
        let sink = Sink<WaitingClicks>()
        let recorder = Self.clickRecorder(capacity: 2, sink: sink)
        for second in 0..<5 { recorder.record(try Self.click("a", second: second)) }
        #expect(recorder.counts == (written: 0, waiting: 2, dropped: 3))
        await recorder.flush()
        #expect(sink.batches.withLock { $0.flatMap(\.clicks).map(\.at.timeIntervalSince1970) } == [0, 1])
    }

    @Test func aRefusedBatchWaitsBeforeWhatCameSinceAsFarAsTheCapacityAllows() async throws {
        let sink = Sink<WaitingClicks>()
        let recorder = Self.clickRecorder(capacity: 4, sink: sink)
        for second in 0..<3 { recorder.record(try Self.click("old", second: second)) }
        let late = try (3..<6).map { try Self.click("new", second: $0) }
        sink.refuseNext { for click in late { recorder.record(click) } }
        await recorder.flush()
        // Three new clicks came during the write: one old click finds room before them, two are dropped.
        #expect(recorder.counts == (written: 0, waiting: 4, dropped: 2))
        await recorder.flush()
        let written = sink.batches.withLock {
            $0.flatMap(\.clicks).map { "\($0.slug) \(Int($0.at.timeIntervalSince1970))" }
        }
        #expect(written == ["old 0", "new 3", "new 4", "new 5"])
        #expect(recorder.counts == (written: 4, waiting: 0, dropped: 2))
    }

    @Test func claimEventsAreCountedByKeyTheCapacityBoundsTheKeysAndARefusedBatchMerges() async throws {
        let sink = Sink<WaitingClaimEvents>()
        let recorder = ClaimEventRecorder(
            "claims' events", window: .seconds(60), capacity: 2, logger: Logger(label: "test")
        ) { try sink.write($0) }
        let day = Date(timeIntervalSince1970: 0)
        for _ in 0..<5 { recorder.record(.storeRedirect, of: try Slug("a"), at: day) }
        recorder.record(.redeemed, of: try Slug("a"), at: day)
        recorder.record(.redeemed, of: try Slug("b"), at: day)
        #expect(recorder.counts == (written: 0, waiting: 6, dropped: 1), "a third key finds no room")
        let slug = try Slug("a")
        sink.refuseNext { recorder.record(.storeRedirect, of: slug, at: day) }
        await recorder.flush()
        #expect(recorder.counts == (written: 0, waiting: 7, dropped: 1))
        await recorder.flush()
        let counts = sink.batches.withLock {
            $0.flatMap { $0.counts.map { "\($0.key.slug) \($0.key.event) \($0.value)" } }
        }
        #expect(Set(counts) == ["a storeRedirect 6", "a redeemed 1"])
        #expect(recorder.counts == (written: 7, waiting: 0, dropped: 1))
    }
}
