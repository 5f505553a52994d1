import Testing

@testable import SwitchyardQR

@Suite struct QRCodeTests {
    /// The data and error-correction words of "HELLO WORLD" at version 1, level M: the standard's worked example
    /// of alphanumeric mode and Reed-Solomon coding, as every QR tutorial gives it.
    @Test func helloWorldHasTheStandardWords() throws {
        let segment = try QRCode.Segment.alphanumeric("HELLO WORLD")
        let data = QRCode.Segment.codewords(of: [segment], version: 1, correction: .medium)
        #expect(data == [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17])
        #expect(ReedSolomon(degree: 10).remainder(of: data[...]) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
        #expect(
            QRCode.Correction.medium.interleavedWithCorrection(data, version: 1) == data + [
                196, 35, 39, 119, 235, 215, 231, 226, 93, 23,
            ])
    }

    /// ISO/IEC 18004 table C.1: the format information of each level with masks 0 and 5.
    @Test(arguments: [
        (QRCode.Correction.low, 0, 0b111_0111_1100_0100), (.low, 5, 0b110_0011_0001_1000),
        (.medium, 0, 0b101_0100_0001_0010), (.medium, 5, 0b100_0000_1100_1110),
        (.quartile, 0, 0b011_0101_0101_1111), (.quartile, 5, 0b010_0001_1000_0011),
        (.high, 0, 0b001_0110_1000_1001), (.high, 5, 0b000_0010_0101_0101),
    ])
    func formatInformationIsTheStandards(correction: QRCode.Correction, mask: Int, bits: Int) {
        #expect(ModuleGrid.formatBits(correction: correction, mask: mask) == bits)
    }

    /// ISO/IEC 18004 table D.1: the version information of versions 7, 8, 21 and 40.
    @Test(arguments: [(7, 0x07C94), (8, 0x085BC), (21, 0x15683), (40, 0x28C69)])
    func versionInformationIsTheStandards(version: Int, bits: Int) {
        #expect(ModuleGrid.versionBits(version: version) == bits)
    }

    @Test(arguments: [
        (2, [6, 18]), (7, [6, 22, 38]), (14, [6, 26, 46, 66]), (32, [6, 34, 60, 86, 112, 138]),
        (36, [6, 24, 50, 76, 102, 128, 154]), (40, [6, 30, 58, 86, 114, 142, 170]),
    ])
    func alignmentPatternsAreWhereTheStandardPutsThem(version: Int, centres: [Int]) {
        #expect(ModuleGrid.alignmentCentres(version: version) == centres)
    }

    /// The words of each version (ISO/IEC 18004 table 1), and that the modules left for data are exactly those
    /// the placement visits.
    @Test(arguments: [(1, 26), (2, 44), (6, 172), (7, 196), (14, 581), (21, 1156), (32, 2465), (35, 2876), (40, 3706)])
    func eachVersionHasTheStandardsWords(version: Int, words: Int) {
        #expect(ModuleGrid.dataModuleCount(version: version) / 8 == words)
        #expect(ModuleGrid(version: version).dataModules().count == ModuleGrid.dataModuleCount(version: version))
    }

    /// The most characters of each mode a code holds (ISO/IEC 18004 table 7), for versions 1, 10 and 40: that
    /// many fit the version, one more does not.
    @Test(arguments: [
        (1, QRCode.Correction.low, 41, 25, 17), (1, .medium, 34, 20, 14), (1, .quartile, 27, 16, 11),
        (1, .high, 17, 10, 7), (10, .low, 652, 395, 271), (10, .medium, 513, 311, 213), (10, .quartile, 364, 221, 151),
        (10, .high, 288, 174, 119), (40, .low, 7089, 4296, 2953), (40, .medium, 5596, 3391, 2331),
        (40, .quartile, 3993, 2420, 1663), (40, .high, 3057, 1852, 1273),
    ])
    func eachVersionHoldsTheStandardsCapacity(
        version: Int, correction: QRCode.Correction, digits: Int, alphanumeric: Int, bytes: Int
    ) throws {
        for (mode, count, character) in [
            ("numeric", digits, "7"), ("alphanumeric", alphanumeric, "A"), ("bytes", bytes, "a"),
        ] {
            let fitting = try QRCode(
                String(repeating: character, count: count), correction: correction, minimumVersion: version)
            #expect(fitting.version == version, "\(count) \(mode) characters")
            let over = String(repeating: character, count: count + 1)
            if version == 40 {
                #expect(throws: QRCodeError.self) { try QRCode(over, correction: correction, minimumVersion: version) }
            } else {
                #expect(try QRCode(over, correction: correction, minimumVersion: version).version == version + 1)
            }
        }
    }

    @Test(arguments: [
        ("0123456789", QRCode.Segment.Mode.numeric), ("HTTPS://GO.EXAMPLE.COM/S/XMAS", .alphanumeric),
        ("https://go.example.com/s/xmas", .bytes),
    ])
    func textGoesInItsMostCompactMode(text: String, mode: QRCode.Segment.Mode) {
        #expect(QRCode.Segment.automatic(for: text).map(\.mode) == [mode])
    }

    @Test func textThatIsNotASCIISaysItIsUTF8() {
        #expect(QRCode.Segment.automatic(for: "https://shop.example.com/café").map(\.mode) == [.eci, .bytes])
    }

    /// The code is found by its three finders, read by its timing patterns, and its format information, read back
    /// from either copy, names its level and mask.
    @Test(arguments: QRCode.Correction.allCases)
    func theCodeCarriesItsFindersTimingAndFormat(correction: QRCode.Correction) throws {
        let code = try QRCode("https://go.shop.example.com/s/xmas", correction: correction)
        let size = code.size
        #expect(size == 17 + 4 * code.version)
        for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
            for y in 0..<7 {
                for x in 0..<7 {
                    let ring = max(abs(x - 3), abs(y - 3))
                    #expect(code[x: left + x, y: top + y] == (ring != 2), "finder at \(left),\(top)")
                }
            }
        }
        for index in 8..<(size - 8) {
            #expect(code[x: index, y: 6] == (index % 2 == 0))
            #expect(code[x: 6, y: index] == (index % 2 == 0))
        }
        let expected = ModuleGrid.formatBits(correction: correction, mask: code.mask)
        var first = 0
        var second = 0
        let firstCopy =
            [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8)]
            + (9..<15).map { (14 - $0, 8) }
        let secondCopy = (0..<8).map { (size - 1 - $0, 8) } + (8..<15).map { (8, size - 15 + $0) }
        for (index, module) in firstCopy.enumerated() where code[x: module.0, y: module.1] { first |= 1 << index }
        for (index, module) in secondCopy.enumerated() where code[x: module.0, y: module.1] { second |= 1 << index }
        #expect(first == expected)
        #expect(second == expected)
        #expect(code[x: 8, y: size - 8])
    }

    @Test func theSameTextMakesTheSameCode() throws {
        let text = "https://go.shop.example.com/s/spring-sale"
        #expect(try QRCode(text) == QRCode(text))
        #expect(try QRCode(text, correction: .high) != QRCode(text, correction: .low))
    }

    @Test func aMinimumVersionMakesALargerCode() throws {
        #expect(try QRCode("xmas", minimumVersion: 10).version == 10)
        #expect(try QRCode("xmas").version == 1)
    }

    @Test(arguments: [
        (0, "the minimum version is 0; a version is 1 to 40"), (41, "the minimum version is 41; a version is 1 to 40"),
    ])
    func aVersionOutsideTheStandardIsRefused(version: Int, message: String) {
        #expect(throws: QRCodeError(.badVersion, message)) { try QRCode("xmas", minimumVersion: version) }
    }

    @Test func textTooLongForEveryVersionIsRefused() {
        #expect(
            throws: QRCodeError(
                .tooLong, "the text does not fit a QR code at level H: version 40 holds 1273 bytes at this level")
        ) {
            try QRCode(String(repeating: "a", count: 1274), correction: .high)
        }
        #expect(throws: QRCodeError(.tooLong, "the text has 100000 bytes; a QR code holds at most 7,089 digits")) {
            try QRCode(String(repeating: "7", count: 100_000))
        }
    }

    @Test func aSegmentRefusesCharactersNotOfItsMode() {
        #expect(throws: QRCodeError(.badCharacter, "the numeric mode holds digits only, not 'x'")) {
            try QRCode.Segment.numeric("12x")
        }
        #expect(
            throws: QRCodeError(.badCharacter, "the alphanumeric mode holds 0-9, A-Z and \" $%*+-./:\" only, not 'a'")
        ) {
            try QRCode.Segment.alphanumeric("ABa")
        }
    }

    /// Mixed segments: a long number after a link's prefix takes fewer bits as digits than as bytes.
    @Test func segmentsOfDifferentModesGoInOneCode() throws {
        let mixed = try QRCode(segments: [
            .bytes(Array("https://shop.example.com/order/".utf8)), .numeric("12345678901234567890"),
        ])
        let bytes = try QRCode("https://shop.example.com/order/12345678901234567890")
        #expect(
            try #require(
                QRCode.Segment.bitCount(
                    of: [.bytes(Array("https://shop.example.com/order/".utf8)), .numeric("12345678901234567890")],
                    version: 3))
                < QRCode.Segment.bitCount(
                    of: QRCode.Segment.automatic(for: "https://shop.example.com/order/12345678901234567890"), version: 3
                )!)
        #expect(mixed.version <= bytes.version)
    }
}
