/// An IPv4 or IPv6 address as its 16 bytes, IPv4 as IPv6's mapped form (`::ffff:a.b.c.d`), so that a range of
/// either family matches the other's spelling of the same address.
///
/// Parsed in Swift, without `inet_pton`: the text comes from request headers, so it is bounded (at most 45
/// characters, IPv6's longest) and read once, left to right.
package struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address in network order.
    package let bytes: [UInt8]

    /// Whether the address is IPv4 (its mapped form).
    package var isIPv4: Bool { bytes.prefix(12).elementsEqual(Self.mappedPrefix) }

    static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]

    /// Reads `text`: dotted IPv4 (`192.0.2.1`) or IPv6 (`2001:db8::1`, `::ffff:192.0.2.1`), without brackets,
    /// port or zone; `nil` for anything else.
    package init?(_ text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard (2...45).contains(utf8.count) else { return nil }
        if let v4 = Self.ipv4(utf8[...]) {
            bytes = Self.mappedPrefix + v4
        } else if let v6 = Self.ipv6(utf8[...]) {
            bytes = v6
        } else {
            return nil
        }
    }

    package init?(bytes: [UInt8]) {
        switch bytes.count {
        case 4: self.bytes = Self.mappedPrefix + bytes
        case 16: self.bytes = bytes
        default: return nil
        }
    }

    /// Dotted for IPv4; for IPv6, lower-case groups with the longest run of two or more zero groups as `::`
    /// (RFC 5952).
    package var description: String {
        if isIPv4 { return bytes.suffix(4).map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 16, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
        var best = (start: -1, count: 0)
        var run = (start: -1, count: 0)
        for (index, group) in groups.enumerated() {
            if group == 0 {
                run = run.start < 0 ? (index, 1) : (run.start, run.count + 1)
                if run.count > best.count { best = run }
            } else {
                run = (-1, 0)
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.count >= 2 else { return hex.joined(separator: ":") }
        let head = hex[..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.count)...].joined(separator: ":")
        return head + "::" + tail
    }

    /// Four decimal parts of 0 to 255, without leading zeros (which some readers take for octal).
    private static func ipv4(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var result: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ (0x30...0x39).contains($0) }),
                part.count == 1 || part.first != UInt8(ascii: "0")
            else { return nil }
            let value = part.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard value <= 255 else { return nil }
            result.append(UInt8(value))
        }
        return result
    }

    /// Up to eight groups of 1 to 4 hexadecimal digits, one `::` standing for the missing zero groups, and
    /// optionally IPv4 in the last 32 bits.
    private static func ipv6(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        let colon = UInt8(ascii: ":")
        var head: [UInt16] = []
        var tail: [UInt16] = []
        var compressed = false
        var rest = text
        if rest.starts(with: [colon, colon]) {
            compressed = true
            rest = rest.dropFirst(2)
        } else if rest.first == colon {
            return nil
        }
        var trailingIPv4: [UInt8]?
        while !rest.isEmpty {
            let end = rest.firstIndex(of: colon) ?? rest.endIndex
            let field = rest[rest.startIndex..<end]
            if end == rest.endIndex, field.contains(UInt8(ascii: ".")) {
                guard let v4 = ipv4(field) else { return nil }
                trailingIPv4 = v4
            } else {
                guard (1...4).contains(field.count), let group = hexGroup(field) else { return nil }
                if compressed { tail.append(group) } else { head.append(group) }
            }
            rest = rest[end...]
            if rest.starts(with: [colon, colon]) {
                guard !compressed else { return nil }
                compressed = true
                rest = rest.dropFirst(2)
            } else if rest.first == colon {
                rest = rest.dropFirst()
                guard !rest.isEmpty else { return nil }
            }
        }
        let groups = head.count + tail.count + (trailingIPv4 == nil ? 0 : 2)
        guard compressed ? groups <= 7 : groups == 8 else { return nil }
        let zeros = [UInt16](repeating: 0, count: 8 - groups)
        var bytes = (head + (compressed ? zeros : []) + tail).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
        bytes += trailingIPv4 ?? []
        return bytes.count == 16 ? bytes : nil
    }

    private static func hexGroup(_ field: ArraySlice<UInt8>) -> UInt16? {
        var value: UInt16 = 0
        for byte in field {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}

/// A block of addresses in CIDR notation (`10.0.0.0/8`, `fd00::/8`), or one address (`/32` or `/128`). An IPv4
/// range holds the same addresses in IPv6's mapped form, and a mapped address is IPv4 (`::ffff:10.0.0.0/8`).
package struct IPRange: Hashable, Sendable, CustomStringConvertible {
    package let network: IPAddress
    /// The prefix's length in bits of the 16-byte form: an IPv4 `/8` is 104.
    let bits: Int

    /// Reads `text`; throws ``BadRange`` with what is wrong, for an operator's setting.
    package init(_ text: String) throws(BadRange) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { throw BadRange(text: text, problem: "not an IP address") }
        let width = address.isIPv4 ? 32 : 128
        var length = width
        if parts.count == 2 {
            guard parts[1].count <= 3, let given = Int(parts[1]), (0...width).contains(given) else {
                throw BadRange(text: text, problem: "the prefix length is 0 to \(width)")
            }
            length = given
        }
        bits = length + (128 - width)
        network = address
        guard Self.masked(address.bytes, bits) == address.bytes else {
            throw BadRange(text: text, problem: "bits are set past the prefix length")
        }
    }

    /// Whether `address` is in the range.
    package func contains(_ address: IPAddress) -> Bool {
        Self.masked(address.bytes, bits) == network.bytes
    }

    package var description: String {
        "\(network)/\(network.isIPv4 ? bits - 96 : bits)"
    }

    private static func masked(_ bytes: [UInt8], _ bits: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(8, max(0, bits - index * 8))
            return kept == 8 ? byte : byte & ~(0xff >> kept)
        }
    }

    package struct BadRange: Error, Equatable, CustomStringConvertible {
        /// The text given.
        package let text: String
        package let problem: String
        package var description: String { "'\(text)' is no address range (CIDR): \(problem)" }
    }
}
