import Foundation
import PropertyBased
import Switchyard
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkStore

/// The store's own reader of a link's JSON reads what `JSONDecoder` reads, or declines and leaves the row to it.
@Suite struct StoredLinkJSONTests {
    /// What `JSONDecoder` makes of `json`, the reader's reference.
    static func decoded(_ json: String) -> ShortLink? {
        try? JSONDecoder.store.decode(ShortLink.self, from: Data(json.utf8))
    }

    static func encoded(_ link: ShortLink) throws -> String {
        String(decoding: try JSONEncoder.store.encode(link), as: UTF8.self)
    }

    static let minimal = #"{"isDisabled":false,"preview":{},"slug":"s","tags":[],"target":"myapp://cart","utm":{}}"#

    static let full =
        #"{"isDisabled":true,"preview":{"title":null,"imageURL":"https://x.example/a.png"},"slug":"s","tags":["a","b"],"#
        + #""target":"myapp://product/1988","utm":{"source":"mail"},"ios":null,"expiresAt":1795000000.125}"#
    static let escapes =
        #"{"isDisabled":false,"preview":{"title":"\"Q\" \\ \/ \b\f\n\r\t \u00e9 \u20AC \ud83d\ude00"},"slug":"s","#
        + #""tags":[],"target":"myapp://cart","utm":{}}"#
    static let spaced =
        #" { "slug" : "s" , "target":"myapp://cart","preview":{ },"utm":{},"isDisabled":false,"tags":[ ] } "#
    static func expiring(_ number: String) -> String {
        minimal.replacingOccurrences(of: #""utm":{}"#, with: #""utm":{},"expiresAt":"# + number)
    }
    static let readable: [String] = [
        minimal, spaced, full, escapes, expiring("-0"), expiring("1E3"), expiring("2.5e-1"), expiring("null"),
        minimal.replacingOccurrences(of: #""slug""#, with: #""sl\u0075g""#),
    ]

    @Test(arguments: readable)
    func aRowInAnyFormJSONAllowsIsReadAsJSONDecoderReadsIt(json: String) throws {
        let expected = try #require(Self.decoded(json))
        #expect(StoredLinkJSON.link(json) == expected)
    }

    /// The minimal row with `old` replaced by `new`.
    static func replacing(_ old: String, _ new: String) -> String {
        minimal.replacingOccurrences(of: old, with: new)
    }

    static let declined: [(json: String, what: String)] = [
        ("", "nothing"),
        ("null", "not an object"),
        (minimal + "x", "something after the object"),
        (replacing(#""tags":[],"#, ""), "a key JSONDecoder requires left out"),
        (replacing(#""utm":{}"#, #""utm":{},"utm":{}"#), "a key twice"),
        (replacing(#""utm":{}"#, #""utm":{},"extra":1"#), "a key it does not know"),
        (replacing(#""s""#, #""no slug!""#), "a slug that is not one"),
        (replacing("false", "0"), "a number for a flag"),
        (replacing(#""preview":{}"#, #""preview":null"#), "null for the preview"),
        (replacing(#""myapp://cart""#, #""a\ud800b""#), "a lone surrogate"),
        (replacing(#""myapp://cart""#, #""a\x""#), "an unknown escape"),
        (replacing(#""myapp://cart""#, "\"a\tb\""), "a raw control character"),
        (replacing(#""myapp://cart""#, #""open"#), "a string never closed"),
        (expiring("01"), "a number with a leading zero"),
        (expiring("1e999"), "a number out of range"),
        (expiring("1."), "a point without digits after it"),
        (replacing("[]", "[1]"), "a number for a tag"),
        (replacing("[]", #"["a",]"#), "a comma before the end of a list"),
    ]

    @Test(arguments: declined)
    func aRowNotInTheStoresFormIsDeclined(json: String, what: String) {
        #expect(StoredLinkJSON.link(json) == nil, "\(what)")
    }

    @Test func aStringOfManyEscapesIsReadInLinearTime() throws {
        // 200,000 escapes: a reader that copied the text at each escape would take minutes.
        let title = String(repeating: #"\n"#, count: 200_000)
        let json = Self.minimal.replacingOccurrences(of: #""preview":{}"#, with: #""preview":{"title":"\#(title)"}"#)
        #expect(StoredLinkJSON.link(json)?.preview.title == String(repeating: "\n", count: 200_000))
    }

    /// Pieces of text: JSON's own characters, escapes' letters, controls, characters beyond ASCII and the BMP.
    static let piece = Gen<String?>.element(of: [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "\u{2028}",
        "\u{FFFD}", "{", "}", "[", "]", ",", ":", "null", "true", "u", "\\u00e9", "https://shop.example.com/a?b=c",
    ]).map { $0 ?? "" }
    static let text = piece.array(of: 0...6).map { $0.joined() }
    static let slug = Gen<Character?>.element(of: Array("abcXYZ0189-_")).array(of: 1...24).map {
        String($0.compactMap { $0 })
    }

    /// A link of generated texts, `flags` choosing which optional fields it has.
    static func link(slug: String, texts: [String], flags: [Bool], seconds: Double) throws -> ShortLink {
        var link = ShortLink(slug: try Slug(slug), target: texts[0])
        link.ios = flags[0] ? texts[1] : nil
        link.android = flags[1] ? texts[2] : nil
        link.desktop = flags[2] ? texts[3] : nil
        link.preview = .init(title: flags[3] ? texts[4] : nil, description: texts[5], imageURL: texts[6])
        link.utm = flags[4] ? Dictionary([(texts[1], texts[2]), (texts[3], texts[4])]) { first, _ in first } : [:]
        link.expiresAt = flags[5] ? Date(timeIntervalSince1970: seconds) : nil
        link.isDisabled = flags[6]
        link.tags = flags[7] ? Array(texts.prefix(4)) : []
        return link
    }

    @Test func everyLinkTheStoreWritesIsReadAsJSONDecoderReadsIt() async {
        await propertyCheck(
            count: 2_000, input: Self.slug, Self.text.array(of: 8), Gen.bool().array(of: 8),
            Gen.double(in: -1e10...1e10)
        ) { slug, texts, flags, seconds in
            let json = try Self.encoded(try Self.link(slug: slug, texts: texts, flags: flags, seconds: seconds))
            let expected = Self.decoded(json)
            #expect(expected != nil, "\(json)")
            #expect(StoredLinkJSON.link(json) == expected, "\(json)")
        }
    }

    @Test func aRowChangedByteByByteIsReadAsJSONDecoderReadsItOrDeclined() async throws {
        // Each edit cuts, inserts a space, replaces or inserts a piece at a place in the row; an edit that leaves JSON
        // in the store's form (spaces between tokens, another string) must be read the same, and anything else
        // declined.
        let row = try Self.encoded(
            try Self.link(
                slug: "spring", texts: ["myapp://product/1988", "b", "c", "d", "Title", "", "x"],
                flags: [true, false, true, true, true, true, false, true], seconds: 1_795_000_000.5))
        let bytes = Array(row.utf8)
        let edit = zip(Gen.int(in: 0...3), Gen.int(in: 0...bytes.count), Gen.int(in: 0...3), Self.piece)
        var read = 0
        await propertyCheck(count: 5_000, input: edit.array(of: 1...3)) { edits in
            var changed = bytes
            for (kind, place, length, piece) in edits {
                let start = min(place, changed.count)
                let end = min(start + length, changed.count)
                switch kind {
                case 0: changed.removeSubrange(start..<end)
                case 1: changed.insert(UInt8(ascii: " "), at: start)
                case 2: changed.replaceSubrange(start..<end, with: Array(piece.utf8))
                default: changed.insert(contentsOf: Array(piece.utf8), at: start)
                }
            }
            let json = String(decoding: changed, as: UTF8.self)
            guard let fast = StoredLinkJSON.link(json) else { return }
            read += 1
            #expect(fast == Self.decoded(json), "\(json)")
        }
        #expect(read > 100, "the edits left some rows readable, so the comparison ran")
    }
}
