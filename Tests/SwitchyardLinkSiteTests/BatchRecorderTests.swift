import Foundation
import Logging
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkSite

/// The one bounded recorder behind clicks and claims' events: batches written whole and once, a batch the store
/// refuses written again whole under its id before what came since, and at most `capacity` entries waiting (the batch
/// on its way included), the rest dropped and counted.
@Suite struct BatchRecorderTests {
    /// A store that takes batches, but refuses the next one when told to, after running what visitors do while that
    /// batch is on its way.
    final class Sink<Waiting: WaitingRecords>: Sendable {
        /// The batches taken, with their ids.
        let batches = Locked<[(records: Waiting, id: BatchID)]>([])
        /// The ids of the batches refused.
        let refused = Locked<[BatchID]>([])
        private let refusal = Locked<(@Sendable () -> Void)?>(nil)

        struct Refused: Error {}

        /// Refuses the next batch, running `during` first.
        func refuseNext(during: @escaping @Sendable () -> Void) {
            refusal.withLock { $0 = during }
        }

        func write(_ batch: Waiting, id: BatchID) throws {
            let during = refusal.withLock { refusal in
                defer { refusal = nil }
                return refusal
            }
            guard let during else { return batches.withLock { $0.append((batch, id)) } }
            during()
            refused.withLock { $0.append(id) }
            throw Refused()
        }
    }

    static func clickRecorder(capacity: Int, batchLimit: Int = 10_000, sink: Sink<WaitingClicks>) -> ClickRecorder {
        BatchRecorder(
            "clicks", window: .seconds(60), capacity: capacity, batchLimit: batchLimit, logger: Logger(label: "test")
        ) { try sink.write($0, id: $1) }
    }

    static func written(_ sink: Sink<WaitingClicks>) -> [[String]] {
        sink.batches.withLock {
            $0.map { batch in batch.records.clicks.map { "\($0.slug) \(Int($0.at.timeIntervalSince1970))" } }
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
        #expect(sink.batches.withLock { $0.map(\.records.clicks.count) } == [3])
        #expect(recorder.counts == (written: 3, waiting: 0, dropped: 0))
        await recorder.flush()
        #expect(sink.batches.withLock { $0.count } == 1, "nothing waiting writes nothing")
    }

    /// What waited while the store was away goes in batches of at most the limit, oldest first, one after another
    /// in one flush, each under an id of its own.
    @Test func aBacklogIsWrittenInBatchesOfTheLimitOldestFirst() async throws {
        let sink = Sink<WaitingClicks>()
        let recorder = Self.clickRecorder(capacity: 10, batchLimit: 3, sink: sink)
        for second in 0..<8 { recorder.record(try Self.click("a", second: second)) }
        await recorder.flush()
        #expect(Self.written(sink) == [["a 0", "a 1", "a 2"], ["a 3", "a 4", "a 5"], ["a 6", "a 7"]])
        #expect(sink.batches.withLock { $0.map(\.id.number) } == [1, 2, 3])
        #expect(recorder.counts == (written: 8, waiting: 0, dropped: 0))
    }

    /// A batch of the backlog that the store refuses ends the flush: nothing behind it is tried. The next flush
    /// writes it first, whole and under its id, then the rest in batches.
    @Test func aBatchOfTheBacklogThatIsRefusedEndsTheFlushAndIsWrittenAgainFirst() async throws {
        let sink = Sink<WaitingClicks>()
        let recorder = Self.clickRecorder(capacity: 10, batchLimit: 2, sink: sink)
        for second in 0..<5 { recorder.record(try Self.click("a", second: second)) }
        let late = try Self.click("b", second: 5)
        sink.refuseNext { recorder.record(late) }
        await recorder.flush()
        #expect(sink.batches.withLock { $0.isEmpty } && sink.refused.snapshot.count == 1)
        #expect(recorder.counts == (written: 0, waiting: 6, dropped: 0))
        await recorder.flush()
        #expect(Self.written(sink) == [["a 0", "a 1"], ["a 2", "a 3"], ["a 4", "b 5"]])
        #expect(sink.batches.withLock { $0.first?.id } == sink.refused.snapshot.first)
        #expect(recorder.counts == (written: 6, waiting: 0, dropped: 0))
    }

    @Test func clicksBeyondTheCapacityAreDroppedAndCounted() async throws {
        let sink = Sink<WaitingClicks>()
        let recorder = Self.clickRecorder(capacity: 2, sink: sink)
        for second in 0..<5 { recorder.record(try Self.click("a", second: second)) }
        #expect(recorder.counts == (written: 0, waiting: 2, dropped: 3))
        await recorder.flush()
        #expect(sink.batches.withLock { $0.flatMap(\.records.clicks).map(\.at.timeIntervalSince1970) } == [0, 1])
    }

    @Test func aRefusedBatchIsWrittenAgainWholeUnderItsIDBeforeWhatCameSince() async throws {
        let sink = Sink<WaitingClicks>()
        let recorder = Self.clickRecorder(capacity: 4, sink: sink)
        for second in 0..<3 { recorder.record(try Self.click("old", second: second)) }
        let late = try (3..<6).map { try Self.click("new", second: $0) }
        sink.refuseNext { for click in late { recorder.record(click) } }
        await recorder.flush()
        // Three new clicks came during the write, while the old batch held three of the four entries: one new click
        // finds room, two are dropped.
        #expect(recorder.counts == (written: 0, waiting: 4, dropped: 2))
        await recorder.flush()
        #expect(Self.written(sink) == [["old 0", "old 1", "old 2"], ["new 3"]])
        let ids = sink.batches.withLock { $0.map(\.id) }
        #expect(ids.first == sink.refused.snapshot.first, "the retry keeps the refused batch's id")
        #expect(Set(ids).count == 2, "what came since is a batch of its own")
        #expect(recorder.counts == (written: 4, waiting: 0, dropped: 2))
    }

    @Test func aBatchRefusedAgainWaitsAndWhatCameSinceWaitsBehindIt() async throws {
        let sink = Sink<WaitingClicks>()
        let recorder = Self.clickRecorder(capacity: 10, sink: sink)
        recorder.record(try Self.click("old", second: 0))
        sink.refuseNext {}
        await recorder.flush()
        let new = try Self.click("new", second: 1)
        sink.refuseNext { recorder.record(new) }
        await recorder.flush()
        #expect(sink.batches.withLock { $0.isEmpty })
        #expect(Set(sink.refused.snapshot).count == 1, "both refusals were of the old batch, under one id")
        #expect(recorder.counts == (written: 0, waiting: 2, dropped: 0))
        await recorder.flush()
        #expect(sink.batches.withLock { $0.map { $0.records.clicks.map(\.slug.text) } } == [["old"], ["new"]])
    }

    /// The store's part, on a real SQLite file: a write that commits and then fails for the recorder (its reply lost)
    /// is written again under its id, and the store counts it once.
    @Test func aWriteThatCommitsButReportsAFailureIsCountedOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-batches-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await LinkStore.open(
            .sqlite(path: folder.appendingPathComponent("links.sqlite").path), deadline: .seconds(60))
        let replies = Locked(0)
        let recorder = ClickRecorder("clicks", window: .seconds(60), capacity: 100, logger: Logger(label: "test")) {
            batch, id in
            try await store.record(batch.clicks, as: id)
            let reply = replies.withLock { replies in
                defer { replies += 1 }
                return replies
            }
            if reply == 0 { throw Sink<WaitingClicks>.Refused() }
        }
        for second in 0..<5 { recorder.record(try Self.click("xmas", second: second)) }
        await recorder.flush()
        #expect(recorder.counts == (written: 0, waiting: 5, dropped: 0))
        await recorder.flush()
        #expect(recorder.counts == (written: 5, waiting: 0, dropped: 0))
        let counted = try await store.clickCounts(of: try Slug("xmas")).reduce(0) { $0 + $1.clicks }
        await store.close()
        #expect(counted == 5)
        #expect(replies.snapshot == 2)
    }

    @Test func claimEventsAreCountedByKeyAndTheCapacityBoundsTheKeysTheBatchOnItsWayIncluded() async throws {
        let sink = Sink<WaitingClaimEvents>()
        let recorder = ClaimEventRecorder(
            "claims' events", window: .seconds(60), capacity: 3, logger: Logger(label: "test")
        ) { try sink.write($0, id: $1) }
        let day = Date(timeIntervalSince1970: 0)
        let (a, b) = (try Slug("a"), try Slug("b"))
        for _ in 0..<5 { recorder.record(.storeRedirect, of: a, at: day) }
        recorder.record(.redeemed, of: a, at: day)
        #expect(recorder.counts == (written: 0, waiting: 6, dropped: 0))
        // The refused batch holds two keys of three: one key finds room beside it, a second does not.
        sink.refuseNext {
            recorder.record(.storeRedirect, of: a, at: day)
            recorder.record(.storeRedirect, of: a, at: day)
            recorder.record(.redeemed, of: b, at: day)
        }
        await recorder.flush()
        #expect(recorder.counts == (written: 0, waiting: 8, dropped: 1))
        await recorder.flush()
        let counts = sink.batches.withLock {
            $0.map { batch in Set(batch.records.counts.map { "\($0.key.slug) \($0.key.event) \($0.value)" }) }
        }
        #expect(counts == [["a storeRedirect 5", "a redeemed 1"], ["a storeRedirect 2"]])
        #expect(recorder.counts == (written: 8, waiting: 0, dropped: 1))
    }

    @Test func claimEventsGoInBatchesOfTheLimitEachKeyWhole() async throws {
        let sink = Sink<WaitingClaimEvents>()
        let recorder = ClaimEventRecorder(
            "claims' events", window: .seconds(60), capacity: 10, batchLimit: 2, logger: Logger(label: "test")
        ) { try sink.write($0, id: $1) }
        let day = Date(timeIntervalSince1970: 0)
        for name in ["a", "b", "c"] {
            for _ in 0..<3 { recorder.record(.storeRedirect, of: try Slug(name), at: day) }
        }
        await recorder.flush()
        let batches = sink.batches.withLock { $0.map { $0.records.counts } }
        #expect(batches.map(\.count) == [2, 1])
        #expect(batches.flatMap(\.values) == [3, 3, 3])
        #expect(Set(batches.flatMap(\.keys).map(\.slug.text)) == ["a", "b", "c"])
        #expect(recorder.counts == (written: 9, waiting: 0, dropped: 0))
    }
}
