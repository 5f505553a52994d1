import Testing

@testable import SwitchyardLinkStore

/// The deadlines of the store's calls: a wait ends when its deadline passes, or at once when its task is cancelled,
/// and one watcher runs while anything waits and stops when nothing does.
@Suite struct DeadlineWatchTests {
    static let clock = ContinuousClock()

    /// Waits until `watch` has no watcher left, for at most a minute.
    static func watcherStops(_ watch: DeadlineWatch) async throws {
        let giveUp = clock.now + .seconds(60)
        while watch.isWatching, clock.now < giveUp { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitEndsWhenItsDeadlinePassesAndNotBefore() async throws {
        let watch = DeadlineWatch()
        let until = Self.clock.now + .milliseconds(50)
        let passed = await watch.wait(until: until)
        #expect(passed)
        #expect(Self.clock.now >= until)
        try await Self.watcherStops(watch)
        #expect(!watch.isWatching, "nothing waits, so no watcher runs")
        #expect(watch.waiting == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aCancelledWaitEndsAtOnceAndIsForgotten() async throws {
        let watch = DeadlineWatch()
        let waiter = Task { await watch.wait(until: Self.clock.now + .seconds(3_600)) }
        while watch.waiting == 0 { await Task.yield() }
        waiter.cancel()
        #expect(await waiter.value == false)
        #expect(watch.waiting == 0)
        try await Self.watcherStops(watch)
        #expect(!watch.isWatching)
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitOfATaskCancelledBeforeItEndsAtOnce() async {
        let watch = DeadlineWatch()
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await watch.wait(until: Self.clock.now + .seconds(3_600))
        }
        #expect(await waiter.value == false)
        #expect(watch.waiting == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aLaterWaitWithAnEarlierDeadlineEndsWithinASliceOfIt() async throws {
        let watch = DeadlineWatch()
        let long = Task { await watch.wait(until: Self.clock.now + .seconds(3_600)) }
        while watch.waiting == 0 { await Task.yield() }
        // The watcher sleeps towards the long deadline, a slice at a time.
        try await Task.sleep(for: .milliseconds(20))
        let until = Self.clock.now + .milliseconds(30)
        #expect(await watch.wait(until: until))
        let late = Self.clock.now - until
        #expect(late >= .zero)
        // A slice, and room for a loaded machine's scheduling.
        #expect(late < DeadlineWatch.slice + .seconds(2), "ended \(late) after its deadline")
        #expect(watch.waiting == 1, "the long wait still waits")
        long.cancel()
        #expect(await long.value == false)
        try await Self.watcherStops(watch)
        #expect(!watch.isWatching)
    }

    @Test(.timeLimit(.minutes(1)))
    func manyWaitsEachEndOnceAsTheirDeadlineOrCancellationSays() async throws {
        let watch = DeadlineWatch()
        let ends = await withTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<200 {
                // Even ones pass at once or soon; odd ones wait an hour and are cancelled.
                let until = Self.clock.now + (index.isMultiple(of: 2) ? .milliseconds(index % 7) : .seconds(3_600))
                group.addTask { (index, await watch.wait(until: until)) }
            }
            var ends: [Int: Bool] = [:]
            var passed = 0
            while let (index, end) = await group.next() {
                ends[index] = end
                passed += 1
                // Once every short wait has passed, the long ones are cancelled.
                if passed == 100 { group.cancelAll() }
            }
            return ends
        }
        #expect(ends.count == 200)
        #expect(ends.allSatisfy { $0.value == $0.key.isMultiple(of: 2) })
        #expect(watch.waiting == 0)
        try await Self.watcherStops(watch)
        #expect(!watch.isWatching)
    }
}
