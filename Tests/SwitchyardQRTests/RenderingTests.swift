import Testing

@testable import SwitchyardQR

@Suite struct RenderingTests {
    /// The check values of the two checksums: CRC-32 of "123456789" (ISO 3309's, as PNG uses it) and Adler-32 of
    /// "Wikipedia" (RFC 1950's worked example).
    @Test func theChecksumsHaveTheirKnownValues() {
        #expect(Checksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Checksum.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(Checksum.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func aPNGHasItsSizeInOneBitAPixel() throws {
        let code = try QRCode("https://go.shop.example.com/s/xmas")
        let png = try code.png(size: 300)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: its length, its type, the width and height, one bit a pixel, grey.
        #expect(Array(png[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8))
        #expect(Array(png[16..<24]) == [0, 0, 1, 44, 0, 0, 1, 44])
        #expect(Array(png[24..<29]) == [1, 0, 0, 0, 0])
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    }

    /// Every chunk's CRC is that of its type and data.
    @Test func everyChunkOfAPNGHasItsCRC() throws {
        let png = try QRCode("https://go.shop.example.com/s/xmas", correction: .high).png(size: 1_000, margin: 2)
        var position = 8
        var types: [String] = []
        while position < png.count {
            let length = png[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let typed = Array(png[position + 4..<position + 8 + length])
            let crc = png[position + 8 + length..<position + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(Checksum.crc32(typed) == crc)
            types.append(String(decoding: typed.prefix(4), as: UTF8.self))
            position += 12 + length
        }
        #expect(types == ["IHDR", "IDAT", "IEND"])
    }

    /// A version 3 code is 29 modules; with margins of 4, 37 pixels at least.
    @Test func aPNGTooSmallOrTooLargeIsRefused() throws {
        let code = try QRCode("https://go.shop.example.com/s/xmas")
        #expect(code.size == 29)
        #expect(try code.png(size: 37).count > 0)
        #expect(
            throws: QRCodeError(.badPicture, "a PNG of this code with a margin of 4 is 37 to 8,192 pixels wide, not 36")
        ) {
            try code.png(size: 36)
        }
        #expect(
            throws: QRCodeError(
                .badPicture, "a PNG of this code with a margin of 0 is 29 to 8,192 pixels wide, not 8193")
        ) {
            try code.png(size: 8_193, margin: 0)
        }
        #expect(throws: QRCodeError(.badPicture, "a margin is 0 or more modules")) {
            try code.png(size: 100, margin: -1)
        }
    }

    /// The SVG's path draws exactly the dark modules: its rectangles, one a run, cover them and nothing else.
    @Test func anSVGDrawsEachDarkModuleOnce() throws {
        let code = try QRCode("https://go.shop.example.com/s/xmas", correction: .quartile)
        let svg = try code.svg(size: 300, margin: 2)
        #expect(svg.contains(#"width="300" height="300" viewBox="0 0 \#(code.size + 4) \#(code.size + 4)""#))
        let path = try #require(svg.split(separator: "d=\"").last?.split(separator: "\"").first)
        var drawn = Set<[Int]>()
        for rectangle in path.split(separator: "z") {
            // M x,y h n v1 h-n
            let numbers = rectangle.split(whereSeparator: { !"0123456789".contains($0) }).compactMap { Int($0) }
            let (x, y, width) = (numbers[0] - 2, numbers[1] - 2, numbers[2])
            for column in x..<x + width { #expect(drawn.insert([column, y]).inserted) }
        }
        var dark = Set<[Int]>()
        for y in 0..<code.size {
            for x in 0..<code.size where code[x: x, y: y] { dark.insert([x, y]) }
        }
        #expect(drawn == dark)
    }

    @Test func anSVGsTitleIsEscaped() throws {
        let svg = try QRCode("x").svg(size: 100, title: "a<b & \"c\">\u{1}")
        #expect(svg.contains("<title>a&lt;b &amp; &quot;c&quot;&gt; </title>"))
        #expect(throws: QRCodeError.self) { try QRCode("x").svg(size: 0) }
    }
}
