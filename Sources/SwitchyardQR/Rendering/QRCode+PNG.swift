extension QRCode {
    /// The code as the bytes of a PNG file: black modules on white, `size` pixels a side, in one bit a pixel.
    ///
    /// Each module is a square of whole pixels, as many as fit; the pixels left over widen the margin, half on
    /// each side, so that no module is blurred or wider than another.
    /// - Parameters:
    ///   - size: The width and height, in pixels: at least one pixel a module, margins included.
    ///   - margin: The quiet zone, in modules: 4 is what the standard asks for.
    /// - Throws: ``QRCodeError`` `badPicture` when `size` is below the code's modules and margins, or above 8,192.
    public func png(size: Int, margin: Int = 4) throws(QRCodeError) -> [UInt8] {
        let side = self.size + 2 * max(margin, 0)
        guard margin >= 0, size >= side, size <= 8_192 else {
            throw QRCodeError(
                .badPicture,
                margin < 0
                    ? "a margin is 0 or more modules"
                    : "a PNG of this code with a margin of \(margin) is \(side) to 8,192 pixels wide, not \(size)")
        }
        let scale = size / side
        let offset = (size - scale * side) / 2 + margin * scale
        let rowBytes = (size + 7) / 8
        // A row of the image: white (1) but where a module is dark.
        func row(_ y: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0xFF, count: rowBytes)
            let moduleY = y >= offset ? (y - offset) / scale : -1
            guard moduleY >= 0, moduleY < self.size else { return bytes }
            for moduleX in 0..<self.size where self[x: moduleX, y: moduleY] {
                for x in (offset + moduleX * scale)..<(offset + (moduleX + 1) * scale) {
                    bytes[x / 8] &= ~(0x80 >> UInt8(x % 8))
                }
            }
            return bytes
        }
        // Each row after its filter type: 2 ("up", the difference from the row above: all zeros for a row that
        // repeats it, which the scale makes most rows) or 0 (none) for a row that does not.
        var pixels: [UInt8] = []
        pixels.reserveCapacity((rowBytes + 1) * size)
        var previous: [UInt8]?
        for y in 0..<size {
            let current = row(y)
            if current == previous {
                pixels.append(2)
                pixels.append(contentsOf: repeatElement(0, count: rowBytes))
            } else {
                pixels.append(0)
                pixels.append(contentsOf: current)
            }
            previous = current
        }
        var file = PNGFile()
        file.header(width: size, height: size)
        file.chunk("IDAT", Deflate.zlib(pixels))
        file.chunk("IEND", [])
        return file.bytes
    }
}

/// A PNG file, chunk by chunk (ISO/IEC 15948).
struct PNGFile {
    private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The `IHDR` chunk of a grey picture of one bit a pixel, not interlaced.
    mutating func header(width: Int, height: Int) {
        chunk("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [1, 0, 0, 0, 0])
    }

    mutating func chunk(_ type: String, _ data: [UInt8]) {
        let typed = Array(type.utf8) + data
        bytes += Self.bigEndian(UInt32(data.count)) + typed + Self.bigEndian(Checksum.crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

enum Checksum {
    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC-32 of ISO 3309, as PNG's chunks carry it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// The Adler-32 of RFC 1950, which ends a zlib stream.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        for byte in bytes {
            low = (low + UInt32(byte)) % 65_521
            high = (high + low) % 65_521
        }
        return high << 16 | low
    }
}
