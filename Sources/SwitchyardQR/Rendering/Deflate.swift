/// A zlib stream (RFC 1950) of one deflate block with the fixed Huffman codes (RFC 1951, 3.2.6), whose only
/// matches are runs of one byte (distance 1).
///
/// That is all a QR code's picture needs: its rows are runs of white and black bytes, and the rows that repeat the
/// one above are runs of zeros after PNG's "up" filter. A general compressor would save a few hundred bytes more.
enum Deflate {
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        // CMF: deflate with a 32 KiB window; FLG: no dictionary, and a check that makes CMF · 256 + FLG a
        // multiple of 31.
        var writer = BitWriter(bytes: [0x78, 0x01])
        writer.write(1, bits: 1)  // the final block
        writer.write(1, bits: 2)  // of fixed Huffman codes
        var index = 0
        while index < data.count {
            let byte = data[index]
            writer.writeLiteral(byte)
            index += 1
            var run = 0
            while index + run < data.count, data[index + run] == byte, run < 258 { run += 1 }
            // A match is 3 to 258 bytes long; a shorter run goes as literals.
            if run >= 3 {
                writer.writeLength(run)
                writer.writeCode(0, length: 5)  // distance 1
                index += run
            }
        }
        writer.writeCode(0, length: 7)  // the end of the block: symbol 256
        var bytes = writer.finished()
        bytes += PNGFile.bigEndian(Checksum.adler32(data))
        return bytes
    }

    /// Bits packed from the lowest of each byte, as deflate reads them.
    private struct BitWriter {
        var bytes: [UInt8]
        private var pending: UInt32 = 0
        private var pendingCount = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Writes the low `bits` bits of `value`, the lowest first: how deflate writes numbers.
        mutating func write(_ value: Int, bits: Int) {
            pending |= UInt32(value) << UInt32(pendingCount)
            pendingCount += bits
            while pendingCount >= 8 {
                bytes.append(UInt8(pending & 0xFF))
                pending >>= 8
                pendingCount -= 8
            }
        }

        /// Writes a Huffman code of `length` bits, the highest first: how deflate writes codes.
        mutating func writeCode(_ code: Int, length: Int) {
            var reversed = 0
            for bit in 0..<length { reversed |= ((code >> bit) & 1) << (length - 1 - bit) }
            write(reversed, bits: length)
        }

        mutating func writeLiteral(_ byte: UInt8) {
            if byte < 144 {
                writeCode(0x30 + Int(byte), length: 8)
            } else {
                writeCode(0x190 + Int(byte) - 144, length: 9)
            }
        }

        private static let lengthBases = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227, 258,
        ]
        private static let lengthExtraBits = [
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
        ]

        /// Writes a match's length, 3 to 258: symbols 257 to 285, and the extra bits of the length over the base.
        mutating func writeLength(_ length: Int) {
            let index = (Self.lengthBases.lastIndex { $0 <= length }) ?? 0
            let symbol = 257 + index
            if symbol < 280 {
                writeCode(symbol - 256, length: 7)
            } else {
                writeCode(0xC0 + symbol - 280, length: 8)
            }
            write(length - Self.lengthBases[index], bits: Self.lengthExtraBits[index])
        }

        mutating func finished() -> [UInt8] {
            if pendingCount > 0 { bytes.append(UInt8(pending & 0xFF)) }
            pending = 0
            pendingCount = 0
            return bytes
        }
    }
}
