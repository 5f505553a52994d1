import Switchyard
import SwitchyardWebLinks

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a link's JSON as the store writes it, without Foundation's `JSONDecoder`: a campaign's every visit reads a
/// link the cache does not hold, and `JSONDecoder` (which builds a tree of the document, then decodes it through
/// keyed containers) was the largest single cost of such a visit after the database's own.
///
/// It reads what ``JSONEncoder/store`` writes: one object with `ShortLink`'s keys, each at most once; strings with
/// any escape; numbers, `true`, `false` and `null`; the preview's and the UTM's objects and the tags' array; spaces
/// between them. Anything else (an unknown key, a key twice, a lone surrogate, a number out of range, a value of
/// another type, a key `JSONDecoder` requires left out, a slug that is not one) it declines with `nil`, and the row
/// is read by `JSONDecoder`, which then reads it or says why not. So whatever this reads, it reads as `JSONDecoder`
/// does: `StoredLinkJSONTests` hold the two equal on generated links and on rows cut and changed byte by byte.
enum StoredLinkJSON {
    /// The link `json` holds, or `nil` when it is not in the form the store writes.
    static func link(_ json: String) -> ShortLink? {
        var reader = Reader(Array(json.utf8))
        guard let link = reader.link(), reader.isAtEnd() else { return nil }
        return link
    }

    /// The fields of a link as read, each `nil` until its key came.
    private struct Fields {
        var slug: Slug?
        var target: String?
        var ios: String??
        var android: String??
        var desktop: String??
        var preview: ShortLink.Preview?
        var utm: [String: String]?
        var expiresAt: Date??
        var isDisabled: Bool?
        var tags: [String]?
    }

    /// A cursor over the JSON's bytes. Every read returns `nil` (or `false`) at a byte it does not expect, and the
    /// whole read is then declined: nothing reads past the end, as `byte` answers 0 there, which no rule accepts.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var byte: UInt8 { index < bytes.count ? bytes[index] : 0 }

        /// Whether only space is left.
        mutating func isAtEnd() -> Bool {
            skipSpace()
            return index == bytes.count
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// Reads `byte` after any space.
        mutating func take(_ expected: UInt8) -> Bool {
            skipSpace()
            guard byte == expected else { return false }
            index += 1
            return true
        }

        /// Reads `literal` (`true`, `false`, `null`) after any space.
        mutating func take(_ literal: StaticString) -> Bool {
            skipSpace()
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let matches = literal.withUTF8Buffer { expected in bytes[index..<index + count].elementsEqual(expected) }
            if matches { index += count }
            return matches
        }

        /// Reads an object, calling `member` with each key, which reads the key's value; `false` when the object
        /// is malformed or `member` declines.
        mutating func object(_ member: (inout Reader, String) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        /// Keeps a key's value, read, in `field`: `false` when the value could not be read, or when the key came
        /// before (`JSONDecoder` takes one of two values for a key twice; which is its own affair).
        private static func keep<Value>(_ value: Value?, in field: inout Value?) -> Bool {
            guard field == nil, let value else { return false }
            field = value
            return true
        }

        mutating func link() -> ShortLink? {
            var fields = Fields()
            let read = object { reader, key in
                switch key {
                case "slug": Self.keep(reader.string().flatMap { try? Slug($0) }, in: &fields.slug)
                case "target": Self.keep(reader.string(), in: &fields.target)
                case "ios": Self.keep(reader.optionalString(), in: &fields.ios)
                case "android": Self.keep(reader.optionalString(), in: &fields.android)
                case "desktop": Self.keep(reader.optionalString(), in: &fields.desktop)
                case "preview": Self.keep(reader.preview(), in: &fields.preview)
                case "utm": Self.keep(reader.stringsByName(), in: &fields.utm)
                case "expiresAt":
                    Self.keep(
                        reader.optionalNumber().map { $0.map(Date.init(timeIntervalSince1970:)) }, in: &fields.expiresAt
                    )
                case "isDisabled": Self.keep(reader.bool(), in: &fields.isDisabled)
                case "tags": Self.keep(reader.strings(), in: &fields.tags)
                default: false
                }
            }
            // `JSONDecoder` requires every key whose property has no `?`, defaults or not.
            guard read, let slug = fields.slug, let target = fields.target, let preview = fields.preview,
                let utm = fields.utm, let isDisabled = fields.isDisabled, let tags = fields.tags
            else { return nil }
            var link = ShortLink(slug: slug, target: target)
            link.ios = fields.ios ?? nil
            link.android = fields.android ?? nil
            link.desktop = fields.desktop ?? nil
            link.preview = preview
            link.utm = utm
            link.expiresAt = fields.expiresAt ?? nil
            link.isDisabled = isDisabled
            link.tags = tags
            return link
        }

        mutating func preview() -> ShortLink.Preview? {
            var title: String??
            var description: String??
            var imageURL: String??
            let read = object { reader, key in
                switch key {
                case "title": Self.keep(reader.optionalString(), in: &title)
                case "description": Self.keep(reader.optionalString(), in: &description)
                case "imageURL": Self.keep(reader.optionalString(), in: &imageURL)
                default: false
                }
            }
            guard read else { return nil }
            return ShortLink.Preview(title: title ?? nil, description: description ?? nil, imageURL: imageURL ?? nil)
        }

        mutating func stringsByName() -> [String: String]? {
            var values: [String: String] = [:]
            let read = object { reader, key in
                guard values[key] == nil, let value = reader.string() else { return false }
                values[key] = value
                return true
            }
            return read ? values : nil
        }

        mutating func strings() -> [String]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var values: [String] = []
            if take(UInt8(ascii: "]")) { return values }
            repeat {
                guard let value = string() else { return nil }
                values.append(value)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? values : nil
        }

        mutating func bool() -> Bool? {
            if take("true") { return true }
            if take("false") { return false }
            return nil
        }

        /// A string or `null` (`.some(nil)`); `nil` when neither.
        mutating func optionalString() -> String?? {
            take("null") ? .some(nil) : string().map { .some($0) }
        }

        /// A number or `null` (`.some(nil)`); `nil` when neither.
        mutating func optionalNumber() -> Double?? {
            take("null") ? .some(nil) : number().map { .some($0) }
        }

        /// A number as JSON writes one (`-`, digits without a leading zero, a fraction, an exponent), finite.
        mutating func number() -> Double? {
            skipSpace()
            let start = index
            if byte == UInt8(ascii: "-") { index += 1 }
            if byte == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits() else { return nil }
            }
            if byte == UInt8(ascii: ".") {
                index += 1
                guard digits() else { return nil }
            }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                index += 1
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { index += 1 }
                guard digits() else { return nil }
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                return nil
            }
            return value
        }

        /// Reads one or more digits.
        private mutating func digits() -> Bool {
            let start = index
            while (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index > start
        }

        /// A string: its bytes up to the closing quote, escapes read. The bytes are a Swift string's, so they are
        /// valid UTF-8; a control character must be escaped in JSON.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            // The text between escapes is appended to one string, so a string of many escapes costs linear time.
            var text = ""
            var start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    text += String(decoding: bytes[start..<index], as: UTF8.self)
                    index += 1
                    return text
                case UInt8(ascii: "\\"):
                    text += String(decoding: bytes[start..<index], as: UTF8.self)
                    index += 1
                    guard let scalar = escape() else { return nil }
                    text.unicodeScalars.append(scalar)
                    start = index
                case ..<0x20:
                    return nil
                default:
                    index += 1
                }
            }
            return nil
        }

        /// The character an escape stands for, the backslash read; `nil` for a lone surrogate or a malformed one.
        private mutating func escape() -> Unicode.Scalar? {
            let letter = byte
            index += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let unit = hex4() else { return nil }
                guard (0xD800...0xDFFF).contains(unit) else { return Unicode.Scalar(unit) }
                // A high surrogate and the low one after it make one character.
                guard unit < 0xDC00, byte == UInt8(ascii: "\\"), index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "u")
                else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            default: return nil
            }
        }

        /// Four hexadecimal digits.
        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                guard let digit = Self.hexDigit(byte) else { return nil }
                value = value << 4 | digit
            }
            index += 4
            return value
        }

        private static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
