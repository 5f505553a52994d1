/// What a host may be, and the one form in which it is compared and reported, as <doc:TakingLinksApart> says.
///
/// A host is an RFC 3986 name or a bracketed IP literal. A name's characters, once decoded, are ASCII letters,
/// digits and `-._~!$&'()*+,;=`; its ASCII letters are lowercased, and nothing else is mapped (no IDNA). A table
/// that allows Unicode host names takes other letters too, and keeps each such label in its `xn--` form. An IP
/// literal is kept in brackets, in the text RFC 5952 gives it.
///
/// ```swift
/// HostName.allowedForm("Shop.Example.COM")  // "shop.example.com"
/// HostName.allowedForm("exämple.com")       // "xn--exmple-cua.com"
/// HostName.allowedForm("[0:0::1]")          // "[::1]"
/// ```
package enum HostName {
    /// The longest label of a Unicode host name, in bytes: DNS's limit, which also bounds Punycode's work.
    static let maxUnicodeLabelLength = 63

    /// Whether a decoded ASCII byte may be in a name: letters, digits, and RFC 3986's other unreserved characters
    /// and sub-delimiters.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~!$&'()*+,;=".utf8.contains(byte)
        }
    }

    /// Checks the name written at `bytes[range]` and returns its normal form.
    ///
    /// - Throws: `invalidHost` at the first byte (or escape) that a name cannot hold; the errors of decoding
    ///   (`invalidPercentEncoding`, `invalidUTF8`, `controlCharacter`) where they come first.
    static func name(in bytes: TextBytes, _ range: Range<Int>, allowsUnicode: Bool) throws(URLRejection) -> String {
        var index = range.lowerBound
        var isASCII = true
        var hasEscape = false
        // Whether a label's third and fourth bytes are `--`, as an `xn--` label's are: checked below, only then. A
        // '-' is rare in a host, so the test costs one comparison a byte.
        var mayHavePunycode = false
        while index < range.upperBound {
            let start = index
            var byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "-"), start - 3 >= range.lowerBound, bytes[start - 1] == UInt8(ascii: "-"),
                start - 3 == range.lowerBound || bytes[start - 4] == UInt8(ascii: ".")
            {
                mayHavePunycode = true
            }
            if byte == UInt8(ascii: "%") {
                hasEscape = true
                guard index + 1 < range.upperBound, let high = PercentDecoding.hexValue(bytes[index]),
                    let low = PercentDecoding.hexValue(bytes[index + 1])
                else { return try decodingFailure(in: bytes, range, at: start) }
                byte = high << 4 | low
                index += 2
            }
            if byte < 0x20 || byte == 0x7F { return try decodingFailure(in: bytes, range, at: start) }
            if byte >= 0x80 {
                guard allowsUnicode else {
                    throw URLRejection(
                        .invalidHost, at: start, in: bytes.text,
                        "a host name is ASCII (letters, digits, '-', '.'); this table does not allow Unicode host names"
                    )
                }
                isASCII = false
            } else if !isNameByte(byte) {
                let written =
                    index - start == 1 ? "'\(Character(Unicode.Scalar(byte)))'" : "'\(bytes.text(start..<index))'"
                throw URLRejection(.invalidHost, at: start, in: bytes.text, "\(written) cannot be in a host name")
            }
        }
        // The usual host, plain ASCII as written, is its own text: lowercased from the bytes, with no decoding pass.
        if isASCII, !hasEscape {
            let name = URLSplitter.lowercasedASCII(bytes[range]) ?? bytes.text(range)
            if mayHavePunycode { try checkPunycode(name, in: bytes, at: range.lowerBound, isAsWritten: true) }
            return name
        }
        let name = URLSplitter.lowercasedASCII(try SplitRun.decode(bytes, range, component: nil, plusAsSpace: false))
        try checkPunycode(name, in: bytes, at: range.lowerBound, isAsWritten: false)
        if isASCII { return name }
        guard let ascii = asciiForm(name) else {
            throw URLRejection(
                .invalidHost, at: range.lowerBound, in: bytes.text,
                "each label of a Unicode host name is at most \(maxUnicodeLabelLength) bytes, and has no '-' "
                    + "first, last, or third and fourth")
        }
        return ascii
    }

    /// Refuses an `xn--` label of `name` that is not the Punycode of a Unicode label (`xn--pokxncvks`), at the label:
    /// a parser that maps it to Unicode would find no host, and one that does not would see a name no one can type.
    /// `start` is where the name begins in `bytes`; when the name was written with escapes (`isAsWritten` false),
    /// its labels' places are not the input's, and a label is reported at the name's start.
    // Out of line: the usual host never calls it, and inlined it would make the usual path's function larger.
    @inline(never)
    private static func checkPunycode(_ name: String, in bytes: TextBytes, at start: Int, isAsWritten: Bool)
        throws(URLRejection)
    {
        var offset = 0
        for label in name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            defer { offset += label.count + 1 }
            guard label.starts(with: "xn--".utf8) else { continue }
            let decoded = label.count <= maxUnicodeLabelLength ? Punycode.decode(label.dropFirst(4)) : nil
            if let decoded, isValidUnicodeLabel(decoded) { continue }
            throw URLRejection(
                .invalidHost, at: isAsWritten ? start + offset : start, in: bytes.text,
                "'\(String(decoding: label, as: UTF8.self))' is not the Punycode of a host label (an xn-- label "
                    + "must decode to one that IDNA keeps as it is)")
        }
    }

    /// Whether a decoded `xn--` label is one a person could type and IDNA would keep as it is, case aside: ASCII only
    /// as letters, digits and `-`, and no scalar that compatibility mapping changes (`㉓`, a full-width letter: UTS 46
    /// maps those to others, so their Punycode is no one's), nor a control, format, space, private-use or unassigned
    /// one. Case is set aside as it is for the names this library encodes (it maps no case beyond ASCII, so `ÄÖ.de`
    /// is `xn--7ba0b.de`, and that label must read back). An approximation of UTS 46's table, which this library does
    /// not carry.
    private static func isValidUnicodeLabel(_ label: String) -> Bool {
        label.unicodeScalars.allSatisfy { scalar in
            if scalar.isASCII {
                return scalar == "-" || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
                .paragraphSeparator:
                return false
            default:
                guard scalar.properties.changesWhenNFKCCaseFolded else { return true }
                // Changed only by case: its lower case is stable.
                let lower = scalar.properties.lowercaseMapping.unicodeScalars
                return lower.elementsEqual([scalar]) == false
                    && lower.allSatisfy { !$0.properties.changesWhenNFKCCaseFolded }
            }
        }
    }

    /// Decodes the name to report the escape or control character at `position`, which decoding finds first.
    private static func decodingFailure(in bytes: TextBytes, _ range: Range<Int>, at position: Int)
        throws(URLRejection) -> String
    {
        _ = try SplitRun.decode(bytes, range, component: nil, plusAsSpace: false)
        throw URLRejection(.invalidHost, at: position, in: bytes.text, "a host name cannot hold this character")
    }

    /// The name with each non-ASCII label in its `xn--` form; `nil` when a label breaks the rules IDNA gives the
    /// labels of a Unicode name: at most ``maxUnicodeLabelLength`` bytes, no `-` first or last, and no `--` third
    /// and fourth (the place of `xn--`) but in an `xn--` label.
    static func asciiForm(_ name: String) -> String? {
        var labels: [String] = []
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            let bytes = Array(label.utf8)
            let hyphen = UInt8(ascii: "-")
            let isASCII = bytes.allSatisfy { $0 < 0x80 }
            // Third and fourth characters, not bytes.
            let scalars = Array(label.unicodeScalars.prefix(4))
            let hasReservedHyphens = scalars.count == 4 && scalars[2] == "-" && scalars[3] == "-"
            guard bytes.count <= maxUnicodeLabelLength, bytes.first != hyphen, bytes.last != hyphen,
                !hasReservedHyphens || (isASCII && label.hasPrefix("xn--"))
            else { return nil }
            labels.append(isASCII ? String(label) : "xn--" + Punycode.encode(String(label)))
        }
        return labels.joined(separator: ".")
    }

    /// How a built link writes `host`: an IP literal in brackets, a Unicode name in its `xn--` form (which every
    /// table reads), any other name encoded as a component is.
    package static func linkForm(_ host: String) -> String {
        if host.hasPrefix("[") || !host.utf8.allSatisfy({ $0 < 0x80 }) {
            let normal = allowedForm(host)
            if normal.hasPrefix("[") || normal.utf8.allSatisfy({ $0 < 0x80 }) { return normal }
        }
        return LinkEncoding.encode(host)
    }

    /// The host of an HTTP `Host` header, its port dropped (RFC 9110's `uri-host [ ":" port ]`): an IP literal
    /// through its `]` (`[::1]:8080` → `[::1]`), a name up to its `:`. Nothing is checked: that is the router's or
    /// ``allowedForm(_:)``'s.
    package static func droppingPort(_ header: Substring) -> Substring {
        if header.hasPrefix("["), let close = header.firstIndex(of: "]") { return header[...close] }
        return header.prefix { $0 != ":" }
    }

    /// How a built link writes a host a caller gives, as ``linkForm(_:)`` does, with the name a link's reader takes
    /// from it (`nil` for an IP literal); `nil` when no link could carry it back: anything but a name or a bracketed IP
    /// literal alone (`a:80`, `user@a`, `a/b`, `[::1`, an empty text).
    package static func checkedLinkForm(_ host: String) -> (written: String, name: String?)? {
        let written = linkForm(host)
        guard !written.isEmpty else { return nil }
        return TextBytes.with(written) { bytes in
            let whole = 0..<bytes.count
            if written.hasPrefix("[") { return (try? ipLiteral(in: bytes, whole)).map { _ in (written, nil) } }
            return (try? name(in: bytes, whole, allowsUnicode: false)).map { (written, $0) }
        }
    }

    /// The form an allowed host of a table's settings is compared in: an IP literal as links give it, a name with
    /// its ASCII letters lowercased and its Unicode labels in their `xn--` form (so that either form may be written).
    package static func allowedForm(_ host: String) -> String {
        if host.hasPrefix("["), let literal = TextBytes.with(host, { try? ipLiteral(in: $0, 0..<$0.count) }) {
            return literal
        }
        let lowered = URLSplitter.lowercasedASCII(host)
        guard !lowered.utf8.allSatisfy({ $0 < 0x80 }) else { return lowered }
        // An allowed host is the app's own text: a label past DNS's limit is compared as written, and matches no link.
        return asciiForm(lowered) ?? lowered
    }
}
