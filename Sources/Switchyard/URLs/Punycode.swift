/// Punycode (RFC 3492): the ASCII form of a Unicode label of a host name, as `xn--` labels carry it
/// (`exämple` → `exmple-cua`).
///
/// What a router needs: Unicode host names are compared in their ASCII form, so that an allowed host written either
/// way matches; and an `xn--` label is checked to be the Punycode of a Unicode label, as a URL parser must refuse one
/// that is not.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// The Punycode of `label`'s Unicode scalars, without the `xn--` prefix.
    ///
    /// - Complexity: O(*n* × *m*) for *n* scalars of which *m* are distinct non-ASCII ones; callers bound labels
    ///   to 63 bytes, as DNS does.
    static func encode(_ label: String) -> String {
        let scalars = label.unicodeScalars.map { Int($0.value) }
        var output = scalars.filter { $0 < initialN }.map { UInt8($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        while handled < scalars.count {
            // The smallest code point not handled yet; scalars are below 0x110000, and labels are short, so the
            // arithmetic stays far from overflow.
            let next = scalars.filter { $0 >= n }.min() ?? n
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in scalars {
                if scalar < n { delta += 1 }
                guard scalar == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, isFirst: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The Unicode label whose Punycode is `encoded` (without `xn--`, lowercase), or `nil` when it is none: a digit
    /// that is not one, a number past the Unicode range or a surrogate, no non-ASCII scalar at all (such a label is
    /// not an `xn--` label's), or a form that is not the one ``encode(_:)`` writes (so that every label has one
    /// spelling).
    ///
    /// - Complexity: O(*n*²) for *n* bytes; callers bound labels to 63 bytes, as DNS does.
    static func decode(_ encoded: some Collection<UInt8>) -> String? {
        let bytes = Array(encoded)
        // The basic code points come before the last '-'; a label with none starts at once with the deltas.
        let delimiter = bytes.lastIndex(of: UInt8(ascii: "-"))
        var output = delimiter.map { bytes[..<$0].map(UInt32.init) } ?? []
        guard output.allSatisfy({ $0 < UInt32(initialN) }) else { return nil }
        var index = delimiter.map { $0 + 1 } ?? 0
        var n = initialN
        var i = 0
        var bias = initialBias
        // Far above what a 63-byte label can reach honestly, and far below overflow.
        let limit = 0x7FFF_FFFF
        while index < bytes.count {
            let previous = i
            var weight = 1
            var k = base
            while true {
                guard index < bytes.count, let value = digitValue(bytes[index]) else { return nil }
                index += 1
                guard value <= (limit - i) / weight else { return nil }
                i += value * weight
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if value < t { break }
                guard weight <= limit / (base - t) else { return nil }
                weight *= base - t
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - previous, points: count, isFirst: previous == 0)
            guard i / count <= limit - n else { return nil }
            n += i / count
            i %= count
            guard n < 0x11_0000, !(0xD800...0xDFFF).contains(n) else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        guard output.contains(where: { $0 >= UInt32(initialN) }) else { return nil }
        var label = String.UnicodeScalarView()
        for value in output {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            label.append(scalar)
        }
        let text = String(label)
        return encode(text).utf8.elementsEqual(bytes) ? text : nil
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func adapt(_ delta: Int, points: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
