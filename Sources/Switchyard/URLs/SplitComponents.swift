/// The path components of a split link as matching reads them, borrowed for the time of one lookup: each
/// component's decoded bytes, and the text a parameter that captures it gets.
///
/// A component that holds no escape is its own bytes in the input; only an escaped one is decoded, into scratch
/// storage. A parameter's value is made into a `String` only for the components a matched route captures.
struct SplitComponents {
    /// Each component's decoded bytes, as literals compare with them.
    var keys: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    /// Where the values come from.
    var values: ValueSource

    /// Where a component's value comes from.
    enum ValueSource {
        /// The value is the key's text.
        case keys
        /// The value is the component as written in `input[raw[i]]`, decoded again with `+` as a space (a router
        /// that decodes `+` in paths); the host, when it is the first component, is lowercased.
        case plusDecoded(input: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<Range<Int>>, hostFirst: Bool)
        /// The values are given as text (what remains of a link in a hierarchical walk).
        case list(UnsafeBufferPointer<String>)
    }

    var count: Int { keys.count }

    /// The value a parameter that captures component `index` gets.
    func value(at index: Int) -> String {
        switch values {
        case .keys:
            return String(utf8Bytes: keys[index])
        case .list(let list):
            return list[index]
        case .plusDecoded(let input, let raw, let hostFirst):
            // The split checked these bytes already: decoding them again cannot fail.
            guard let value = try? PercentDecoding.decode(input, raw[index], plusAsSpace: true) else {
                return String(decoding: keys[index], as: UTF8.self)
            }
            return hostFirst && index == 0 ? URLSplitter.lowercasedASCII(value) : value
        }
    }

    /// The values of the components from `start` on: what a trailing wildcard captures.
    func values(from start: Int) -> [String] {
        (start..<count).map(value(at:))
    }

    /// The components' decoded text.
    var keyTexts: [String] {
        keys.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with components whose keys and values are the given texts.
    static func withTexts<Result>(
        keys: [String], values: [String], _ body: (SplitComponents) -> Result
    ) -> Result {
        withSpans(of: keys) { spans in
            values.withUnsafeBufferPointer { values in body(SplitComponents(keys: spans, values: .list(values))) }
        }
    }

    /// Calls `body` with the UTF-8 bytes of each text, laid end to end in one buffer.
    static func withSpans<Result>(
        of texts: [String], _ body: (UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> Result
    ) -> Result {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count })
        for text in texts { bytes.append(contentsOf: text.utf8) }
        return bytes.withUnsafeBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: max(texts.count, 1)) {
                spans in
                var start = 0
                for (index, text) in texts.enumerated() {
                    let end = start + text.utf8.count
                    spans.initializeElement(at: index, to: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                }
                return body(UnsafeBufferPointer(rebasing: spans[..<texts.count]))
            }
        }
    }
}
