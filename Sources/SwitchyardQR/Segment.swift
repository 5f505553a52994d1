extension QRCode {
    /// A run of a code's text in one mode: digits, alphanumeric characters, or bytes.
    ///
    /// ```swift
    /// let segments = [try QRCode.Segment.alphanumeric("HTTPS://GO.EXAMPLE.COM/"), .bytes(Array("xmas".utf8))]
    /// let code = try QRCode(segments: segments)
    /// ```
    public struct Segment: Sendable, Hashable {
        /// How a segment's characters are written as bits.
        public struct Mode: Sendable, Hashable, CustomStringConvertible {
            /// The mode's name: `numeric`, for instance.
            public let description: String
            /// The indicator that starts a segment of this mode.
            let indicator: Int
            /// The bits of the character count, for versions 1–9, 10–26 and 27–40.
            let countBits: (Int, Int, Int)

            /// Digits 0–9, three in 10 bits.
            public static let numeric = Mode(description: "numeric", indicator: 0b0001, countBits: (10, 12, 14))
            /// Digits, capital letters and ` $%*+-./:`, two in 11 bits.
            public static let alphanumeric = Mode(
                description: "alphanumeric", indicator: 0b0010, countBits: (9, 11, 13))
            /// Any bytes, one in 8 bits; a reader takes them as UTF-8 text.
            public static let bytes = Mode(description: "bytes", indicator: 0b0100, countBits: (8, 16, 16))
            /// An extended channel interpretation: how the bytes after it are to be read (26 for UTF-8).
            public static let eci = Mode(description: "eci", indicator: 0b0111, countBits: (0, 0, 0))

            func countBits(version: Int) -> Int {
                switch version {
                case ...9: countBits.0
                case ...26: countBits.1
                default: countBits.2
                }
            }

            /// Whether the two are the same mode.
            public static func == (left: Mode, right: Mode) -> Bool { left.indicator == right.indicator }
            /// Hashes the mode's indicator.
            public func hash(into hasher: inout Hasher) { hasher.combine(indicator) }
        }

        /// The segment's mode.
        public let mode: Mode
        /// The characters (or bytes) it holds; 0 for an ECI.
        public let characterCount: Int
        /// Its data, after the mode indicator and the count.
        let data: BitBuffer

        /// The characters of the alphanumeric mode, in the order of their values.
        static let alphanumericCharacters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)

        /// A segment of digits.
        /// - Throws: ``QRCodeError`` `badCharacter` when `digits` has a character that is not 0–9.
        public static func numeric(_ digits: String) throws(QRCodeError) -> Segment {
            let bytes = Array(digits.utf8)
            guard let bad = bytes.first(where: { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                var data = BitBuffer()
                var start = 0
                while start < bytes.count {
                    let group = bytes[start..<min(start + 3, bytes.count)]
                    let value = group.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                    // Three digits in 10 bits, two in 7, one in 4.
                    data.append(value, bits: group.count * 3 + 1)
                    start += 3
                }
                return Segment(mode: .numeric, characterCount: bytes.count, data: data)
            }
            throw QRCodeError(.badCharacter, "the numeric mode holds digits only, not \(Self.quoted(bad))")
        }

        /// A segment of digits, capital letters and ` $%*+-./:`.
        /// - Throws: ``QRCodeError`` `badCharacter` for any other character.
        public static func alphanumeric(_ text: String) throws(QRCodeError) -> Segment {
            var values: [Int] = []
            values.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                guard let value = alphanumericCharacters.firstIndex(of: byte) else {
                    throw QRCodeError(
                        .badCharacter,
                        "the alphanumeric mode holds 0-9, A-Z and \" $%*+-./:\" only, not \(Self.quoted(byte))")
                }
                values.append(value)
            }
            var data = BitBuffer()
            var start = 0
            while start < values.count {
                if start + 1 < values.count {
                    data.append(values[start] * 45 + values[start + 1], bits: 11)
                } else {
                    data.append(values[start], bits: 6)
                }
                start += 2
            }
            return Segment(mode: .alphanumeric, characterCount: values.count, data: data)
        }

        /// A segment of bytes.
        public static func bytes(_ bytes: [UInt8]) -> Segment {
            var data = BitBuffer()
            for byte in bytes { data.append(Int(byte), bits: 8) }
            return Segment(mode: .bytes, characterCount: bytes.count, data: data)
        }

        /// An extended channel interpretation that says the bytes after it are UTF-8 (assignment 26).
        public static let utf8 = Segment(mode: .eci, characterCount: 0, data: BitBuffer(26, bits: 8))

        /// The segments that hold `text` in the fewest bits of one mode: numeric for digits only, alphanumeric
        /// for the characters of that mode only, and otherwise its UTF-8 bytes, preceded by ``utf8`` when it is
        /// not ASCII (a reader that sees no ECI may take the bytes for ISO 8859-1).
        public static func automatic(for text: String) -> [Segment] {
            let bytes = Array(text.utf8)
            // Checked before a segment is tried, which would make an error's message only to drop it.
            if bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let numeric = try? numeric(text)
            {
                return [numeric]
            }
            if bytes.allSatisfy(isAlphanumeric), let alphanumeric = try? alphanumeric(text) { return [alphanumeric] }
            return bytes.allSatisfy { $0 < 0x80 } ? [.bytes(bytes)] : [.utf8, .bytes(bytes)]
        }

        /// The bits `segments` take in a `version` code, or `nil` when a segment's count does not fit its field.
        static func bitCount(of segments: [Segment], version: Int) -> Int? {
            var total = 0
            for segment in segments {
                let countBits = segment.mode.countBits(version: version)
                guard segment.characterCount < 1 << countBits || segment.mode == .eci else { return nil }
                total += 4 + countBits + segment.data.count
            }
            return total
        }

        /// The data words of a `version` code at `correction`: the segments, the terminator, and the padding.
        /// The caller has checked that they fit.
        static func codewords(of segments: [Segment], version: Int, correction: Correction) -> [UInt8] {
            let capacity = correction.dataCodewords(version: version) * 8
            var bits = BitBuffer()
            for segment in segments {
                bits.append(segment.mode.indicator, bits: 4)
                bits.append(segment.characterCount, bits: segment.mode.countBits(version: version))
                bits.append(segment.data)
            }
            bits.append(0, bits: min(4, capacity - bits.count))
            bits.append(0, bits: (8 - bits.count % 8) % 8)
            var words = bits.bytes
            // The words left are filled with 11101100 and 00010001 in turn.
            var padding: UInt8 = 0xEC
            while words.count < capacity / 8 {
                words.append(padding)
                padding ^= 0xEC ^ 0x11
            }
            return words
        }

        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
            default: " $%*+-./:".utf8.contains(byte)
            }
        }

        private static func quoted(_ byte: UInt8) -> String {
            (0x20..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "a byte \(byte)"
        }
    }
}

/// Bits appended most significant first, kept in bytes.
struct BitBuffer: Sendable, Hashable {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    init() {}

    init(_ value: Int, bits: Int) {
        append(value, bits: bits)
    }

    /// Appends the low `bits` bits of `value`, the highest first.
    mutating func append(_ value: Int, bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }

    mutating func append(_ other: BitBuffer) {
        for index in 0..<other.count {
            append(Int(other.bytes[index / 8] >> UInt8(7 - index % 8)) & 1, bits: 1)
        }
    }
}
