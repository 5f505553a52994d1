/// Router-wide settings that change how an input is taken apart.
struct SplitOptions: Sendable, Hashable {
    var routesFragments = false
    var decodesPlusInPath = false
    var limits = RoutingLimits()
}

/// A table's rules for the host: its policy and, when set, the hosts it allows.
struct HostRules: Sendable, Hashable {
    var policy: HostPolicy = .automatic
    /// Host names in their normal form (``HostName/allowedForm(_:)``); `nil` allows every host.
    var allowedHosts: Set<ExactText>?
    /// Whether a host name may hold non-ASCII letters.
    var allowsUnicodeNames = false
}

/// An input taken apart for one route table.
struct SplitURL: Sendable {
    /// The link, holding its components as a list.
    var link: DeepLink
    /// The path components as parameter values: the same as the link's components, except that a `+` is a space
    /// when the router decodes `+` in paths.
    var values: [String]
}

/// Takes URLs and route strings apart on their UTF-8 bytes, without Foundation, as <doc:TakingLinksApart> says.
enum URLSplitter {
    /// Takes `input` apart.
    ///
    /// - Parameters:
    ///   - hostRules: the host rules of the table that the input's scheme routes to, given the scheme's bytes as
    ///     written (`nil` for a route string, see ``schemeText(_:)``); called once, right after the scheme is read.
    /// - Returns: the parts, or the first problem in reading order (`tooLong` before anything else).
    /// - Complexity: O(*n*) in the length of the input.
    static func split(
        _ input: String, options: SplitOptions, hostRules: (Slice<TextBytes>?) -> HostRules
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
    /// allocates no component list. The link is `body`'s to move into the match it returns.
    @inline(__always)
    static func withSplit<Result>(
        _ input: String, options: SplitOptions, hostRules: (Slice<TextBytes>?) -> HostRules,
        _ body: (consuming DeepLink, SplitComponents) -> Result
    ) throws(URLRejection) -> Result {
        // Offsets into an input are kept in 32 bits (a link's fields are smaller so): no limit goes past that.
        let maxLength = min(max(options.limits.maxInputLength, 0), Int(Int32.max))
        if input.utf8.count > maxLength {
            throw URLRejection(.tooLong, at: maxLength, in: input, "the input is longer than \(maxLength) bytes")
        }
        let outcome: Swift.Result<Result, URLRejection> = TextBytes.with(input) { bytes in
            // Components are at least a byte long and apart, so there are at most half as many as bytes, and never
            // more than the limit: for a short link the storage is a few hundred bytes of stack.
            let capacity = min(bytes.count / 2 + 2, max(options.limits.maxComponents, 0))
            return ComponentStorage.withTemporary(
                capacity: capacity, keepsRaws: options.decodesPlusInPath, for: bytes
            ) { storage in
                var run = SplitRun(bytes: bytes, options: options, storage: storage)
                do throws(URLRejection) {
                    let link = try run.split(input, hostRules: hostRules)
                    return .success(body(link, run.components))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try outcome.get()
    }

    /// The components of the path in `input[range]`, after `host` when the host became the first component: what
    /// a split made them, made again from the bytes (which the split checked, so decoding them cannot fail).
    static func pathComponents(of input: String, in range: Range<Int>, after host: String?) -> [String] {
        TextBytes.with(input) { bytes in
            var components = host.map { [$0] } ?? []
            forEachComponent(of: bytes, in: range.clamped(to: 0..<bytes.count)) { component in
                components.append((try? PercentDecoding.decode(bytes, component)) ?? bytes.text(component))
            }
            return components
        }
    }

    /// Calls `body` with the range of each component of the path in `bytes[range]`: the bytes between slashes,
    /// empty components dropped.
    static func forEachComponent<Failure>(
        of bytes: TextBytes, in range: Range<Int>, _ body: (Range<Int>) throws(Failure) -> Void
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
    static func firstNonSchemeByte(_ bytes: TextBytes, _ range: Range<Int>) -> Int? {
        guard let first = range.first, isLetter(bytes[first]) else { return range.lowerBound }
        return bytes.firstIndex(in: first + 1..<range.upperBound) { byte in
            !(isLetter(byte) || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))
        }
    }

    /// Whether `text` is an RFC 3986 scheme (see ``firstNonSchemeByte(_:_:)``).
    static func isScheme(_ text: String) -> Bool {
        TextBytes.with(text) { firstNonSchemeByte($0, 0..<$0.count) == nil }
    }

    /// Whether the bytes are a dot segment, `.` or `..`, which would change the route if it were resolved.
    static func isDotSegment(_ bytes: some Collection<UInt8>) -> Bool {
        // Most components do not start with a dot: one comparison.
        guard bytes.first == UInt8(ascii: "."), bytes.count <= 2 else { return false }
        return bytes.count == 1 || bytes.dropFirst().first == UInt8(ascii: ".")
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// The text of a scheme's bytes, which ``firstNonSchemeByte(_:_:)`` accepted: lowercased.
    static func schemeText(_ bytes: Slice<TextBytes>) -> String {
        lowercasedASCII(bytes) ?? bytes.base.text(bytes.startIndex..<bytes.endIndex)
    }

    /// Lowercases ASCII letters only, so the result never depends on Unicode case tables.
    static func lowercasedASCII(_ text: String) -> String {
        TextBytes.with(text) { lowercasedASCII($0[...]) } ?? text
    }

    /// The bytes as text with ASCII letters lowercased, or `nil` when they hold no uppercase letter (the caller
    /// then has the text already, or makes it from the bytes as they are).
    static func lowercasedASCII(_ bytes: Slice<TextBytes>) -> String? {
        guard bytes.contains(where: isUppercase) else { return nil }
        return String(decoding: bytes.lazy.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    static func isUppercase(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }
}
