/// IP literals: `[::1]`, `[2001:db8::7]`, `[::ffff:192.0.2.1]`, and RFC 3986's `[v1.future]`.
extension HostName {
    /// Checks the IP literal written at `bytes[range]`, brackets included, and returns it in brackets: an IPv6
    /// address in the text RFC 5952 gives it (`[0:0::1]` → `[::1]`), a future form with its letters lowercased.
    ///
    /// - Throws: `invalidHost` at the first byte that does not fit, or when `range` is not enclosed in brackets (the
    ///   splitter finds them before it calls this; an app's or a request's host text may lack them). A zone identifier
    ///   (`%25eth0`) has no meaning outside the machine that wrote it, and is refused.
    static func ipLiteral(in bytes: TextBytes, _ range: Range<Int>) throws(URLRejection) -> String {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "["),
            bytes[range.upperBound - 1] == UInt8(ascii: "]")
        else {
            throw URLRejection(
                .invalidHost, at: range.lowerBound, in: bytes.text, "an IP literal is written in brackets: [::1]")
        }
        let inner = range.lowerBound + 1..<range.upperBound - 1
        guard !inner.isEmpty else {
            throw URLRejection(.invalidHost, at: range.lowerBound, in: bytes.text, "an IP literal cannot be empty")
        }
        if bytes[inner.lowerBound] | 0x20 == UInt8(ascii: "v") { return try futureLiteral(in: bytes, inner) }
        return "[" + canonicalText(try ipv6Groups(in: bytes, inner)) + "]"
    }

    /// The eight groups of the IPv6 address at `bytes[range]`.
    private static func ipv6Groups(in bytes: TextBytes, _ range: Range<Int>) throws(URLRejection) -> [UInt16] {
        func invalid(at position: Int, _ message: String) -> URLRejection {
            URLRejection(.invalidHost, at: position, in: bytes.text, message)
        }
        var before: [UInt16] = []
        var after: [UInt16] = []
        var isCompressed = false
        var index = range.lowerBound
        if bytes[index] == UInt8(ascii: ":") {
            guard index + 1 < range.upperBound, bytes[index + 1] == UInt8(ascii: ":") else {
                throw invalid(at: index, "an IPv6 address cannot start with one ':'")
            }
            isCompressed = true
            index += 2
        }
        while index < range.upperBound, before.count + after.count < 8 {
            let start = index
            var value = 0
            while index < range.upperBound, index - start < 5, let digit = PercentDecoding.hexValue(bytes[index]) {
                value = value * 16 + Int(digit)
                index += 1
            }
            if index < range.upperBound, bytes[index] == UInt8(ascii: ".") {
                let address = try ipv4Address(in: bytes, start..<range.upperBound)
                let groups = [UInt16(address >> 16), UInt16(address & 0xFFFF)]
                if isCompressed { after += groups } else { before += groups }
                index = range.upperBound
                break
            }
            guard (1...4).contains(index - start) else {
                throw invalid(at: index - start == 0 ? index : start, "an IPv6 group is one to four hexadecimal digits")
            }
            if isCompressed { after.append(UInt16(value)) } else { before.append(UInt16(value)) }
            guard index < range.upperBound else { break }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw invalid(at: index, "an IPv6 address holds hexadecimal digits, ':' and '.' only")
            }
            index += 1
            if index < range.upperBound, bytes[index] == UInt8(ascii: ":") {
                guard !isCompressed else { throw invalid(at: index - 1, "'::' may appear once in an IPv6 address") }
                isCompressed = true
                index += 1
            } else if index == range.upperBound {
                throw invalid(at: index - 1, "an IPv6 address cannot end with one ':'")
            }
        }
        let count = before.count + after.count
        guard index == range.upperBound, isCompressed ? count <= 7 : count == 8 else {
            throw invalid(at: min(index, range.upperBound - 1), "an IPv6 address has eight groups, or '::' for some")
        }
        return before + [UInt16](repeating: 0, count: 8 - count) + after
    }

    /// The IPv4 address at `bytes[range]`: four decimal numbers up to 255, without leading zeros.
    private static func ipv4Address(in bytes: TextBytes, _ range: Range<Int>) throws(URLRejection) -> UInt32 {
        var address: UInt32 = 0
        var index = range.lowerBound
        for part in 0..<4 {
            let start = index
            var value: UInt32 = 0
            while index < range.upperBound, index - start < 4,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            {
                value = value * 10 + UInt32(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            let length = index - start
            guard length >= 1, length <= 3, value <= 255, length == 1 || bytes[start] != UInt8(ascii: "0") else {
                throw URLRejection(
                    .invalidHost, at: start, in: bytes.text,
                    "an IPv4 part is a number from 0 to 255, without leading zeros")
            }
            address = address << 8 | value
            if part < 3 {
                guard index < range.upperBound, bytes[index] == UInt8(ascii: ".") else {
                    throw URLRejection(
                        .invalidHost, at: min(index, range.upperBound - 1), in: bytes.text,
                        "an IPv4 address has four parts")
                }
                index += 1
            }
        }
        guard index == range.upperBound else {
            throw URLRejection(.invalidHost, at: index, in: bytes.text, "an IPv4 address ends the IP literal")
        }
        return address
    }

    /// An address's text as RFC 5952 gives it: lowercase hexadecimal, no leading zeros, and the longest run of two
    /// or more zero groups (the first, on a tie) written `::`.
    private static func canonicalText(_ groups: [UInt16]) -> String {
        var run = (start: 0, length: 0)
        var index = 0
        while index < groups.count {
            guard groups[index] == 0 else {
                index += 1
                continue
            }
            let start = index
            while index < groups.count, groups[index] == 0 { index += 1 }
            if index - start > run.length { run = (start, index - start) }
        }
        func text(_ groups: ArraySlice<UInt16>) -> String {
            groups.map { String($0, radix: 16) }.joined(separator: ":")
        }
        guard run.length >= 2 else { return text(groups[...]) }
        return text(groups[..<run.start]) + "::" + text(groups[(run.start + run.length)...])
    }

    /// RFC 3986's `v` HEXDIG+ `.` (unreserved / sub-delims / `:`)+, lowercased, in brackets.
    private static func futureLiteral(in bytes: TextBytes, _ range: Range<Int>) throws(URLRejection) -> String {
        var index = range.lowerBound + 1
        while index < range.upperBound, PercentDecoding.hexValue(bytes[index]) != nil { index += 1 }
        guard index > range.lowerBound + 1, index < range.upperBound, bytes[index] == UInt8(ascii: ".") else {
            throw URLRejection(
                .invalidHost, at: index, in: bytes.text, "a future IP literal is 'v', hexadecimal digits, '.' and more")
        }
        index += 1
        guard index < range.upperBound else {
            throw URLRejection(
                .invalidHost, at: index - 1, in: bytes.text, "a future IP literal needs text after its '.'")
        }
        for position in index..<range.upperBound {
            let byte = bytes[position]
            guard byte < 0x80, byte == UInt8(ascii: ":") || isNameByte(byte) else {
                throw URLRejection(
                    .invalidHost, at: position, in: bytes.text, "a future IP literal cannot hold this character")
            }
        }
        return "[" + URLSplitter.lowercasedASCII(bytes.text(range)) + "]"
    }
}
