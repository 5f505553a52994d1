import Testing

@testable import Switchyard

/// The one follower of a route file's redirects: it ends where a link does not redirect, follows at most
/// `Router.maxRedirects` hops, and ends a chain that comes back as a loop, with every link it passed.
@Suite struct RedirectChainTests {
    /// Follows `/N` to `/N+1` up to `/last`, which does not redirect; `/last` redirects to `/back` when given.
    static func follow(from start: Int, last: Int, back: Int? = nil) -> RedirectChain.End<Int> {
        RedirectChain.follow(from: "/\(start)") { link in
            Int(link.dropFirst()) ?? -1
        } target: { found in
            found < last ? "/\(found + 1)" : back.map { "/\($0)" }
        }
    }

    @Test(
        "a chain ends where a link does not redirect, up to the limit",
        arguments: [0, 1, Router.maxRedirects - 1, Router.maxRedirects])
    func aChainEndsAtItsLastLink(hops: Int) {
        guard case .reached(let found, let link) = Self.follow(from: 0, last: hops) else {
            Issue.record("\(hops) hops did not end")
            return
        }
        #expect(found == hops)
        #expect(link == "/\(hops)")
    }

    @Test func oneHopPastTheLimitIsALoopWithEveryLink() {
        let end = Self.follow(from: 0, last: Router.maxRedirects + 1)
        guard case .loop(let links) = end else {
            Issue.record("\(Router.maxRedirects + 1) hops were followed")
            return
        }
        #expect(links == (0...Router.maxRedirects + 1).map { "/\($0)" })
    }

    @Test func aChainThatComesBackIsALoopAtOnce() {
        guard case .loop(let links) = Self.follow(from: 0, last: 2, back: 1) else {
            Issue.record("the loop was followed")
            return
        }
        #expect(links == ["/0", "/1", "/2", "/1"])
    }

    struct Unmatched: Error {}

    @Test func aMatchThatFailsEndsTheChainWithItsError() {
        #expect(throws: Unmatched.self) {
            _ = try RedirectChain.follow(from: "/0") { link throws(Unmatched) -> Int in
                guard link == "/0" else { throw Unmatched() }
                return 0
            } target: { _ in
                "/elsewhere"
            }
        }
    }
}
