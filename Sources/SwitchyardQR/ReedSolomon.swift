/// Reed-Solomon error correction over GF(2⁸) with the QR code's field polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D)
/// and generator roots α⁰ … α^(degree − 1), α = 2.
struct ReedSolomon {
    /// The generator polynomial's coefficients below its leading 1, the highest power first.
    private let generator: [UInt8]

    init(degree: Int) {
        var polynomial: [UInt8] = [1]
        for power in 0..<degree {
            // Times (x + αᵖ): in GF(2⁸) addition and subtraction are both exclusive or.
            let root = Field.exponent(power)
            var product = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                product[index] ^= coefficient
                product[index + 1] ^= Field.multiply(coefficient, root)
            }
            polynomial = product
        }
        generator = Array(polynomial.dropFirst())
    }

    /// The error-correction words of `data`: the remainder of `data` · x^degree divided by the generator.
    func remainder(of data: ArraySlice<UInt8>) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        guard !remainder.isEmpty else { return [] }
        for word in data {
            let factor = word ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices {
                remainder[index] ^= Field.multiply(generator[index], factor)
            }
        }
        return remainder
    }

    /// GF(2⁸) by tables of powers of α and their logarithms.
    enum Field {
        /// αⁱ for i in 0 ..< 510, so that the sum of two logarithms indexes it without a modulo.
        private static let powers: [UInt8] = {
            var table = [UInt8](repeating: 0, count: 510)
            var value = 1
            for index in 0..<255 {
                table[index] = UInt8(value)
                table[index + 255] = UInt8(value)
                value <<= 1
                if value >= 256 { value ^= 0x11D }
            }
            return table
        }()
        /// The logarithm of each nonzero element; the entry for 0 is unused.
        private static let logarithms: [Int] = {
            var table = [Int](repeating: 0, count: 256)
            for index in 0..<255 { table[Int(powers[index])] = index }
            return table
        }()

        static func exponent(_ power: Int) -> UInt8 { powers[power % 255] }

        static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
            guard left != 0, right != 0 else { return 0 }
            return powers[logarithms[Int(left)] + logarithms[Int(right)]]
        }
    }
}
