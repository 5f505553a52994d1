/// One pass over one input: the scheme, the authority, the path, the query and the fragment in reading order, the
/// components added to temporary storage (see ``ComponentStorage``), the first problem thrown.
struct SplitRun {
    /// The input's UTF-8 bytes. The run keeps no reference to the input itself: a lookup retains the input once,
    /// for the link it returns.
    let bytes: TextBytes
    let options: SplitOptions
    var storage: ComponentStorage
    var query: [QueryItem] = []
    /// Whether the host became the first component.
    private(set) var hostIsComponent = false

    init(bytes: TextBytes, options: SplitOptions, storage: ComponentStorage) {
        self.bytes = bytes
        self.options = options
        self.storage = storage
    }

    /// The components added, as matching reads them.
    var components: SplitComponents {
        storage.components(decodesPlus: options.decodesPlusInPath, hostFirst: hostIsComponent)
    }

    /// The input, for a rejection to quote: the text of its bytes, which are a string's UTF-8, and so that string.
    var input: String { bytes.text }

    /// Takes `original`, whose bytes the run reads, apart.
    /// - Parameter hostRules: the rules of the table the scheme routes to, given the scheme's bytes.
    /// - Returns: the link; the components stay in the run's storage.
    mutating func split(
        _ original: borrowing String, hostRules: (Slice<TextBytes>?) -> HostRules
    ) throws(URLRejection) -> DeepLink {
        let count = bytes.count
        // The scheme's bytes, `0..<schemeLength`: its text is made when the link's scheme is read.
        let schemeLength = try schemeLength()
        let hasScheme = schemeLength > 0
        var cursor = hasScheme ? schemeLength + 1 : 0

        var host: Host?
        let rules = hostRules(hasScheme ? bytes[0..<schemeLength] : nil)
        if hasScheme, bytes.hasDoubleSlash(at: cursor) {
            let authorityStart = cursor + 2
            let authorityEnd = bytes.firstIndex(in: authorityStart..<count, where: Self.endsPathSegment) ?? count
            // `myapp:///path`: an empty authority, the usual form of a custom-scheme link, has no host.
            if authorityEnd > authorityStart {
                host = try Self.parseAuthority(
                    authorityStart..<authorityEnd, in: bytes, limits: options.limits,
                    allowsUnicode: rules.allowsUnicodeNames)
            }
            cursor = authorityEnd
        }

        // An authority with a port and no name (`myapp://:80/path`) names no host.
        let named = host.flatMap { $0.name.isEmpty ? nil : $0 }
        // Without a named host and a list of allowed hosts, the rules have nothing to do: the usual custom-scheme
        // link (`myapp:///path`) skips them.
        if hasScheme, named != nil || rules.allowedHosts != nil {
            try applyHostRules(rules, to: named, at: host?.range.lowerBound ?? cursor)
        }
        hostIsComponent = storage.count > 0
        // The path ends at the first '?' or '#'; the query at the first '#' after it.
        let pathEnd = try addComponents(cursor..<count, endingAtQuery: true)
        let pathComponentCount = storage.count
        var fragmentStart = pathEnd
        if pathEnd < count, bytes[pathEnd] == UInt8(ascii: "?") {
            fragmentStart = bytes.firstIndex(of: "#", in: pathEnd + 1..<count) ?? count
            try addItems(pathEnd + 1..<fragmentStart)
        }

        var fragment: String?
        if fragmentStart < count {
            fragment = try parseFragment(fragmentStart + 1..<count)
        }
        // The items move to the link: a copy would retain their list, and the run's end release it again.
        var items: [QueryItem] = []
        swap(&items, &query)
        return DeepLink(
            input: copy original, schemeLength: Int32(schemeLength), host: named?.name,
            port: host?.port,
            // Components a routed fragment added are not in the path: those links keep their list.
            components: storage.count == pathComponentCount
                ? .path(start: Int32(cursor), end: Int32(pathEnd), startsWithHost: hostIsComponent)
                : .list(components.keyTexts),
            query: QueryItems(items), fragment: fragment)
    }

    /// The length of the input's scheme: the bytes before a ':' that comes before any '/', '?' or '#', when they
    /// make a scheme; 0 when there is none (a route string, or a ':' in its first component).
    /// - Throws: ``URLRejection`` for a scheme of bad bytes followed by `//`, which can only be a URL.
    @inline(__always)
    private func schemeLength() throws(URLRejection) -> Int {
        guard
            let colon = bytes.firstIndex(
                in: 0..<bytes.count, where: { $0 == UInt8(ascii: ":") || Self.endsPathSegment($0) }),
            bytes[colon] == UInt8(ascii: ":")
        else { return 0 }
        guard let bad = URLSplitter.firstNonSchemeByte(bytes, 0..<colon) else { return colon }
        if bytes.hasDoubleSlash(at: colon + 1) {
            throw URLRejection(
                .invalidScheme, at: bad, in: input, "a scheme is a letter followed by letters, digits, '+', '-' or '.'")
        }
        return 0
    }

    // MARK: Path

    /// Adds the components of the path in `range`: the bytes between slashes, empty components dropped. With
    /// `endingAtQuery`, the path ends early at the first `?` or `#`.
    ///
    /// One pass over the bytes finds the components and which of them need decoding.
    /// - Returns: where the path ended.
    private mutating func addComponents(_ range: Range<Int>, endingAtQuery: Bool) throws(URLRejection) -> Int {
        var start = range.lowerBound
        var isPlain = true
        let end = try bytes.scan(range) { (index, byte) throws(URLRejection) -> Bool in
            // Letters and the ASCII from `@` to `~`, the usual bytes, are none of the bytes below.
            if byte &- 0x40 < 0x3F { return true }
            if byte == UInt8(ascii: "/") {
                if index > start { try addComponent(start..<index, isPlain: isPlain) }
                start = index + 1
                isPlain = true
            } else if byte == UInt8(ascii: "%") {
                isPlain = false
            } else if endingAtQuery, byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                return false
            } else if !PercentDecoding.isPlainText(byte, in: bytes, at: index, before: range.upperBound) {
                // A control character: decoding reports it, in reading order with the component's escapes.
                isPlain = false
            }
            return true
        }
        if end > start { try addComponent(start..<end, isPlain: isPlain) }
        return end
    }

    /// Adds a component; `isPlain` tells that its bytes hold no escape and no control character. The component is
    /// checked (its length, a dot segment) after it is added: a rejection ends the split.
    @inline(__always)
    private mutating func addComponent(_ range: Range<Int>, isPlain: Bool) throws(URLRejection) {
        let index = storage.count
        // The checks read the run's fields directly: a method that is not `mutating`, called from one that is, takes
        // a copy of the whole run.
        if storage.isFull(limit: options.limits.maxComponents) { throw tooManyComponents(at: range.lowerBound) }
        if range.count > options.limits.maxValueLength {
            throw URLRejection(
                .valueTooLong, at: range.lowerBound, component: index, in: input,
                "the path component is longer than \(options.limits.maxValueLength) bytes")
        }
        let key: TextBytes
        if isPlain {
            key = storage.appendPlain(range)
        } else {
            do throws(DecodingFailure) {
                key = try storage.appendDecoded(range)
            } catch {
                throw URLRejection(error.code, at: error.position, component: index, in: input, error.message)
            }
        }
        if URLSplitter.isDotSegment(key) { throw dotSegment(key, at: range.lowerBound) }
    }

    func tooManyComponents(at position: Int) -> URLRejection {
        URLRejection(
            .tooManyComponents, at: position, component: storage.count, in: input,
            "the path has more than \(options.limits.maxComponents) components")
    }

    /// The rejection of the component just added, whose key is a dot segment.
    func dotSegment(_ key: TextBytes, at position: Int) -> URLRejection {
        URLRejection(
            .dotSegment, at: position, component: storage.count - 1, in: input,
            "'\(key.text)' would change the route if it were resolved")
    }

    // MARK: Query and fragment

    private mutating func addItems(_ range: Range<Int>) throws(URLRejection) {
        if query.isEmpty {
            // The list made once, at the number of pieces that are not empty (each an item, unless its name is
            // empty), within the limit.
            var pieces = 0
            var previous = UInt8(ascii: "&")
            _ = bytes.scan(range) { _, byte in
                if previous == UInt8(ascii: "&"), byte != UInt8(ascii: "&") { pieces += 1 }
                previous = byte
                return true
            }
            query.reserveCapacity(min(pieces, max(options.limits.maxQueryItems, 0)))
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let end = bytes.firstIndex(of: "&", in: start..<range.upperBound) ?? range.upperBound
            if end > start { try addItem(start..<end) }
            start = end + 1
        }
    }

    private mutating func addItem(_ range: Range<Int>) throws(URLRejection) {
        let equals = bytes.firstIndex(of: "=", in: range)
        let nameRange = range.lowerBound..<(equals ?? range.upperBound)
        let valueRange = equals.map { $0 + 1..<range.upperBound }
        if !nameRange.isEmpty {
            if query.count >= options.limits.maxQueryItems {
                throw URLRejection(
                    .tooManyQueryItems, at: range.lowerBound, in: input,
                    "the query has more than \(options.limits.maxQueryItems) items")
            }
            try Self.checkLength(nameRange, "a query name", limit: options.limits.maxValueLength, in: bytes)
        }
        let name = try Self.decode(bytes, nameRange, component: nil, plusAsSpace: true)
        var value: String?
        if let valueRange {
            try Self.checkLength(valueRange, "a query value", limit: options.limits.maxValueLength, in: bytes)
            value = try Self.decode(bytes, valueRange, component: nil, plusAsSpace: true)
        }
        // An item with an empty name gives no item, but its value must still be well formed.
        if !nameRange.isEmpty { query.append(QueryItem(name: name, value: value)) }
    }

    private mutating func parseFragment(_ range: Range<Int>) throws(URLRejection) -> String {
        try Self.checkLength(range, "the fragment", limit: options.limits.maxValueLength, in: bytes)
        if options.routesFragments, let first = range.first {
            if bytes[first] == UInt8(ascii: "/") {
                let questionMark = bytes.firstIndex(of: "?", in: range)
                _ = try addComponents(range.lowerBound..<(questionMark ?? range.upperBound), endingAtQuery: false)
                if let questionMark { try addItems(questionMark + 1..<range.upperBound) }
            } else if bytes.firstIndex(of: "=", in: range) != nil {
                try addItems(range)
            }
        }
        return try Self.decode(bytes, range, component: nil, plusAsSpace: false)
    }

    private static func checkLength(
        _ range: Range<Int>, _ what: String, limit: Int, in bytes: TextBytes
    ) throws(URLRejection) {
        if range.count > limit {
            throw URLRejection(
                .valueTooLong, at: range.lowerBound, in: bytes.text, "\(what) is longer than \(limit) bytes")
        }
    }

    // MARK: Bytes

    static func decode(
        _ bytes: TextBytes, _ range: Range<Int>, component: Int?, plusAsSpace: Bool
    ) throws(URLRejection) -> String {
        do throws(DecodingFailure) {
            return try PercentDecoding.decode(bytes, range, plusAsSpace: plusAsSpace)
        } catch {
            throw URLRejection(error.code, at: error.position, component: component, in: bytes.text, error.message)
        }
    }

    /// Whether the byte ends a path segment, or the authority: `/`, `?` or `#`.
    private static func endsPathSegment(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
