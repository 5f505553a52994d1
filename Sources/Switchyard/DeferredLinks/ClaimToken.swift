/// The token of a deferred deep link's claim: the last component of `https://go.example.com/c/{token}`.
///
/// A token is exactly 32 characters of the URL-safe Base64 alphabet (letters, digits, `-` and `_`): 192 bits, of
/// which a link site draws at least 128 at random. Nothing else is a token, so a token never needs encoding and a
/// pasted string of another shape is refused before anything is asked of the site.
///
/// ```swift
/// let token = try ClaimToken("q4ZtD0bXw7Lm-2Hk9sPa_x1Yc3Nv8RfG")
/// ```
public struct ClaimToken: Sendable, Hashable, CustomStringConvertible {
    /// How many characters a token has.
    public static let length = 32

    /// The token as written.
    public let text: String

    /// Takes `text` as a token.
    /// - Throws: ``DeferredLinkError`` with `invalidToken` for another length or a character outside the alphabet.
    public init(_ text: String) throws(DeferredLinkError) {
        let bytes = text.utf8
        // The URL-safe Base64 alphabet is exactly a slug's characters.
        guard bytes.count == Self.length, bytes.allSatisfy(Slug.isAllowed) else {
            throw DeferredLinkError(
                .invalidToken,
                "a claim token is \(Self.length) characters of letters, digits, '-' and '_' (\(bytes.count) bytes given)"
            )
        }
        self.text = text
    }

    /// The token of `bytes` (the first 24, zeros after the last), written in the URL-safe Base64 alphabet without
    /// padding: a link site makes its tokens from random bytes and a tag of them.
    package init(bytes: [UInt8]) {
        var text: [UInt8] = []
        text.reserveCapacity(Self.length)
        var iterator = (bytes.prefix(24) + Array(repeating: 0, count: max(0, 24 - bytes.count))).makeIterator()
        // Three bytes make four characters of six bits each.
        while let first = iterator.next(), let second = iterator.next(), let third = iterator.next() {
            let group = UInt32(first) << 16 | UInt32(second) << 8 | UInt32(third)
            for shift in [18, 12, 6, 0] { text.append(Self.alphabet[Int((group >> UInt32(shift)) & 63)]) }
        }
        self.text = String(decoding: text, as: UTF8.self)
    }

    /// The 24 bytes the token writes.
    package var bytes: [UInt8] {
        var bytes: [UInt8] = []
        var group: UInt32 = 0
        for (index, character) in text.utf8.enumerated() {
            group = group << 6 | UInt32(Self.value(of: character))
            if index % 4 == 3 {
                bytes += [UInt8(group >> 16 & 255), UInt8(group >> 8 & 255), UInt8(group & 255)]
                group = 0
            }
        }
        return bytes
    }

    /// The URL-safe Base64 alphabet (RFC 4648, section 5).
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The six bits `character` stands for (a character the token holds, so one of the alphabet).
    private static func value(of character: UInt8) -> UInt8 {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        default: 63
        }
    }

    /// The token as written.
    public var description: String { text }
}
