/// Writes JSON with keys in the order given, for output that people read as well as programs.
struct JSONWriter {
    private(set) var text = ""
    private var needsComma: [Bool] = []

    enum Value {
        case string(String)
        case null
        case raw(String)
    }

    mutating func openObject() {
        separate()
        text += "{"
        needsComma.append(false)
    }

    mutating func closeObject() {
        text += "}"
        needsComma.removeLast()
    }

    mutating func openArray(_ key: String? = nil) {
        if let key { keyPrefix(key) } else { separate() }
        text += "["
        needsComma.append(false)
    }

    mutating func closeArray() {
        text += "]"
        needsComma.removeLast()
    }

    mutating func openObject(_ key: String) {
        keyPrefix(key)
        text += "{"
        needsComma.append(false)
    }

    mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        keyPrefix(key)
        text += Self.quoted(value)
    }

    mutating func element(_ value: String?) {
        separate()
        text += value.map(Self.quoted) ?? "null"
    }

    private mutating func keyPrefix(_ key: String) {
        separate()
        text += Self.quoted(key) + ":"
    }

    private mutating func separate() {
        guard !needsComma.isEmpty else { return }
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
