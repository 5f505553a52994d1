/// Writing text into links: the exact inverse of ``URLSplitter``.
package enum LinkEncoding {
    /// Percent-encodes everything outside RFC 3986 unreserved characters (`A–Z a–z 0–9 - . _ ~`), with
    /// uppercase hex, so that splitting gives the text back: `/`, `+`, `?`, `#`, `&`, `=`, `%` and spaces
    /// included.
    package static func encode(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        URLSplitter.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// Checks that a value comes back unchanged as one component: not empty, not a dot segment, no control.
    static func checkValue(_ value: String, for name: String) throws(LinkError) {
        if value.isEmpty || value.isDotSegment {
            throw LinkError(
                .unrepresentableValue, "the value '\(value)' of '\(name)' cannot come back unchanged from a link")
        }
        try checkControls(value, for: name)
    }

    /// Checks that text holds no control character, which a link could not carry back.
    static func checkControls(_ text: String, for name: String) throws(LinkError) {
        if hasControl(text) {
            throw LinkError(.unrepresentableValue, "the value of '\(name)' holds a control character")
        }
    }

    /// Whether text holds a C0 or C1 control character, or DEL.
    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// The query string, `?` included, or `""` when there are no items.
    /// - Throws: ``LinkError`` for an empty name (it would give no item) or a control character.
    package static func query(_ items: [QueryItem]) throws(LinkError) -> String {
        guard !items.isEmpty else { return "" }
        var pieces: [String] = []
        for item in items {
            if item.name.isEmpty { throw LinkError(.unrepresentableValue, "a query item needs a name") }
            try checkControls(item.name, for: item.name)
            if let value = item.value { try checkControls(value, for: item.name) }
            pieces.append(encode(item.name) + (item.value.map { "=" + encode($0) } ?? ""))
        }
        return "?" + pieces.joined(separator: "&")
    }

    /// `link` with `items` added to its query (after any it has, before its fragment), each encoded as ``query(_:)``
    /// encodes them; `link` as it is when there are none.
    /// - Throws: ``LinkError`` as ``query(_:)`` does.
    package static func appending(_ items: [QueryItem], to link: String) throws(LinkError) -> String {
        let query = try query(items)
        guard !query.isEmpty else { return link }
        let fragmentStart = link.firstIndex(of: "#") ?? link.endIndex
        let base = link[..<fragmentStart]
        let separator = !base.contains("?") ? "?" : base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&"
        return base + separator + query.dropFirst() + link[fragmentStart...]
    }

    /// Whether a first component written after `scheme://` reads back as that same path component under `policy`:
    /// a host name as ``HostName`` takes it (ASCII name characters, lowercase), which the policy makes a component.
    static func readsBackAsHost(_ component: String, policy: HostPolicy) -> Bool {
        guard !component.isEmpty, component.utf8.allSatisfy({ HostName.isNameByte($0) && !URLSplitter.isUppercase($0) })
        else { return false }
        switch policy.kind {
        case .automatic:
            return !component.isExactly("localhost") && !component.utf8.contains(UInt8(ascii: "."))
        case .pathComponent:
            return true
        case .ignored:
            return false
        }
    }
}
