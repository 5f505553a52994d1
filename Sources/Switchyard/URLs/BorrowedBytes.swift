// The one home of the unsafe reads that taking a link apart needs. Two views, each made only by a `with…` function
// that owns the memory it reads, passed down as an argument, and never kept past that function's return:
// - `TextBytes`: the UTF-8 bytes of a string or an array, read in place;
// - `SplitComponents`: one split's components, in temporary storage (on the stack for a short link), so that a
//   lookup allocates no list of components.
// Every read through them is bounds-checked; no pointer leaves this file.

/// The UTF-8 bytes of a text, borrowed for the time of a call.
///
/// ```swift
/// let count = TextBytes.with("myapp://a/b") { bytes in bytes.count(where: { $0 == UInt8(ascii: "/") }) }  // 4
/// ```
struct TextBytes: RandomAccessCollection {
    fileprivate let buffer: UnsafeBufferPointer<UInt8>

    fileprivate init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }

    subscript(position: Int) -> UInt8 {
        // The view's own bounds check, as an array's: a position past the bytes is a bug in the caller, never input.
        let isInBounds = UInt(bitPattern: position) < UInt(bitPattern: buffer.count)
        precondition(isInBounds, "a position past the text's bytes")  // NB: never input
        return buffer[position]
    }

    /// The first index in `range` whose byte satisfies `predicate`. The range is checked once, before the scan,
    /// which then reads only within it: the loops that take a link apart scan this way.
    @inline(__always)
    func firstIndex(in range: Range<Int>, where predicate: (UInt8) -> Bool) -> Int? {
        let stop = scan(range) { _, byte in !predicate(byte) }
        return stop < range.upperBound ? stop : nil
    }

    /// Calls `body` with each position in `range` and its byte, in order, until it returns `false`.
    /// - Returns: the position where `body` stopped, or the end of the range.
    @inline(__always)
    func scan<Failure: Error>(
        _ range: Range<Int>, _ body: (_ position: Int, _ byte: UInt8) throws(Failure) -> Bool
    ) throws(Failure) -> Int {
        // Ranges come from the split's own offsets: one past the text is a bug, never input.
        let isWithin = range.lowerBound >= 0 && range.upperBound <= buffer.count
        precondition(isWithin, "a range past the text")  // NB: never input
        var index = range.lowerBound
        while index < range.upperBound {
            // In bounds: the range is within the buffer.
            if try !body(index, buffer[index]) { return index }
            index += 1
        }
        return index
    }

    /// The text of the bytes in `range`, made in place (as `String(decoding:as:)` makes it, ill-formed bytes repaired).
    func text(_ range: Range<Int>) -> String {
        String(utf8Bytes: buffer[checked: range])
    }

    /// The text of all the bytes.
    var text: String { text(0..<count) }

    /// Whether these bytes equal the as many bytes of `other` from `start` on.
    func equals(_ other: [UInt8], at start: Int) -> Bool {
        guard start >= 0, start <= other.count - buffer.count else { return false }
        return other.withUnsafeBufferPointer { other in
            // In bounds: checked above. Compared a word, then a half, a quarter and a byte at a time.
            guard let mine = buffer.baseAddress, let theirs = other.baseAddress else { return buffer.isEmpty }
            let (left, right) = (UnsafeRawPointer(mine), UnsafeRawPointer(theirs + start))
            var offset = 0
            while offset + 8 <= buffer.count {
                guard
                    left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            if buffer.count - offset >= 4 {
                guard
                    left.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        == right.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                else { return false }
                offset += 4
            }
            if buffer.count - offset >= 2 {
                guard
                    left.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
                        == right.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
                else { return false }
                offset += 2
            }
            return offset == buffer.count || mine[offset] == theirs[start + offset]
        }
    }

    /// The hash of these bytes that ``LiteralEdges/hash(_:)`` makes, eight bytes read at a time as one
    /// little-endian word, and the last few as one word of their own.
    var literalHash: UInt32 {
        let multiplier = LiteralEdges.hashMultiplier
        var hash = UInt64(truncatingIfNeeded: buffer.count) &* multiplier
        var tail: UInt64 = 0
        if let base = buffer.baseAddress {
            // In bounds: every load ends at or before `buffer.count`.
            let bytes = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= buffer.count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                hash = (hash ^ word) &* multiplier
                index += 8
            }
            var shift: UInt64 = 0
            if buffer.count - index >= 4 {
                tail = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
                (shift, index) = (32, index + 4)
            }
            if buffer.count - index >= 2 {
                let half = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt16.self))
                tail |= UInt64(half) << shift
                (shift, index) = (shift + 16, index + 2)
            }
            if index < buffer.count { tail |= UInt64(base[index]) << shift }
        }
        hash = (hash ^ tail) &* multiplier
        return UInt32(truncatingIfNeeded: hash >> 32)
    }

    /// Calls `body` with the bytes of `text`: in place for a native string (no copy), else in a contiguous copy.
    @inline(__always)
    static func with<Result>(_ text: String, _ body: (TextBytes) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(TextBytes($0)) }) { return result }
        var copy = text
        return copy.withUTF8 { body(TextBytes($0)) }
    }

    /// Calls `body` with the bytes of an array.
    static func with<Result>(_ bytes: [UInt8], _ body: (TextBytes) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(TextBytes($0)) }
    }

    /// Makes a text of at most `capacity` bytes, which `fill` writes one by one through `write`.
    static func makeText<Failure>(
        capacity: Int, _ fill: (_ write: (UInt8) -> Void) throws(Failure) -> Void
    ) throws(Failure) -> String {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(capacity, 1)) { output throws(Failure) in
            var count = 0
            try fill { byte in
                // `fill` writes at most `capacity` bytes (decoding never lengthens): a bug otherwise, never input.
                precondition(count < capacity, "more bytes than the text's capacity")  // NB: never input
                output[count] = byte
                count += 1
            }
            return String(utf8Bytes: UnsafeBufferPointer(rebasing: output[..<count]))
        }
    }
}

/// The path components of a split link as matching reads them, borrowed for the time of one lookup: each
/// component's decoded bytes (its key, which literals compare with), and the text a parameter that captures it gets.
///
/// A component that holds no escape is its own bytes in the input; only an escaped one is decoded, into scratch
/// storage. A parameter's value is made into a `String` only for the components a matched route captures.
struct SplitComponents {
    fileprivate let keys: KeySource
    fileprivate let values: ValueSource
    /// How many components there are.
    let count: Int

    /// Where the components' keys are.
    fileprivate enum KeySource {
        /// Each key's bytes, where they are (in the input, or in scratch room).
        case spans(UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>)
        /// Each key is `bytes[ranges[i]]`.
        case ranges(bytes: UnsafeBufferPointer<UInt8>, ranges: UnsafeBufferPointer<Range<Int>>)
    }

    /// Where a component's value comes from.
    fileprivate enum ValueSource {
        /// The value is the key's text.
        case keys
        /// The value is the component as written in `input[raw[i]]`, decoded again with `+` as a space (a router
        /// that decodes `+` in paths); the host, when it is the first component, is lowercased.
        case plusDecoded(input: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<Range<Int>>, hostFirst: Bool)
        /// The values are given as text.
        case list(UnsafeBufferPointer<String>)
    }

    fileprivate init(keys: KeySource, values: ValueSource) {
        self.keys = keys
        self.values = values
        switch keys {
        case .spans(let spans): count = spans.count
        case .ranges(_, let ranges): count = ranges.count
        }
    }

    /// The decoded bytes of component `index`, as literals compare with them.
    @inline(__always)
    func key(at index: Int) -> TextBytes { TextBytes(keyBytes(at: index)) }

    @inline(__always)
    private func keyBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        switch keys {
        case .spans(let spans):
            return spans[checked: index]
        case .ranges(let bytes, let ranges):
            return bytes[checked: ranges[checked: index]]
        }
    }

    /// The value a parameter that captures component `index` gets.
    func value(at index: Int) -> String {
        switch values {
        case .keys:
            return String(utf8Bytes: keyBytes(at: index))
        case .list(let list):
            return list[checked: index]
        case .plusDecoded(let input, let raw, let hostFirst):
            // The split checked these bytes already: decoding them again cannot fail.
            let bytes = TextBytes(input)
            guard let value = try? PercentDecoding.decode(bytes, raw[checked: index], plusAsSpace: true) else {
                return key(at: index).text
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
        (0..<count).map { key(at: $0).text }
    }

    /// Calls `body` with components whose keys are `bytes[ranges[i]]` and whose values are `values`, one a range,
    /// without copying either: what a hierarchical walk reads, level by level, from the components that remain.
    static func withRanges<Result>(
        in bytes: [UInt8], _ ranges: ArraySlice<Range<Int>>, values: ArraySlice<String>,
        _ body: (SplitComponents) -> Result
    ) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            ranges.withUnsafeBufferPointer { ranges in
                values.withUnsafeBufferPointer { values in
                    body(SplitComponents(keys: .ranges(bytes: bytes, ranges: ranges), values: .list(values)))
                }
            }
        }
    }

    /// Calls `body` with these components, their keys replaced by `keys` (one a component) and their values kept.
    func withKeys<Result>(_ keys: [String], _ body: (SplitComponents) -> Result) -> Result {
        Self.withSpans(of: keys) { spans in
            guard case .keys = values else { return body(SplitComponents(keys: .spans(spans), values: values)) }
            let texts = keyTexts
            return texts.withUnsafeBufferPointer { body(SplitComponents(keys: .spans(spans), values: .list($0))) }
        }
    }

    /// Calls `body` with the UTF-8 bytes of each text, laid end to end in one buffer.
    private static func withSpans<Result>(
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

/// The components of one split as the splitter adds them, in temporary storage that lives as long as the split is
/// looked at (a copy refers to the same storage, and one copy adds at a time): each component's decoded bytes (in
/// the input, or decoded into scratch room as large as the input), and, when `+` is decoded in paths, where each
/// was written.
struct ComponentStorage {
    private let input: UnsafeBufferPointer<UInt8>
    private let keys: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>
    private let raws: UnsafeMutableBufferPointer<Range<Int>>
    private let scratch: UnsafeMutableBufferPointer<UInt8>
    private var scratchUsed = 0
    /// How many components fit.
    let capacity: Int
    /// How many components there are.
    private(set) var count = 0

    /// Calls `body` with room for `capacity` components of `input`, in one temporary allocation (on the stack for a
    /// short link). Decoding never lengthens, so the decoded components fit in as many bytes as the input has.
    static func withTemporary<Result>(
        capacity: Int, keepsRaws: Bool, for input: TextBytes, _ body: (ComponentStorage) -> Result
    ) -> Result {
        let keysBytes = capacity * MemoryLayout<UnsafeBufferPointer<UInt8>>.stride
        let rawsBytes = keepsRaws ? capacity * MemoryLayout<Range<Int>>.stride : 0
        let alignment = max(MemoryLayout<UnsafeBufferPointer<UInt8>>.alignment, MemoryLayout<Range<Int>>.alignment)
        return withUnsafeTemporaryAllocation(
            byteCount: keysBytes + rawsBytes + max(input.count, 1), alignment: alignment
        ) { memory in
            // The keys first, at the allocation's alignment; the ranges after them, at a multiple of their stride;
            // the bytes last.
            let keys = UnsafeMutableRawBufferPointer(rebasing: memory[..<keysBytes])
            let raws = UnsafeMutableRawBufferPointer(rebasing: memory[keysBytes..<keysBytes + rawsBytes])
            let scratch = UnsafeMutableRawBufferPointer(rebasing: memory[(keysBytes + rawsBytes)...])
            return body(
                ComponentStorage(
                    input: input.buffer, keys: keys.bindMemory(to: UnsafeBufferPointer<UInt8>.self),
                    raws: raws.bindMemory(to: Range<Int>.self), scratch: scratch.bindMemory(to: UInt8.self),
                    capacity: capacity))
        }
    }

    private init(
        input: UnsafeBufferPointer<UInt8>, keys: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>,
        raws: UnsafeMutableBufferPointer<Range<Int>>, scratch: UnsafeMutableBufferPointer<UInt8>, capacity: Int
    ) {
        self.input = input
        self.keys = keys
        self.raws = raws
        self.scratch = scratch
        self.capacity = capacity
    }

    /// Adds the component written at `input[raw]`, whose bytes are its key: it holds no escape.
    /// - Returns: its key.
    @inline(__always)
    mutating func appendPlain(_ raw: Range<Int>) -> TextBytes {
        append(input[checked: raw], raw: raw)
    }

    /// Adds the component written at `input[raw]`, decoded once.
    /// - Returns: its key.
    /// - Throws: ``DecodingFailure`` for a bad escape, bytes that are not UTF-8, or a control character.
    mutating func appendDecoded(_ raw: Range<Int>) throws(DecodingFailure) -> TextBytes {
        let start = scratchUsed
        try PercentDecoding.decodeEscapes(TextBytes(input), raw, plusAsSpace: false) { write($0) }
        return append(UnsafeBufferPointer(scratch)[checked: start..<scratchUsed], raw: raw)
    }

    /// Adds a host that became the first component: its decoded, lowercased name, written at `input[raw]`.
    /// - Returns: its key.
    mutating func appendHost(_ name: String, raw: Range<Int>) -> TextBytes {
        let start = scratchUsed
        for byte in name.utf8 { write(byte) }
        return append(UnsafeBufferPointer(scratch)[checked: start..<scratchUsed], raw: raw)
    }

    /// Writes a decoded byte to the scratch room, which is as large as the input: decoded text is never longer than
    /// what was written.
    private mutating func write(_ byte: UInt8) {
        // Decoding never lengthens, so the room never runs out: a bug otherwise, never input.
        precondition(scratchUsed < scratch.count, "more decoded bytes than the input has")  // NB: never input
        scratch[scratchUsed] = byte
        scratchUsed += 1
    }

    /// Whether the storage holds `limit` components, or as many as it has room for: one more is over the limit.
    func isFull(limit: Int) -> Bool {
        count >= min(limit, capacity)
    }

    private mutating func append(_ key: UnsafeBufferPointer<UInt8>, raw: Range<Int>) -> TextBytes {
        // The splitter checks the count against `capacity` before it adds a component.
        precondition(count < capacity, "more components than the storage holds")  // NB: never input
        keys[count] = key
        if !raws.isEmpty { raws[count] = raw }
        count += 1
        return TextBytes(key)
    }

    /// The components added, as matching reads them; with `decodesPlus`, values are decoded again with `+` as a
    /// space, the first lowercased when it is the host (`hostFirst`).
    func components(decodesPlus: Bool, hostFirst: Bool) -> SplitComponents {
        let keys = SplitComponents.KeySource.spans(UnsafeBufferPointer(rebasing: keys[..<count]))
        guard decodesPlus, !raws.isEmpty else { return SplitComponents(keys: keys, values: .keys) }
        return SplitComponents(
            keys: keys,
            values: .plusDecoded(
                input: input, raw: UnsafeBufferPointer(rebasing: raws[..<count]), hostFirst: hostFirst))
    }
}

extension UnsafeBufferPointer {
    /// The element at `index`, bounds-checked in every build (a buffer's own check is in debug builds only).
    fileprivate subscript(checked index: Int) -> Element {
        // Indices come from the split's own counts: one past them is a bug, never input.
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "an index past the buffer")  // NB: never input
        return self[index]
    }

    /// The elements in `range`, bounds-checked in every build, as a buffer of their own.
    fileprivate subscript(checked range: Range<Int>) -> UnsafeBufferPointer<Element> {
        // Ranges come from the split's own offsets: one past the buffer is a bug, never input.
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range past the buffer")  // NB: never input
        return UnsafeBufferPointer(rebasing: self[range])
    }
}

extension String {
    /// The text of UTF-8 bytes, as `String(decoding:as:)` makes it (an ill-formed sequence repaired), made in place,
    /// in the string's own storage: a short ASCII text, the usual value in a link, needs no allocation.
    fileprivate init(utf8Bytes bytes: UnsafeBufferPointer<UInt8>) {
        self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
            guard let base = bytes.baseAddress, let target = buffer.baseAddress else { return 0 }
            target.initialize(from: base, count: bytes.count)
            return bytes.count
        }
    }
}
