import Foundation
import Logging
import NIOCore
import SQLKit
import Switchyard
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkStore

/// Runs of reads on one held connection (`LinkStore.readingLinks(_:)`): each read answers as `links(_:)` does, the
/// lease keeps the store's deadline, and a read's own failure is said as the read said it.
@Suite struct ReadingLinksTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    static func makeLinks(_ count: Int, in store: LinkStore) async throws {
        for index in 0..<count {
            try await store.create(
                ShortLink(slug: try Slug("run-\(index)"), target: "myapp://product/\(index)"), at: now)
        }
    }

    @Test(arguments: TestEngine.available)
    func readsInARunEachAnswerAsASingleReadDoes(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            try await Self.makeLinks(30, in: store)
            let targets = Locked<[String: String]>([:])
            // The last read asks for two slugs the store does not have.
            let runs = try stride(from: 0, to: 33, by: 3).map { first in
                try (first..<first + 3).map { try Slug("run-\($0)") }
            }
            try await store.readingLinks { reader throws(LinkStoreError) in
                for slugs in runs {
                    let found = try await reader.links(slugs)
                    for (slug, link) in found {
                        if case .success(let stored) = link { targets.withLock { $0[slug.text] = stored.link.target } }
                    }
                }
            }
            #expect(targets.snapshot.count == 30)
            #expect(targets.snapshot.allSatisfy { $0.value == "myapp://product/\($0.key.dropFirst(4))" })
            let single = try await store.links([try Slug("run-7"), try Slug("run-99")])
            #expect(single.count == 1)
            #expect(try single[try Slug("run-7")]?.get().link.target == "myapp://product/7")
        }
    }

    /// A read that fails on a server that is there (here, its table gone) is said as it failed, and opens no window
    /// in which every call fails at once: only a lost server does.
    @Test func aReadThatFailsOnAServerThatIsThereLeavesOtherCallsAlone() async throws {
        guard TestEngine.available.contains(.postgres) else { return }
        try await withStore(.postgres) { store, database in
            try await Self.makeLinks(1, in: store)
            try await database.withSQL { try await $0.raw("DROP TABLE short_links").run() }
            let slug = try Slug("run-0")
            var failure: LinkStoreError?
            do throws(LinkStoreError) {
                try await store.readingLinks { reader throws(LinkStoreError) in _ = try await reader.links([slug]) }
            } catch {
                failure = error
            }
            #expect(failure?.code == .unavailable)
            #expect(failure?.message.contains("short_links") == true, "\(String(describing: failure))")
            // At once: no window of failing calls was opened.
            try await store.checkReady(deadline: .seconds(60))
        }
    }

    /// With every connection of the pool held, a run that needs one waits at most the store's deadline for it, then
    /// is unavailable, and the calls after it are refused at once for a while. (The holders' calls have a deadline
    /// of their own, long enough for a loaded machine: what is checked is the run that finds the pool taken.)
    @Test(.timeLimit(.minutes(1))) func aRunThatGetsNoConnectionIsUnavailableWithinTheDeadline() async throws {
        guard TestEngine.available.contains(.postgres) else { return }
        try await withStore(.postgres, deadline: .seconds(2)) { store, _ in
            try await Self.makeLinks(1, in: store)
            let slug = try Slug("run-0")
            let pool = StoreConnection.maximumConnections
            // One stream for each holder: a stream has one reader.
            let releases = (0..<pool).map { _ in AsyncStream<Void>.makeStream() }
            let holding = Locked(0)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (released, _) in releases {
                    group.addTask {
                        try await store.connection.withDatabase(deadline: .seconds(50)) { _ in
                            holding.withLock { $0 += 1 }
                            for await _ in released {}
                        }
                    }
                }
                while holding.snapshot < pool { try await Task.sleep(for: .milliseconds(5)) }
                let code = await storeErrorCode {
                    try await store.readingLinks { reader throws(LinkStoreError) in
                        _ = try await reader.links([slug])
                    }
                }
                #expect(code == .unavailable)
                // Waiting out the deadline for a connection is the sign of a server away: the next call is
                // refused at once, for a while, instead of waiting too.
                let started = ContinuousClock.now
                var refused: LinkStoreError?
                do throws(LinkStoreError) {
                    try await store.readingLinks { reader throws(LinkStoreError) in
                        _ = try await reader.links([slug])
                    }
                } catch {
                    refused = error
                }
                #expect(refused?.message.contains("a moment ago") == true, "\(String(describing: refused))")
                #expect(ContinuousClock.now - started < .seconds(1))
                for (_, release) in releases { release.finish() }
                try await group.waitForAll()
            }
        }
    }

    /// A statement that runs past its deadline on a connection fails alone: the server answered, and is slow with
    /// that statement (a big batch of clicks during a checkpoint), not away. The next call is served at once rather
    /// than refused for a second, as the visits would be after a lost connection or a lease that waited in vain.
    @Test(.timeLimit(.minutes(1))) func aSlowStatementFailsAloneAndTheNextCallIsServed() async throws {
        guard TestEngine.available.contains(.postgres) else { return }
        // The store's own deadline is long enough for a loaded machine; the slow statement's is short.
        try await withStore(.postgres, deadline: .seconds(30)) { store, _ in
            try await Self.makeLinks(1, in: store)
            var slow: LinkStoreError?
            do throws(LinkStoreError) {
                try await store.connection.withDatabase(deadline: .milliseconds(500)) {
                    try await $0.raw("SELECT pg_sleep(5)").run()
                }
            } catch {
                slow = error
            }
            #expect(slow?.code == .unavailable)
            #expect(slow?.message.contains("a statement did not end within") == true, "\(String(describing: slow))")
            let slug = try Slug("run-0")
            let found = try await store.links([slug])
            #expect(try found[slug]?.get().link.slug == slug)
        }
    }

    /// A statement that does not end, even when cancelled (PostgresNIO does not cancel a statement the server runs),
    /// is abandoned at the store's deadline: the call is unavailable, and closing the store waits for it at most a
    /// deadline, then stops the thread its connections run on. A task group would wait for it for ever; so did a
    /// site's stop when the server died during its last write. (The time limit only keeps a hang from stalling the
    /// run.)
    @Test(.timeLimit(.minutes(1))) func aStatementThatDoesNotEndIsAbandonedAtTheDeadline() async throws {
        guard TestEngine.available.contains(.postgres) else { return }
        try await withStore(.postgres, deadline: .seconds(1)) { store, _ in
            let code = await storeErrorCode {
                try await store.connection.withDatabase { try await $0.raw("SELECT pg_sleep(3600)").run() }
            }
            #expect(code == .unavailable)
            #if os(Linux)
                guard case .postgres(_, _, let loop) = store.connection.engine else { return }
                // The loop's thread, as /proc names it (`PID/task/TID`).
                let thread = try await loop.next().submit {
                    try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
                }.get()
                #expect(FileManager.default.fileExists(atPath: "/proc/\(thread)"))
                await store.close()
                let closed = ContinuousClock.now
                while FileManager.default.fileExists(atPath: "/proc/\(thread)"),
                    ContinuousClock.now - closed < .seconds(10)
                {
                    try await Task.sleep(for: .milliseconds(10))
                }
                #expect(!FileManager.default.fileExists(atPath: "/proc/\(thread)"), "the loop's thread ended")
            #endif
        }
    }
}
