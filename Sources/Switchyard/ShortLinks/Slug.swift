/// The name of a short link: the last component of `https://go.example.com/s/{slug}`.
///
/// A slug is 1 to 64 ASCII letters, digits, `-` and `_`, compared case-sensitively. Nothing else is allowed, so a slug
/// never needs encoding, never holds `/`, `.` or `%`, and has no Unicode look-alike of another slug. A generated
/// slug is 12 characters drawn uniformly from the 62 letters and digits (71 bits), so slugs cannot be guessed.
///
/// ```swift
/// let chosen = try Slug("spring-sale")
/// let generated = Slug.random()  // "q4ZtD0bXw7Lm"
/// ```
public struct Slug: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The most characters a slug may have.
    public static let maxLength = 64
    /// The characters of a generated slug.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// The slug as written.
    public let text: String

    /// Takes `text` as a slug.
    /// - Throws: ``ShortLinkError`` with `invalidSlug`, naming the first character that is not allowed, or the length.
    public init(_ text: String) throws(ShortLinkError) {
        let bytes = text.utf8
        guard !bytes.isEmpty else { throw ShortLinkError(.invalidSlug, "a slug needs at least one character") }
        guard bytes.count <= Self.maxLength else {
            throw ShortLinkError(.invalidSlug, "a slug has at most \(Self.maxLength) characters, not \(bytes.count)")
        }
        if let offset = bytes.firstIndex(where: { !Self.isAllowed($0) }) {
            let position = bytes.distance(from: bytes.startIndex, to: offset)
            throw ShortLinkError(
                .invalidSlug, "a slug is made of ASCII letters, digits, '-' and '_' (byte \(position) is not)")
        }
        self.text = text
    }

    private init(checked text: String) {
        self.text = text
    }

    /// A new unguessable slug: `length` characters drawn uniformly from ASCII letters and digits.
    public static func random(length: Int = 12) -> Slug {
        var generator = SystemRandomNumberGenerator()
        return random(length: length, using: &generator)
    }

    /// A new slug drawn from `generator`, which should be cryptographically secure for links that must not be
    /// guessed (the system's is).
    public static func random(length: Int = 12, using generator: inout some RandomNumberGenerator) -> Slug {
        let count = min(max(length, 1), maxLength)
        let bytes = (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return Slug(checked: String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `byte` may appear in a slug.
    package static func isAllowed(_ byte: UInt8) -> Bool {
        URLSplitter.isLetter(byte) || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    /// The slug as written.
    public var description: String { text }

    /// Ordered by their text, byte for byte.
    public static func < (lhs: Slug, rhs: Slug) -> Bool { lhs.text < rhs.text }
}

extension Slug: Codable {
    /// Decodes a slug from its text, refusing one that is not a slug (`DecodingError.dataCorrupted`).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try Slug(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the slug's text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
