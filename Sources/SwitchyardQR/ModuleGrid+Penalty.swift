extension ModuleGrid {
    /// The penalty score of the modules as they are (ISO/IEC 18004, 7.8.3): the lower, the easier the code is
    /// to read. It counts runs of five or more modules of one colour in a row or a column (3, and 1 for each
    /// module over five), 2 × 2 blocks of one colour (3 each), patterns that look like a finder, 1:1:3:1:1 with
    /// four light modules on one side (40 each), and how far the share of dark modules is from half (10 for each
    /// 5 % of it).
    func penalty() -> Int {
        var score = 0
        var line = [Bool](repeating: false, count: size)
        for vertical in [false, true] {
            for fixed in 0..<size {
                for moving in 0..<size { line[moving] = vertical ? isDark(fixed, moving) : isDark(moving, fixed) }
                score += Self.runPenalty(line) + Self.finderLikePenalty(line)
            }
        }
        var darkCount = 0
        for y in 0..<size {
            for x in 0..<size {
                let isDark = isDark(x, y)
                if isDark { darkCount += 1 }
                if x + 1 < size, y + 1 < size, isDark == self.isDark(x + 1, y), isDark == self.isDark(x, y + 1),
                    isDark == self.isDark(x + 1, y + 1)
                {
                    score += 3
                }
            }
        }
        let total = size * size
        score += abs(darkCount * 20 - total * 10) / total * 10
        return score
    }

    private static func runPenalty(_ line: [Bool]) -> Int {
        var score = 0
        var run = 1
        for index in 1...line.count {
            if index < line.count, line[index] == line[index - 1] {
                run += 1
            } else {
                if run >= 5 { score += run - 2 }
                run = 1
            }
        }
        return score
    }

    private static let finderLike: [Bool] = [true, false, true, true, true, false, true]

    private static func finderLikePenalty(_ line: [Bool]) -> Int {
        var score = 0
        guard line.count >= 11 else { return 0 }
        for start in 0...(line.count - 7) where line[start..<start + 7].elementsEqual(finderLike) {
            let lightBefore = start >= 4 && !line[(start - 4)..<start].contains(true)
            let lightAfter = start + 11 <= line.count && !line[(start + 7)..<(start + 11)].contains(true)
            if lightBefore { score += 40 }
            if lightAfter { score += 40 }
        }
        return score
    }
}
