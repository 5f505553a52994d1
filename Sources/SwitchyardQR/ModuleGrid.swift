/// The modules of a code as they are laid out: the function patterns that let a reader find and read it (finders,
/// timing, alignment, format and version information), and the data's words in the rest.
struct ModuleGrid: Sendable, Hashable {
    let version: Int
    let size: Int
    /// Whether each module is dark, row by row, `size` × `size`.
    private(set) var modules: [Bool]
    /// The modules of the function patterns, which the data and the mask leave alone.
    private var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    func isDark(_ x: Int, _ y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The modules of a `version` code left for data and error correction (whole words and the remainder bits).
    static func dataModuleCount(version: Int) -> Int {
        let side = version * 4 + 17
        // All, less the three finders with their separators (3 × 64), the format information twice with the dark
        // module (31), the timing patterns between the separators (2 × (side − 16)) …
        var count = side * side - 3 * 64 - 31 - 2 * (side - 16)
        if version >= 2 {
            // … the alignment patterns (25 modules each, less those on the timing patterns: 5 for each of the
            // 2 × (n − 2) on row or column 6) …
            let perSide = version / 7 + 2
            count -= 25 * (perSide * perSide - 3) - 10 * (perSide - 2)
        }
        // … and the two blocks of version information.
        if version >= 7 { count -= 36 }
        return count
    }

    /// The centres of the alignment patterns on each axis: 6, then evenly spaced (an even step) up to `size − 7`.
    static func alignmentCentres(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let size = version * 4 + 17
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        return [6] + (0..<count - 1).map { size - 7 - $0 * step }.reversed()
    }

    // MARK: Function patterns

    private mutating func setFunction(_ x: Int, _ y: Int, _ isDark: Bool) {
        modules[y * size + x] = isDark
        isFunction[y * size + x] = true
    }

    private mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            // The finder (7 × 7) with its light separator, clipped to the code.
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let ring = max(abs(dx), abs(dy))
                    setFunction(x + dx, y + dy, ring != 2 && ring != 4)
                }
            }
        }
        let centres = Self.alignmentCentres(version: version)
        for (row, y) in centres.enumerated() {
            for (column, x) in centres.enumerated() {
                // Not where a finder is: the top left, top right and bottom left.
                let last = centres.count - 1
                if (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0) {
                    continue
                }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        // Reserved now, drawn with the mask chosen.
        drawFormat(bits: 0)
        if version >= 7 { drawVersion() }
    }

    /// Draws the 15 bits of format information twice: around the top-left finder, and split between the other two.
    private mutating func drawFormat(bits: Int) {
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        // Always dark.
        setFunction(8, size - 8, true)
    }

    /// The format information of `correction` and `mask`: 5 bits, a BCH(15, 5) code of them, and the fixed mask
    /// 101010000010010, so that the bits are never all light.
    static func formatBits(correction: QRCode.Correction, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The version information (versions 7 and up): 6 bits and a BCH(18, 6) code of them, in two 6 × 3 blocks
    /// beside the top-right and bottom-left finders.
    static func versionBits(version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }

    private mutating func drawVersion() {
        let bits = Self.versionBits(version: version)
        for index in 0..<18 {
            let isDark = (bits >> index) & 1 == 1
            let across = size - 11 + index % 3
            let down = index / 3
            setFunction(across, down, isDark)
            setFunction(down, across, isDark)
        }
    }

    // MARK: Data

    /// The modules that carry data, in the order they carry its bits: two columns at a time from the right, up
    /// then down in turn, skipping the vertical timing pattern's column.
    func dataModules() -> [(x: Int, y: Int)] {
        var modules: [(x: Int, y: Int)] = []
        modules.reserveCapacity(Self.dataModuleCount(version: version))
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] { modules.append((x, y)) }
            }
            right -= 2
        }
        return modules
    }

    /// Places `codewords`, the highest bit of each first; the remainder bits after them stay light.
    mutating func place(_ codewords: [UInt8]) {
        for (index, module) in dataModules().enumerated() where index / 8 < codewords.count {
            modules[module.y * size + module.x] = (codewords[index / 8] >> UInt8(7 - index % 8)) & 1 == 1
        }
    }

    // MARK: Masks

    /// Whether mask `mask` (ISO/IEC 18004, table 10) inverts the module at column `x`, row `y`.
    static func masks(_ mask: Int, _ x: Int, _ y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// Inverts the modules of `dataModules` that `mask` inverts.
    private mutating func apply(mask: Int, to dataModules: [(x: Int, y: Int)]) {
        for module in dataModules where Self.masks(mask, module.x, module.y) {
            modules[module.y * size + module.x].toggle()
        }
    }

    /// Applies the mask with the lowest penalty score, with its format information; returns it.
    mutating func applyBestMask(correction: QRCode.Correction) -> Int {
        let data = dataModules()
        var best = (mask: 0, penalty: Int.max)
        for mask in 0..<8 {
            apply(mask: mask, to: data)
            drawFormat(bits: Self.formatBits(correction: correction, mask: mask))
            let penalty = self.penalty()
            if penalty < best.penalty { best = (mask, penalty) }
            // Exclusive or: applying it again takes it off.
            apply(mask: mask, to: data)
        }
        apply(mask: best.mask, to: data)
        drawFormat(bits: Self.formatBits(correction: correction, mask: best.mask))
        return best.mask
    }
}
