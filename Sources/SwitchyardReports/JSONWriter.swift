/// Writes JSON as UTF-8 bytes, with keys in the order given, for output that people read as well as programs.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.openObject()
/// writer.field("id", "1988")
/// writer.closeObject()
/// writer.text  // {"id":"1988"}
/// ```
package struct JSONWriter {
    /// What is written so far.
    package private(set) var bytes: [UInt8] = []
    /// For each open object or array, innermost in the lowest bit: whether it has a member already, so the next
    /// one needs a comma. Nesting is shallower than 64 levels here.
    private var hasMembers: UInt64 = 0
    private var depth = 0

    package init() {}

    /// Calls `body` with a writer that appends to `output` in place (the bytes move into the writer and back, with no
    /// copy), then ends the JSON with a newline: one line of a JSON-lines stream.
    package static func appendLine(to output: inout [UInt8], _ body: (inout JSONWriter) -> Void) {
        var writer = JSONWriter()
        swap(&writer.bytes, &output)
        body(&writer)
        swap(&writer.bytes, &output)
        output.append(UInt8(ascii: "\n"))
    }

    /// What is written so far, as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func openObject() {
        separate()
        open(UInt8(ascii: "{"))
    }

    package mutating func openObject(_ key: String) {
        keyPrefix(key)
        open(UInt8(ascii: "{"))
    }

    package mutating func closeObject() {
        close(UInt8(ascii: "}"))
    }

    package mutating func openArray(_ key: String? = nil) {
        if let key { keyPrefix(key) } else { separate() }
        open(UInt8(ascii: "["))
    }

    package mutating func closeArray() {
        close(UInt8(ascii: "]"))
    }

    /// A string member; nothing for `nil`.
    package mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        keyPrefix(key)
        Self.appendQuoted(value, to: &bytes)
    }

    /// A number member.
    package mutating func field(_ key: String, number: Int) {
        keyPrefix(key)
        bytes += String(number).utf8
    }

    /// A Boolean member.
    package mutating func field(_ key: String, bool: Bool) {
        keyPrefix(key)
        bytes += (bool ? "true" : "false").utf8
    }

    /// A string element of an array, `null` for `nil`.
    package mutating func element(_ value: String?) {
        separate()
        if let value { Self.appendQuoted(value, to: &bytes) } else { bytes += "null".utf8 }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        hasMembers <<= 1
        depth += 1
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        hasMembers >>= 1
        depth -= 1
    }

    private mutating func keyPrefix(_ key: String) {
        separate()
        Self.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func separate() {
        guard depth > 0 else { return }
        if hasMembers & 1 != 0 { bytes.append(UInt8(ascii: ",")) }
        hasMembers |= 1
    }

    /// Appends `string` as a JSON string literal to `bytes`: in one copy when nothing in it needs escaping, the usual
    /// case.
    private static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let copied = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true { appendEscaped(string, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ string: String, to bytes: inout [UInt8]) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": bytes += #"\""#.utf8
            case "\\": bytes += #"\\"#.utf8
            case "\n": bytes += #"\n"#.utf8
            case "\r": bytes += #"\r"#.utf8
            case "\t": bytes += #"\t"#.utf8
            case _ where isControl(scalar.value):
                let hex = String(scalar.value, radix: 16)
                bytes += #"\u"#.utf8
                bytes += repeatElement(UInt8(ascii: "0"), count: 4 - hex.count)
                bytes += hex.utf8
            default: bytes += String(scalar).utf8
            }
        }
    }

    /// Whether a UTF-8 byte may start something that is escaped: a quote, a backslash, a C0 control or DEL, or the
    /// lead byte of a C1 control (U+0080 to U+009F are written C2 80 to C2 9F).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2
    }

    /// The code points written as `\u` escapes: C0 controls, DEL and C1 controls.
    private static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
    }
}
