/// A decoding problem at an absolute byte offset of the input.
struct DecodingFailure: Error, Equatable {
    let code: URLRejection.Code
    let position: Int
    let message: String

    static func badEscape(at position: Int) -> DecodingFailure {
        DecodingFailure(
            code: .invalidPercentEncoding, position: position,
            message: "'%' must be followed by two hexadecimal digits")
    }

    static func badUTF8(at position: Int) -> DecodingFailure {
        DecodingFailure(code: .invalidUTF8, position: position, message: "the bytes here do not decode to UTF-8")
    }

    static func control(at position: Int) -> DecodingFailure {
        DecodingFailure(code: .controlCharacter, position: position, message: "control characters are not allowed")
    }
}

/// Percent-decoding of one piece of input, exactly once, with UTF-8 validation and the control-character rule.
///
/// Every function works on a range of the whole input's bytes, so a failure names its offset in the input.
enum PercentDecoding {
    /// Decodes `bytes[range]`.
    ///
    /// - Parameters:
    ///   - plusAsSpace: whether a raw `+` means a space (form encoding, for queries). `%2B` is always `+`.
    /// - Returns: the decoded text.
    /// - Throws: ``DecodingFailure`` for a bad escape, bytes that are not UTF-8, or a control character.
    /// - Complexity: O(*n*) in the length of the range.
    static func decode(_ bytes: TextBytes, _ range: Range<Int>, plusAsSpace: Bool = false) throws(DecodingFailure)
        -> String
    {
        if try isPlain(bytes, range, plusAsSpace: plusAsSpace) { return bytes.text(range) }
        return try TextBytes.makeText(capacity: range.count) { write throws(DecodingFailure) in
            try decodeEscapes(bytes, range, plusAsSpace: plusAsSpace, write)
        }
    }

    /// Decodes `bytes[range]`, text whose escapes were checked already (a pattern's literal as the parser wrote it
    /// into an expansion's text): each `%HH` becomes its byte, and anything else is kept as it is, so this cannot
    /// fail.
    static func decodeChecked(_ bytes: TextBytes, _ range: Range<Int>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < range.upperBound,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Decodes `bytes[range]`, giving each decoded byte to `write` (never more bytes than the range has), and
    /// checks UTF-8 and controls.
    /// - Throws: ``DecodingFailure`` as ``decode(_:_:plusAsSpace:)``.
    static func decodeEscapes(
        _ bytes: TextBytes, _ range: Range<Int>, plusAsSpace: Bool, _ write: (UInt8) -> Void
    ) throws(DecodingFailure) {
        var validator = UTF8Validator()
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            let position = index
            let decoded: UInt8
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { throw .badEscape(at: position) }
                decoded = high << 4 | low
                index += 3
            } else {
                decoded = plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                index += 1
            }
            try validator.consume(decoded, at: position)
            write(decoded)
        }
        try validator.finish()
    }

    /// Whether a range holds no `%` (and no `+` to turn into a space), so that its bytes are its decoded text,
    /// after the control check.
    ///
    /// The input came from a Swift `String`, so its bytes are valid UTF-8 already.
    private static func isPlain(_ bytes: TextBytes, _ range: Range<Int>, plusAsSpace: Bool) throws(DecodingFailure)
        -> Bool
    {
        // The scan stops at the first byte that decoding would change; plain text has none.
        let stop = try bytes.scan(range) { (index, byte) throws(DecodingFailure) -> Bool in
            if byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) { return false }
            if !isPlainText(byte, in: bytes, at: index, before: range.upperBound) { throw .control(at: index) }
            return true
        }
        return stop == range.upperBound
    }

    /// Whether `byte`, at `index` of `bytes`, is not where a control character starts: a C0 control, DEL, or a C1
    /// control (U+0080–U+009F, encoded as C2 80 … C2 9F). The bytes come from a Swift `String`, so they are valid
    /// UTF-8.
    @inline(__always)
    static func isPlainText(_ byte: UInt8, in bytes: TextBytes, at index: Int, before end: Int) -> Bool {
        // Printable ASCII, the usual case, takes one comparison.
        if byte &- 0x20 < 0x5F { return true }
        if byte < 0x20 || byte == 0x7F { return false }
        return !(byte == 0xC2 && index + 1 < end && bytes[index + 1] <= 0x9F)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Checks a stream of decoded bytes for well-formed UTF-8 (no overlong forms, no surrogates, nothing past
/// U+10FFFF) and for control characters, remembering where each character began in the input.
struct UTF8Validator {
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    private var lead: UInt8 = 0
    private var start = 0

    mutating func consume(_ byte: UInt8, at position: Int) throws(DecodingFailure) {
        if remaining == 0 {
            start = position
            lead = byte
            lower = 0x80
            upper = 0xBF
            switch byte {
            case 0x00..<0x20, 0x7F: throw .control(at: position)
            case 0x00..<0x80: return
            case 0xC2...0xDF: remaining = 1
            case 0xE0: remaining = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
            case 0xED: remaining = 2; upper = 0x9F
            case 0xF0: remaining = 3; lower = 0x90
            case 0xF1...0xF3: remaining = 3
            case 0xF4: remaining = 3; upper = 0x8F
            default: throw .badUTF8(at: position)
            }
            return
        }
        guard byte >= lower, byte <= upper else { throw .badUTF8(at: start) }
        if lead == 0xC2, byte <= 0x9F { throw .control(at: start) }
        lower = 0x80
        upper = 0xBF
        remaining -= 1
    }

    func finish() throws(DecodingFailure) {
        if remaining > 0 { throw .badUTF8(at: start) }
    }
}
