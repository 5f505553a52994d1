/// Punycode (RFC 3492): the ASCII form of a Unicode label of a host name, as `xn--` labels carry it
/// (`exämple` → `exmple-cua`).
///
/// Only the encoding a router needs: Unicode host names are compared in their ASCII form, so that an allowed host
/// written either way matches.
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
