/// Router-wide settings that change how an input is taken apart.
struct SplitOptions: Sendable, Hashable {
    var routesFragments = false
    var decodesPlusInPath = false
    var limits = RoutingLimits()
}

/// A table's rules for the host: its policy and, when set, the hosts it allows.
struct HostRules: Sendable, Hashable {
    var policy: HostPolicy = .automatic
    /// Lowercased host names; `nil` allows every host.
    var allowedHosts: Set<ExactText>?
}

/// An input taken apart for one route table.
struct SplitURL: Sendable {
    /// The link, holding its components as a list.
    var link: DeepLink
    /// The path components as parameter values: the same as the link's components, except that a `+` is a space
    /// when the router decodes `+` in paths.
    var values: [String]

    /// Calls `body` with the split's components seen through buffers, as matching takes them.
    func withComponents<Result>(_ body: (SplitComponents) -> Result) -> Result {
        SplitComponents.withTexts(keys: link.pathComponents, values: values, body)
    }
}

/// Takes URLs and route strings apart on their UTF-8 bytes (DESIGN §2 and §11), without Foundation.
enum URLSplitter {
    /// Takes `input` apart.
    ///
    /// - Parameters:
    ///   - hostRules: the host rules of the table that the input's scheme routes to, given the scheme's bytes as
    ///     written (`nil` for a route string, see ``schemeText(_:)``); called once, right after the scheme is read.
    /// - Returns: the parts, or the first problem in reading order (`tooLong` before anything else).
    /// - Complexity: O(*n*) in the length of the input.
    static func split(
        _ input: String, options: SplitOptions, hostRules: (Slice<UnsafeBufferPointer<UInt8>>?) -> HostRules
    ) -> Result<SplitURL, URLRejection> {
        Result { () throws(URLRejection) in
            try withSplit(input, options: options, hostRules: hostRules) { (link: consuming DeepLink, components) in
                let texts = components.keyTexts
                link.components = .list(texts)
                return SplitURL(link: link, values: options.decodesPlusInPath ? components.values(from: 0) : texts)
            }
        }
    }

    /// Takes `input` apart as ``split(_:options:hostRules:)`` does and calls `body` with the link and the
    /// components that matching sees, the components in temporary storage that lives until `body` returns: a lookup
    /// allocates no component list. The link is `body`'s: a lookup moves it into the match it returns rather than
    /// copying it (and then destroying the split's own).
    @inline(__always)
    static func withSplit<Result>(
        _ input: String, options: SplitOptions, hostRules: (Slice<UnsafeBufferPointer<UInt8>>?) -> HostRules,
        _ body: (consuming DeepLink, SplitComponents) -> Result
    ) throws(URLRejection) -> Result {
        if input.utf8.count > max(options.limits.maxInputLength, 0) {
            throw URLRejection(
                .tooLong, at: max(options.limits.maxInputLength, 0), in: input,
                "the input is longer than \(options.limits.maxInputLength) bytes")
        }
        let outcome: Swift.Result<Result, URLRejection> = withUTF8(of: input) { bytes in
            // Components are at least a byte long and apart, so there are at most half as many as bytes, and
            // never more than the limit: for a short link the storage is a few hundred bytes of stack. Decoding
            // never lengthens, so the decoded components fit in as many bytes as the input has.
            let capacity = min(bytes.count / 2 + 2, max(options.limits.maxComponents, 0))
            return SplitRun.Storage.withTemporary(
                capacity: capacity, keepsRaws: options.decodesPlusInPath, scratchCount: bytes.count, for: input
            ) { storage, input in
                var run = SplitRun(bytes: bytes, options: options, storage: storage)
                do throws(URLRejection) {
                    let (link, components) = try run.split(input, hostRules: hostRules)
                    return .success(body(link, components))
                } catch {
                    return .failure(error)
                }
            }
        }
        switch consume outcome {
        case .success(let value): return value
        case .failure(let rejection): throw rejection
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text`: in place for a native string (no copy, no retain), else in a
    /// contiguous copy.
    @inline(__always)
    static func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// The components of the path in `input[range]`, after `host` when the host became the first component: what
    /// a split made them, made again from the bytes (which the split checked, so decoding them cannot fail).
    static func pathComponents(of input: String, in range: Range<Int>, after host: String?) -> [String] {
        withUTF8(of: input) { bytes in
            var components = host.map { [$0] } ?? []
            forEachComponent(of: bytes, in: range.clamped(to: 0..<bytes.count)) { component in
                components.append(
                    (try? PercentDecoding.decode(bytes, component))
                        ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[component]), as: UTF8.self))
            }
            return components
        }
    }

    /// Calls `body` with the range of each component of the path in `bytes[range]`: the bytes between slashes,
    /// empty components dropped.
    @inline(__always)
    static func forEachComponent<Failure>(
        of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, _ body: (Range<Int>) throws(Failure) -> Void
    ) throws(Failure) {
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start
            while end < range.upperBound, bytes[end] != UInt8(ascii: "/") { end += 1 }
            if end > start { try body(start..<end) }
            start = end + 1
        }
    }

    /// Whether `bytes` form an RFC 3986 scheme: a letter, then letters, digits, `+`, `-` or `.`.
    /// - Returns: the offset of the first byte that breaks the rule, or `nil` when the bytes are a scheme.
    static func firstNonSchemeByte(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard let first = range.first, isLetter(bytes[first]) else { return range.lowerBound }
        var index = first + 1
        while index < range.upperBound {
            let byte = bytes[index]
            let allowed =
                isLetter(byte) || byte &- UInt8(ascii: "0") < 10
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !allowed { return index }
            index += 1
        }
        return nil
    }

    /// Whether `text` is an RFC 3986 scheme (see ``firstNonSchemeByte(_:_:)``).
    static func isScheme(_ text: String) -> Bool {
        withUTF8(of: text) { firstNonSchemeByte($0, 0..<$0.count) == nil }
    }

    /// Whether the bytes are a dot segment, `.` or `..`, which would change the route if it were resolved.
    static func isDotSegment(_ bytes: some Collection<UInt8>) -> Bool {
        (1...2).contains(bytes.count) && bytes.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// The text of a scheme's bytes, which ``firstNonSchemeByte(_:_:)`` accepted: lowercased.
    static func schemeText(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        lowercasedASCII(bytes) ?? String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    /// Lowercases ASCII letters only, so the result never depends on Unicode case tables.
    static func lowercasedASCII(_ text: String) -> String {
        withUTF8(of: text) { lowercasedASCII($0[...]) } ?? text
    }

    /// The bytes as text with ASCII letters lowercased, or `nil` when they hold no uppercase letter (the caller
    /// then has the text already, or makes it from the bytes as they are).
    static func lowercasedASCII(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard bytes.contains(where: isUppercase) else { return nil }
        return String(decoding: bytes.lazy.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    static func isUppercase(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }
}

/// One pass over one input.
private struct SplitRun {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: SplitOptions
    var storage: Storage
    /// How many components `storage` holds.
    var componentCount = 0
    var query: [QueryItem] = []

    /// Temporary storage for the components, which lives as long as the split is looked at.
    struct Storage {
        /// Each component's decoded bytes: in the input, or in `scratch`.
        let keys: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>
        /// Each component's range in the input, kept only when `+` is decoded in paths (values decode it again).
        let raws: UnsafeMutableBufferPointer<Range<Int>>
        /// Room for decoded components: as many bytes as the input has.
        let scratch: UnsafeMutableBufferPointer<UInt8>
        /// How many components fit.
        let capacity: Int
        var scratchUsed = 0

        /// Calls `body` with storage for `capacity` components and `scratchCount` decoded bytes, in one temporary
        /// allocation (on the stack for a short link): one allocation rather than three, each of which would move
        /// the lookup's result once more on its way out. `body` borrows `input` as an argument: a closure that
        /// captured it retained and released it around the allocation, an atomic pair a lookup.
        @inline(__always)
        static func withTemporary<Result>(
            capacity: Int, keepsRaws: Bool, scratchCount: Int, for input: borrowing String,
            _ body: (Storage, borrowing String) -> Result
        ) -> Result {
            let keysBytes = capacity * MemoryLayout<UnsafeBufferPointer<UInt8>>.stride
            let rawsBytes = keepsRaws ? capacity * MemoryLayout<Range<Int>>.stride : 0
            let alignment = max(
                MemoryLayout<UnsafeBufferPointer<UInt8>>.alignment, MemoryLayout<Range<Int>>.alignment)
            return withUnsafeTemporaryAllocation(
                byteCount: keysBytes + rawsBytes + max(scratchCount, 1), alignment: alignment
            ) { memory in
                // The keys come first, at the allocation's alignment; the ranges after them, at a multiple of their
                // stride; the bytes last.
                let keys = UnsafeMutableRawBufferPointer(rebasing: memory[..<keysBytes])
                let raws = UnsafeMutableRawBufferPointer(rebasing: memory[keysBytes..<keysBytes + rawsBytes])
                let scratch = UnsafeMutableRawBufferPointer(rebasing: memory[(keysBytes + rawsBytes)...])
                return body(
                    Storage(
                        keys: keys.bindMemory(to: UnsafeBufferPointer<UInt8>.self),
                        raws: raws.bindMemory(to: Range<Int>.self), scratch: scratch.bindMemory(to: UInt8.self),
                        capacity: capacity), input)
            }
        }
    }

    /// Adds a component: its decoded bytes and where it was written.
    private mutating func append(_ key: UnsafeBufferPointer<UInt8>, raw: Range<Int>) throws(URLRejection) {
        // `capacity` is at least the number of components a link of this length can have; the check keeps it so.
        guard componentCount < storage.capacity else {
            throw URLRejection(
                .tooManyComponents, at: raw.lowerBound, component: componentCount, in: input,
                "the path has more than \(storage.capacity) components")
        }
        storage.keys[componentCount] = key
        if options.decodesPlusInPath { storage.raws[componentCount] = raw }
        componentCount += 1
    }

    private var limits: RoutingLimits { options.limits }

    /// The input, for a rejection to quote: the run keeps only its bytes, so that a lookup retains the input once,
    /// for the link it returns. The bytes are a string's UTF-8, so the text is that string's.
    private var input: String { String(decoding: bytes, as: UTF8.self) }

    /// Takes `input`, whose bytes the run reads, apart; its rejections quote `input` itself rather than the text
    /// made again from the bytes, which is the same.
    mutating func split(
        _ input: String, hostRules: (Slice<UnsafeBufferPointer<UInt8>>?) -> HostRules
    ) throws(URLRejection) -> (link: DeepLink, components: SplitComponents) {
        let count = bytes.count
        var cursor = 0
        // The scheme's bytes, `0..<schemeLength`: its text is made when the link's scheme is read.
        var schemeLength = 0
        // A scheme ends at a ':' that comes before any '/', '?' or '#'.
        if let colon = firstIndex(in: 0..<count, where: { $0 == UInt8(ascii: ":") || Self.endsPathSegment($0) }),
            bytes[colon] == UInt8(ascii: ":")
        {
            if let bad = URLSplitter.firstNonSchemeByte(bytes, 0..<colon) {
                if hasDoubleSlash(at: colon + 1) {
                    throw URLRejection(
                        .invalidScheme, at: bad, in: input,
                        "a scheme is a letter followed by letters, digits, '+', '-' or '.'")
                }
            } else {
                schemeLength = colon
                cursor = colon + 1
            }
        }

        var host: Host?
        let hasScheme = schemeLength > 0
        if hasScheme, hasDoubleSlash(at: cursor) {
            let authorityStart = cursor + 2
            let authorityEnd = firstIndex(in: authorityStart..<count, where: Self.endsPathSegment) ?? count
            // `myapp:///path`: an empty authority, the usual form of a custom-scheme link, has no host.
            if authorityEnd > authorityStart { host = try parseAuthority(authorityStart..<authorityEnd) }
            cursor = authorityEnd
        }

        // An authority with a port and no name (`myapp://:80/path`) names no host.
        let named = host.flatMap { $0.name.isEmpty ? nil : $0 }
        let rules = hostRules(hasScheme ? bytes[0..<schemeLength] : nil)
        // Without a named host and a list of allowed hosts, the rules have nothing to do: the usual custom-scheme
        // link (`myapp:///path`) skips them. Tested here, not in the rules' function: there it cost 60 instructions
        // a lookup.
        if hasScheme, named != nil || rules.allowedHosts != nil {
            try applyHostRules(rules, to: named, at: host?.range.lowerBound ?? cursor)
        }
        let hostIsComponent = componentCount > 0
        // The path ends at the first '?' or '#'; the query at the first '#' after it.
        let pathEnd = try addComponents(cursor..<count, endingAtQuery: true)
        let pathComponentCount = componentCount
        var fragmentStart = pathEnd
        if pathEnd < count, bytes[pathEnd] == UInt8(ascii: "?") {
            fragmentStart = firstIndex(of: "#", in: pathEnd + 1..<count) ?? count
            try addItems(pathEnd + 1..<fragmentStart)
        }

        var fragment: String?
        if fragmentStart < count {
            fragment = try parseFragment(fragmentStart + 1..<count)
        }
        let components = SplitComponents(
            keys: UnsafeBufferPointer(rebasing: storage.keys[0..<componentCount]),
            values: options.decodesPlusInPath
                ? .plusDecoded(
                    input: bytes, raw: UnsafeBufferPointer(rebasing: storage.raws[0..<componentCount]),
                    hostFirst: hostIsComponent) : .keys)
        // The items move to the link: a copy would retain their list, and the run's end release it again.
        var items: [QueryItem] = []
        swap(&items, &query)
        let link = DeepLink(
            input: input, schemeLength: schemeLength, host: named?.name,
            port: host?.port,
            // Components a routed fragment added are not in the path: those links keep their list.
            components: componentCount == pathComponentCount
                ? .path(cursor..<pathEnd, startsWithHost: hostIsComponent) : .list(components.keyTexts),
            query: QueryItems(items), fragment: fragment)
        return (link, components)
    }

    // MARK: Authority

    private struct Host {
        var name: String
        var range: Range<Int>
        var isIPLiteral: Bool
        var port: Int?
    }

    /// The host of an authority that is not empty.
    private func parseAuthority(_ range: Range<Int>) throws(URLRejection) -> Host {
        if firstIndex(of: "@", in: range) != nil {
            throw URLRejection(
                .userinfo, at: range.lowerBound, in: input, "user information ('user@') before the host is not allowed")
        }
        var hostEnd = firstIndex(of: ":", in: range) ?? range.upperBound
        let isIPLiteral = range.first.map { bytes[$0] == UInt8(ascii: "[") } ?? false
        if isIPLiteral {
            guard let close = firstIndex(of: "]", in: range) else {
                throw URLRejection(.invalidHost, at: range.lowerBound, in: input, "'[' has no matching ']'")
            }
            hostEnd = close + 1
            if hostEnd < range.upperBound, bytes[hostEnd] != UInt8(ascii: ":") {
                throw URLRejection(.invalidHost, at: hostEnd, in: input, "only a port may follow an IP literal")
            }
        } else if let bracket = bytes[range.lowerBound..<hostEnd].firstIndex(where: {
            $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
        }) {
            throw URLRejection(.invalidHost, at: bracket, in: input, "brackets may only enclose a whole IP literal")
        }
        let hostRange = range.lowerBound..<hostEnd
        if hostRange.count > limits.maxValueLength {
            throw URLRejection(
                .valueTooLong, at: hostRange.lowerBound, in: input,
                "the host is longer than \(limits.maxValueLength) bytes")
        }
        let name = try decode(hostRange, component: nil, plusAsSpace: false)
        return Host(
            name: URLSplitter.lowercasedASCII(name), range: hostRange, isIPLiteral: isIPLiteral,
            port: try parsePort(hostEnd < range.upperBound ? hostEnd + 1..<range.upperBound : nil))
    }

    private func parsePort(_ range: Range<Int>?) throws(URLRejection) -> Int? {
        guard let range, !range.isEmpty else { return nil }
        var port = 0
        for index in range {
            let byte = bytes[index]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                throw URLRejection(.invalidHost, at: index, in: input, "a port is made of digits only")
            }
            port = port * 10 + Int(byte - UInt8(ascii: "0"))
            if port > 65_535 {
                throw URLRejection(.invalidHost, at: range.lowerBound, in: input, "a port is at most 65535")
            }
        }
        return port
    }

    /// Applies the table's host policy and allowed hosts to the named host, if any (a URL without one is refused by a
    /// table that allows some hosts only): the host may become the first component.
    private mutating func applyHostRules(_ rules: HostRules, to named: Host?, at position: Int) throws(URLRejection) {
        var becomesComponent = false
        if let named, !named.isIPLiteral {
            switch rules.policy.kind {
            case .automatic:
                becomesComponent = !named.name.isExactly("localhost") && !named.name.utf8.contains(UInt8(ascii: "."))
            case .pathComponent: becomesComponent = true
            case .ignored: becomesComponent = false
            }
        }
        if let allowed = rules.allowedHosts {
            let keptAsHost = rules.policy == .automatic && becomesComponent ? nil : named?.name
            guard let keptAsHost, allowed.contains(ExactText(keptAsHost)) else {
                let message =
                    keptAsHost.map { "the host '\($0)' is not one of the allowed hosts" }
                    ?? "this table accepts only URLs with one of its allowed hosts"
                throw URLRejection(.hostNotAllowed, at: position, in: input, message)
            }
        }
        if becomesComponent, let named {
            if componentCount >= limits.maxComponents { throw tooManyComponents(at: named.range.lowerBound) }
            // The decoded, lowercased name is never longer than the host as written: it fits in the scratch.
            let start = storage.scratchUsed
            for byte in named.name.utf8 {
                storage.scratch[storage.scratchUsed] = byte
                storage.scratchUsed += 1
            }
            let key = UnsafeBufferPointer(rebasing: storage.scratch[start..<storage.scratchUsed])
            if URLSplitter.isDotSegment(key) { throw dotSegment(key, at: named.range.lowerBound) }
            try append(key, raw: named.range)
        }
    }

    // MARK: Path

    /// Adds the components of the path in `range`: the bytes between slashes, empty components dropped. With
    /// `endingAtQuery`, the path ends early at the first `?` or `#`.
    ///
    /// One pass over the bytes finds the components and which of them need decoding.
    /// - Returns: where the path ended.
    private mutating func addComponents(_ range: Range<Int>, endingAtQuery: Bool) throws(URLRejection) -> Int {
        var start = range.lowerBound
        var index = start
        var isPlain = true
        while index < range.upperBound {
            let byte = bytes[index]
            // Letters and the ASCII from `@` to `~`, the usual bytes, are none of the bytes below.
            if byte &- 0x40 < 0x3F {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "/") {
                if index > start { try addComponent(start..<index, isPlain: isPlain) }
                start = index + 1
                isPlain = true
            } else if byte == UInt8(ascii: "%") {
                isPlain = false
            } else if endingAtQuery, byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                break
            } else if !PercentDecoding.isPlainText(bytes, at: index, before: range.upperBound) {
                // A control character: decoding reports it, in reading order with the component's escapes.
                isPlain = false
            }
            index += 1
        }
        if index > start { try addComponent(start..<index, isPlain: isPlain) }
        return index
    }

    /// Adds a component; `isPlain` tells that its bytes hold no escape and no control character.
    ///
    /// The checks read the state's fields directly and call only `mutating` methods on it: a non-mutating method
    /// called here copied the whole state (152 bytes) once a component.
    @inline(__always)
    private mutating func addComponent(_ range: Range<Int>, isPlain: Bool) throws(URLRejection) {
        let index = componentCount
        if index >= options.limits.maxComponents { throw tooManyComponents(at: range.lowerBound) }
        if range.count > options.limits.maxValueLength {
            throw URLRejection(
                .valueTooLong, at: range.lowerBound, component: index, in: input,
                "the path component is longer than \(options.limits.maxValueLength) bytes")
        }
        var key = UnsafeBufferPointer(rebasing: bytes[range])
        if !isPlain {
            do throws(DecodingFailure) {
                key = try PercentDecoding.decodedBytes(
                    bytes, range, scratch: storage.scratch, scratchUsed: &storage.scratchUsed)
            } catch {
                throw URLRejection(error.code, at: error.position, component: index, in: input, error.message)
            }
        }
        if URLSplitter.isDotSegment(key) { throw dotSegment(key, at: range.lowerBound) }
        try append(key, raw: range)
    }

    private func tooManyComponents(at position: Int) -> URLRejection {
        URLRejection(
            .tooManyComponents, at: position, component: componentCount, in: input,
            "the path has more than \(limits.maxComponents) components")
    }

    private func dotSegment(_ key: UnsafeBufferPointer<UInt8>, at position: Int) -> URLRejection {
        URLRejection(
            .dotSegment, at: position, component: componentCount, in: input,
            "'\(String(decoding: key, as: UTF8.self))' would change the route if it were resolved")
    }

    // MARK: Query and fragment

    private mutating func addItems(_ range: Range<Int>) throws(URLRejection) {
        if query.isEmpty {
            // The list made once, at the number of pieces that are not empty (each an item, unless its name is
            // empty), within the limit: a list that grew as items came was made again for the second item, and each
            // time it filled after.
            var pieces = 0
            var previous = UInt8(ascii: "&")
            for index in range {
                if previous == UInt8(ascii: "&"), bytes[index] != UInt8(ascii: "&") { pieces += 1 }
                previous = bytes[index]
            }
            query.reserveCapacity(min(pieces, max(limits.maxQueryItems, 0)))
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let end = firstIndex(of: "&", in: start..<range.upperBound) ?? range.upperBound
            if end > start { try addItem(start..<end) }
            start = end + 1
        }
    }

    private mutating func addItem(_ range: Range<Int>) throws(URLRejection) {
        let equals = firstIndex(of: "=", in: range)
        let nameRange = range.lowerBound..<(equals ?? range.upperBound)
        let valueRange = equals.map { $0 + 1..<range.upperBound }
        if !nameRange.isEmpty {
            if query.count >= limits.maxQueryItems {
                throw URLRejection(
                    .tooManyQueryItems, at: range.lowerBound, in: input,
                    "the query has more than \(limits.maxQueryItems) items")
            }
            try checkLength(nameRange, "a query name")
        }
        let name = try decode(nameRange, component: nil, plusAsSpace: true)
        var value: String?
        if let valueRange {
            try checkLength(valueRange, "a query value")
            value = try decode(valueRange, component: nil, plusAsSpace: true)
        }
        // An item with an empty name gives no item, but its value must still be well formed.
        if !nameRange.isEmpty { query.append(QueryItem(name: name, value: value)) }
    }

    private mutating func parseFragment(_ range: Range<Int>) throws(URLRejection) -> String {
        try checkLength(range, "the fragment")
        if options.routesFragments, let first = range.first {
            if bytes[first] == UInt8(ascii: "/") {
                let questionMark = firstIndex(of: "?", in: range)
                _ = try addComponents(range.lowerBound..<(questionMark ?? range.upperBound), endingAtQuery: false)
                if let questionMark { try addItems(questionMark + 1..<range.upperBound) }
            } else if firstIndex(of: "=", in: range) != nil {
                try addItems(range)
            }
        }
        return try decode(range, component: nil, plusAsSpace: false)
    }

    private func checkLength(_ range: Range<Int>, _ what: String) throws(URLRejection) {
        if range.count > limits.maxValueLength {
            throw URLRejection(
                .valueTooLong, at: range.lowerBound, in: input, "\(what) is longer than \(limits.maxValueLength) bytes")
        }
    }

    // MARK: Bytes

    private func decode(_ range: Range<Int>, component: Int?, plusAsSpace: Bool) throws(URLRejection) -> String {
        do throws(DecodingFailure) {
            return try PercentDecoding.decode(bytes, range, plusAsSpace: plusAsSpace)
        } catch {
            throw URLRejection(error.code, at: error.position, component: component, in: input, error.message)
        }
    }

    private func firstIndex(of character: Unicode.Scalar, in range: Range<Int>) -> Int? {
        let target = UInt8(ascii: character)
        return firstIndex(in: range) { $0 == target }
    }

    /// The first index in `range` whose byte satisfies `predicate`.
    @inline(__always)
    private func firstIndex(in range: Range<Int>, where predicate: (UInt8) -> Bool) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if predicate(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    /// Whether the byte ends a path segment, or the authority: `/`, `?` or `#`.
    private static func endsPathSegment(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private func hasDoubleSlash(at index: Int) -> Bool {
        index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/")
    }
}
