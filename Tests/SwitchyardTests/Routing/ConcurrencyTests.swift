import Switchyard
import Testing

/// Reading while writing: matching works on immutable snapshots (DESIGN §8, S19).
@Suite("Concurrent matching")
struct ConcurrencyTests {
    @Test func readersSeeAllExpansionsOfAPatternOrNone() async throws {
        let router = try Router(["/other"])
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for index in 0..<200 { try? router.add("/new\(index)(/:x)") }
                return true
            }
            for _ in 0..<4 {
                group.addTask {
                    for index in 0..<200 {
                        let short = router.canRoute("app://new\(index)")
                        let long = router.canRoute("app://new\(index)/1")
                        // The long form was looked up second: if the short one was there, so is the long one.
                        if short && !long { return false }
                    }
                    return true
                }
            }
            for await consistent in group { #expect(consistent) }
        }
        #expect(router.routes.count == 401)
        #expect(router.canRoute("app://new199") && router.canRoute("app://new199/1"))
    }

    @Test func manyTasksAddAndMatchAtOnce() async throws {
        let router = Router()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<100 { try? router.add("/w\(writer)/r\(index)/:id", in: .scheme("s\(writer % 2)")) }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for index in 0..<100 { _ = try? router.matches("s1://w1/r\(index)/7") }
                }
            }
        }
        #expect(router.routes.count == 400)
        for writer in 0..<4 {
            let match = try #require(try router.match("s\(writer % 2)://w\(writer)/r99/7"))
            #expect(match.parameters == ["id": "7"])
        }
    }
}
