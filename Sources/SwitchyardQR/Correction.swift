extension QRCode {
    /// A level of error correction: the share of a code's words that may be lost (dirt, a fold, a logo over it) and
    /// the text still read. A higher level holds less text, so it needs a larger code for the same text.
    public enum Correction: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// About 7 % of the code may be lost.
        case low = "L"
        /// About 15 %: the usual choice, and the default.
        case medium = "M"
        /// About 25 %.
        case quartile = "Q"
        /// About 30 %: for a code that is printed small, or has a logo over it.
        case high = "H"

        /// Its letter: `L`, `M`, `Q` or `H`.
        public var description: String { rawValue }

        /// The two bits of the format information that name the level (ISO/IEC 18004, table C.1).
        var formatBits: Int {
            switch self {
            case .low: 0b01
            case .medium: 0b00
            case .quartile: 0b11
            case .high: 0b10
            }
        }

        private var index: Int {
            switch self {
            case .low: 0
            case .medium: 1
            case .quartile: 2
            case .high: 3
            }
        }

        /// The error-correction words of each block at `version`.
        func correctionCodewordsPerBlock(version: Int) -> Int {
            Int(Self.correctionCodewordsPerBlock[index][version])
        }

        /// The blocks the words of a `version` code are split into.
        func blockCount(version: Int) -> Int {
            Int(Self.blockCounts[index][version])
        }

        /// The words of data a `version` code holds at this level.
        func dataCodewords(version: Int) -> Int {
            ModuleGrid.dataModuleCount(version: version) / 8 - correctionCodewordsPerBlock(version: version)
                * blockCount(version: version)
        }

        /// `data` split into the level's blocks, each followed by its Reed-Solomon words, and interleaved as the
        /// code's modules carry them: the first word of each block, then the second of each, and so on.
        func interleavedWithCorrection(_ data: [UInt8], version: Int) -> [UInt8] {
            let blocks = blockCount(version: version)
            let perBlock = correctionCodewordsPerBlock(version: version)
            let total = ModuleGrid.dataModuleCount(version: version) / 8
            // The blocks' lengths differ by one at most: the first ones are a word shorter.
            let shortBlocks = blocks - total % blocks
            let shortData = total / blocks - perBlock
            let encoder = ReedSolomon(degree: perBlock)
            var dataBlocks: [ArraySlice<UInt8>] = []
            var correctionBlocks: [[UInt8]] = []
            var start = 0
            for block in 0..<blocks {
                let length = shortData + (block < shortBlocks ? 0 : 1)
                let words = data[start..<start + length]
                start += length
                dataBlocks.append(words)
                correctionBlocks.append(encoder.remainder(of: words))
            }
            var result: [UInt8] = []
            result.reserveCapacity(total)
            for position in 0...shortData {
                for words in dataBlocks where position < words.count {
                    result.append(words[words.startIndex + position])
                }
            }
            for position in 0..<perBlock {
                for words in correctionBlocks { result.append(words[position]) }
            }
            return result
        }

        // ISO/IEC 18004:2015, table 9: the error-correction words a block, and the blocks, by version (the first
        // element of each row stands for no version), for L, M, Q and H.
        private static let correctionCodewordsPerBlock: [[UInt8]] = [
            [
                0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26,
                28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            ],
            [
                0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28,
                28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
            ],
            [
                0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30,
                28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            ],
            [
                0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30,
                30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            ],
        ]
        private static let blockCounts: [[UInt8]] = [
            [
                0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16,
                17, 18, 19, 19, 20, 21, 22, 24, 25,
            ],
            [
                0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
                29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
            ],
            [
                0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35,
                38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
            ],
            [
                0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
                45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
            ],
        ]
    }
}
