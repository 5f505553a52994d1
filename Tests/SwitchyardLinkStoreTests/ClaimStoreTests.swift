import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks
import Testing

/// Deferred deep links' claims on a real SQLite file and a real PostgreSQL server: made once, redeemed once however
/// many race for them, and never after they expire or their link is gone.
@Suite struct ClaimStoreTests {
    static let now = LinkStoreTests.now
    static let week: TimeInterval = 7 * 86_400

    static func token(_ seed: UInt8) -> ClaimToken {
        ClaimToken(bytes: (0..<24).map { $0 &* 7 &+ seed })
    }

    /// A store holding the link `xmas` and an open claim of it, `token(1)`, made at `now`, expiring a week later.
    static func withClaim(_ engine: TestEngine, _ body: (LinkStore, TestDatabase) async throws -> Void) async throws {
        try await withStore(engine) { store, database in
            try await store.create(try LinkStoreTests.link("xmas"), at: now)
            #expect(
                try await store.createClaim(
                    token(1), for: try Slug("xmas"), at: now, expiresAt: now.addingTimeInterval(week)))
            try await body(store, database)
        }
    }

    @Test(arguments: TestEngine.available)
    func aClaimIsRedeemedOnceAndThenAnsweredAsRedeemed(engine: TestEngine) async throws {
        try await Self.withClaim(engine) { store, _ in
            let later = Self.now.addingTimeInterval(3_600)
            guard case .redeemed(let claim, let link) = try await store.redeemClaim(Self.token(1), at: later) else {
                Issue.record("the first redemption should win")
                return
            }
            #expect(link.target == "myapp://product/1988")
            #expect(claim.redeemedAt == later && claim.state(at: later) == .redeemed)
            #expect(try await store.redeemClaim(Self.token(1), at: later) == .alreadyRedeemed(try Slug("xmas")))
            #expect(try await store.redeemClaim(Self.token(2), at: later) == .unknown)
            let listed = try await store.claims(of: try Slug("xmas"), before: nil, limit: 10)
            #expect(listed.map(\.token) == [Self.token(1)])
            #expect(listed.first?.redeemedAt == later)
        }
    }

    @Test(arguments: TestEngine.available)
    func aSecondClaimOfOneTokenKeepsTheFirst(engine: TestEngine) async throws {
        try await Self.withClaim(engine) { store, _ in
            let made = try await store.createClaim(
                Self.token(1), for: try Slug("xmas"), at: Self.now, expiresAt: Self.now.addingTimeInterval(60))
            #expect(!made)
            let claim = try #require(try await store.claims(of: try Slug("xmas"), before: nil, limit: 10).first)
            #expect(claim.expiresAt == Self.now.addingTimeInterval(Self.week), "the first claim is kept whole")
        }
    }

    @Test(arguments: TestEngine.available)
    func eventCountsAddUpBatchAfterBatch(engine: TestEngine) async throws {
        try await withStore(engine) { store, _ in
            let (xmas, spring) = (try Slug("xmas"), try Slug("spring"))
            let (day, next) = (StoredTime.day(Self.now), StoredTime.day(Self.now.addingTimeInterval(86_400)))
            try await store.count([
                (xmas, ClaimEventCount(day: day, event: .storeRedirect, count: 3)),
                (xmas, ClaimEventCount(day: day, event: .claimCreated, count: 2)),
                (spring, ClaimEventCount(day: day, event: .storeRedirect, count: 7)),
            ])
            try await store.count([
                (xmas, ClaimEventCount(day: day, event: .storeRedirect, count: 4)),
                (xmas, ClaimEventCount(day: next, event: .redeemed, count: 1)),
            ])
            #expect(
                try await store.claimEventCounts(of: xmas) == [
                    ClaimEventCount(day: day, event: .claimCreated, count: 2),
                    ClaimEventCount(day: day, event: .storeRedirect, count: 7),
                    ClaimEventCount(day: next, event: .redeemed, count: 1),
                ])
            #expect(try await store.claimEventCounts(of: spring).map(\.count) == [7])
            #expect(try await store.delete(xmas) == false, "there is no link")
            #expect(try await store.claimEventCounts(of: xmas).isEmpty, "but its counts go with its name")
        }
    }

    @Test(arguments: TestEngine.available)
    func anExpiredClaimIsRefusedAndPurgedWhileARedeemedOneIsKept(engine: TestEngine) async throws {
        try await Self.withClaim(engine) { store, _ in
            try #require(
                try await store.createClaim(
                    Self.token(2), for: try Slug("xmas"), at: Self.now, expiresAt: Self.now.addingTimeInterval(60)))
            _ = try await store.redeemClaim(Self.token(1), at: Self.now)
            let expiry = Self.now.addingTimeInterval(60)
            #expect(try await store.redeemClaim(Self.token(2), at: expiry) == .expired(try Slug("xmas")))
            #expect(try await store.purgeExpiredClaims(at: expiry.addingTimeInterval(-1)) == 0)
            #expect(try await store.purgeExpiredClaims(at: expiry) == 1)
            #expect(try await store.redeemClaim(Self.token(2), at: expiry) == .unknown)
            let left = try await store.claims(of: try Slug("xmas"), before: nil, limit: 10)
            #expect(left.map(\.token) == [Self.token(1)], "a redeemed claim outlives its expiry")
        }
    }

    @Test(arguments: TestEngine.available)
    func aClaimWhoseLinkWasDeletedOrDisabledStaysOpen(engine: TestEngine) async throws {
        try await Self.withClaim(engine) { store, _ in
            var link = try LinkStoreTests.link("xmas")
            link.isDisabled = true
            #expect(try await store.update(link, at: Self.now))
            #expect(try await store.redeemClaim(Self.token(1), at: Self.now) == .linkGone(try Slug("xmas")))
            #expect(try await store.delete(try Slug("xmas")))
            #expect(try await store.redeemClaim(Self.token(1), at: Self.now) == .linkGone(try Slug("xmas")))
            let claim = try #require(try await store.claims(of: try Slug("xmas"), before: nil, limit: 1).first)
            #expect(claim.state(at: Self.now) == .open)
        }
    }

    @Test(arguments: TestEngine.available)
    func fiftyRedemptionsOfOneTokenAtOnceThroughTwoStoresHaveOneWinner(engine: TestEngine) async throws {
        try await Self.withClaim(engine) { store, database in
            // A second store on the same database: its own connections, as a second process has.
            let other = try await LinkStore.open(database.location, deadline: .seconds(60))
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        do {
                            switch try await (index.isMultiple(of: 2) ? store : other).redeemClaim(
                                Self.token(1), at: Self.now)
                            {
                            case .redeemed: return "redeemed"
                            case .alreadyRedeemed: return "alreadyRedeemed"
                            case let other: return "\(other)"
                            }
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            }
            await other.close()
            #expect(outcomes == ["redeemed": 1, "alreadyRedeemed": 49])
        }
    }

    /// The characters a token may have include SQL's comment (`--`) and `LIKE`'s wildcard (`_`): bound as a
    /// parameter and compared whole, such a token finds only its own claim. (Tokens of any other shape never reach
    /// the store: ``ClaimToken`` refuses them, which the core's and the API's tests show.)
    @Test(arguments: TestEngine.available)
    func aTokenOfSQLsSpecialCharactersFindsOnlyItsOwnClaim(engine: TestEngine) async throws {
        try await Self.withClaim(engine) { store, _ in
            for text in [
                String(repeating: "_", count: 32), String(repeating: "-", count: 32),
                "--" + String(repeating: "a", count: 30),
            ] {
                let token = try ClaimToken(text)
                #expect(try await store.claim(token) == nil, "\(text)")
                #expect(try await store.redeemClaim(token, at: Self.now) == .unknown, "\(text)")
                #expect(
                    try await store.createClaim(
                        token, for: try Slug("xmas"), at: Self.now, expiresAt: Self.now.addingTimeInterval(60)))
                #expect(try await store.claim(token)?.token == token)
            }
            #expect(try await store.claim(Self.token(1))?.redeemedAt == nil, "the first claim is untouched")
            #expect(try await store.claims(of: try Slug("xmas"), before: nil, limit: 10).count == 4)
        }
    }

    @Test(arguments: TestEngine.available)
    func claimsAreListedNewestFirstAPageAtATime(engine: TestEngine) async throws {
        try await Self.withClaim(engine) { store, _ in
            for seed in UInt8(2)...6 {
                _ = try await store.createClaim(
                    Self.token(seed), for: try Slug("xmas"), at: Self.now.addingTimeInterval(Double(seed)),
                    expiresAt: Self.now.addingTimeInterval(Self.week))
            }
            let first = try await store.claims(of: try Slug("xmas"), before: nil, limit: 4)
            #expect(first.map(\.token) == [6, 5, 4, 3].map(Self.token))
            let second = try await store.claims(of: try Slug("xmas"), before: first.last?.createdAt, limit: 4)
            #expect(second.map(\.token) == [2, 1].map(Self.token))
        }
    }

    @Test(arguments: TestEngine.available)
    func theSiteKeyIsMadeOnceAndSharedByEveryStore(engine: TestEngine) async throws {
        try await withStore(engine) { store, database in
            let first = try await store.siteKey(named: "claims") { "first" }
            let other = try await LinkStore.open(database.location, deadline: .seconds(60))
            let second = try await other.siteKey(named: "claims") { "second" }
            await other.close()
            #expect(first == "first" && second == "first")
        }
    }
}
