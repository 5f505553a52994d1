/// One line of a links file: a link, or `COUNT<TAB>link` as analytics exports write them, or a line that is not
/// read, with the reason's code.
enum AuditLine: Equatable {
    /// A link and how many times it was seen (1 for a line with no count).
    case link(String, count: Int)
    /// A line that holds no link to audit.
    case unreadable(code: String)

    /// The most digits a count has: 15, so that ten million counts add up without overflowing.
    static let maxCountDigits = 15

    /// Reads a line, its newline removed.
    ///
    /// Codes: `invalidUTF8` (bytes that are not UTF-8), `invalidCount` (text before a tab that is not a count of
    /// at most 15 digits), `missingLink` (nothing after the count's tab).
    init(_ line: ArraySlice<UInt8>) {
        var link = line
        var count = 1
        if let tab = line.firstIndex(of: UInt8(ascii: "\t")) {
            let digits = line[..<tab]
            guard !digits.isEmpty, digits.count <= Self.maxCountDigits,
                digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else {
                self = .unreadable(code: "invalidCount")
                return
            }
            count = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            link = line[(tab + 1)...]
            guard !link.isEmpty else {
                self = .unreadable(code: "missingLink")
                return
            }
        }
        guard let text = Self.text(link) else {
            self = .unreadable(code: "invalidUTF8")
            return
        }
        self = .link(text, count: count)
    }

    /// The text of `bytes`, or `nil` when they are not UTF-8.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        if !bytes.allSatisfy({ $0 < 0x80 }) {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            loop: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid: continue
                case .emptyInput: break loop
                case .error: return nil
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
