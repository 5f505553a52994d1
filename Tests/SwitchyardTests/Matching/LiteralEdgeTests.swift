import Switchyard
import Testing

/// A node's literal edges are scanned while they are few and indexed by a byte hash once there are more than
/// eight; both ways must find each literal, and only by its exact bytes.
@Suite("Literal edges")
struct LiteralEdgeTests {
    /// Sibling counts on both sides of the switch from a scan to an index, and one that regrows the index.
    @Test("every sibling literal reaches its own route", arguments: [1, 8, 9, 17, 300])
    func everySiblingIsReached(count: Int) throws {
        let router = Router()
        let names = (0..<count).map { "item\($0)" }
        for name in names { try router.add("/shelf/\(name)") }
        for name in names {
            #expect(try router.match("app://shelf/\(name)")?.route.expansion == "/shelf/\(name)")
        }
        // Near misses: a prefix, an extension, another case and a name that was never added.
        for miss in ["item", "item\(count)", "ITEM0", "item0x", ""] {
            #expect(try router.match("app://shelf/\(miss)") == nil, "\(miss) must not match")
        }
    }

    /// Literals are compared and hashed a word, a half, a quarter and a byte at a time: every length up to three
    /// words must reach its own route, in a scanned node and in an indexed one, and a literal that differs only in
    /// its last byte, or is one byte shorter, must not.
    @Test("literals of every length are told apart by every byte", arguments: [1...8, 1...24])
    func everyLengthIsToldApart(lengths: ClosedRange<Int>) throws {
        let router = Router()
        let literals = lengths.map { length in
            String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + ($0 * 7) % 26))) })
        }
        for literal in literals { try router.add("/shelf/\(literal)") }
        for literal in literals {
            #expect(try router.match("app://shelf/\(literal)")?.route.expansion == "/shelf/\(literal)")
            let lastChanged = literal.dropLast() + (literal.last == "z" ? "y" : "z")
            #expect(try router.match("app://shelf/\(lastChanged)")?.route.expansion != "/shelf/\(literal)")
            #expect(try router.match("app://shelf/\(literal.dropLast())")?.route.expansion != "/shelf/\(literal)")
        }
    }

    /// All nodes' edges share one store, each node's linked in the order added: routes added to two parents in
    /// turn must each stay under their own parent, below and past the switch to an index.
    @Test("edges added to two nodes in turn stay with their own node", arguments: [3, 12])
    func edgesAddedInTurnStayApart(count: Int) throws {
        let router = Router()
        for index in 0..<count {
            try router.add("/left/l\(index)")
            try router.add("/right/r\(index)")
        }
        for index in 0..<count {
            #expect(try router.match("app://left/l\(index)")?.route.expansion == "/left/l\(index)")
            #expect(try router.match("app://right/r\(index)")?.route.expansion == "/right/r\(index)")
            #expect(try router.match("app://left/r\(index)") == nil)
            #expect(try router.match("app://right/l\(index)") == nil)
        }
    }

    @Test("literals compare by bytes, not by canonical equivalence", arguments: [2, 40])
    func canonicalEquivalentsStayApart(siblings: Int) throws {
        let router = Router()
        for index in 0..<siblings { try router.add("/menu/dish\(index)") }
        try router.add("/menu/café")  // precomposed é
        try router.add("/menu/:item")
        #expect(try router.match("app://menu/caf%C3%A9")?.route.expansion == "/menu/café")
        let decomposed = try router.match("app://menu/cafe%CC%81")
        #expect(decomposed?.route.expansion == "/menu/:item")
        #expect(decomposed?.parameters == ["item": "cafe\u{301}"])
        // Canonically equivalent and as many bytes: d with a dot above and one below, in either order.
        try router.add("/menu/\u{1E0B}\u{323}")
        #expect(try router.match("app://menu/%E1%B8%8B%CC%A3")?.route.expansion == "/menu/\u{1E0B}\u{323}")
        #expect(try router.match("app://menu/%E1%B8%8D%CC%87")?.route.expansion == "/menu/:item")
    }

    /// The index hashes a component eight bytes at a time, then the bytes left: literals of every length up to three
    /// words, each differing from another only in its last byte, must each find their own edge.
    @Test("literals of every length that differ in their last byte are told apart")
    func literalsDifferingInTheirLastByte() throws {
        let router = Router()
        let lengths = 1...24
        for length in lengths {
            let stem = String(repeating: "x", count: length - 1)
            try router.add("/words/\(stem)a")
            try router.add("/words/\(stem)b")
        }
        for length in lengths {
            let stem = String(repeating: "x", count: length - 1)
            #expect(try router.match("app://words/\(stem)a")?.route.expansion == "/words/\(stem)a")
            #expect(try router.match("app://words/\(stem)b")?.route.expansion == "/words/\(stem)b")
            #expect(try router.match("app://words/\(stem)c") == nil)
        }
    }

    @Test("long literals that share a prefix are told apart")
    func longLiteralsWithSharedPrefixes() throws {
        let router = Router()
        let stem = String(repeating: "segment-", count: 8)
        let names = (0..<20).map { "\(stem)\($0)" }
        for name in names { try router.add("/deep/\(name)") }
        for name in names {
            #expect(try router.match("app://deep/\(name)")?.route.expansion == "/deep/\(name)")
        }
        #expect(try router.match("app://deep/\(stem)") == nil)
    }
}
