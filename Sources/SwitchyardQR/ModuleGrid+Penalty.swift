extension ModuleGrid {
    /// The penalty score of the modules as they are (ISO/IEC 18004, 7.8.3): the lower, the easier the code is
    /// to read. It counts runs of five or more modules of one colour in a row or a column (3, and 1 for each
    /// module over five), 2 × 2 blocks of one colour (3 each), patterns that look like a finder, 1:1:3:1:1 with
    /// four light modules on one side (40 each), and how far the share of dark modules is from half (10 for each
    /// 5 % of it).
    func penalty() -> Int {
        var score = 0
        for vertical in [false, true] {
            for fixed in 0..<size {
                // Along a row (x moves, one step at a time) or a column (y moves, a row at a time).
                let start = vertical ? fixed : fixed * size
                let step = vertical ? size : 1
                var run = 0
                var previous = false
                // The last 11 modules, the newest in the lowest bit.
                var window = 0
                for index in 0..<size {
                    let isDark = modules[start + index * step]
                    if index > 0 && isDark == previous {
                        run += 1
                    } else {
                        if run >= 5 { score += run - 2 }
                        run = 1
                        previous = isDark
                    }
                    window = (window << 1 | (isDark ? 1 : 0)) & 0x7FF
                    // Dark-light-dark-dark-dark-light-dark, with four light modules after it or before it.
                    if index >= 10 && (window == 0b101_1101_0000 || window == 0b000_0101_1101) { score += 40 }
                }
                if run >= 5 { score += run - 2 }
            }
        }
        var darkCount = 0
        for y in 0..<size {
            let row = y * size
            for x in 0..<size {
                let isDark = modules[row + x]
                if isDark { darkCount += 1 }
                if x + 1 < size && y + 1 < size && isDark == modules[row + x + 1] && isDark == modules[row + size + x]
                    && isDark == modules[row + size + x + 1]
                {
                    score += 3
                }
            }
        }
        let total = size * size
        score += abs(darkCount * 20 - total * 10) / total * 10
        return score
    }
}
