/// The authority: userinfo (refused), the host with its port, and the table's host rules.
extension SplitRun {
    /// A host in its normal form (see ``HostName``), and where it was written.
    struct Host {
        var name: String
        var range: Range<Int>
        var isIPLiteral: Bool
        var port: Int?
    }

    /// The host of an authority that is not empty, in `bytes[range]`; a name may hold non-ASCII letters when
    /// `allowsUnicode`.
    static func parseAuthority(
        _ range: Range<Int>, in bytes: TextBytes, limits: RoutingLimits, allowsUnicode: Bool
    ) throws(URLRejection) -> Host {
        if bytes.firstIndex(of: "@", in: range) != nil {
            throw URLRejection(
                .userinfo, at: range.lowerBound, in: bytes.text,
                "user information ('user@') before the host is not allowed")
        }
        var hostEnd = bytes.firstIndex(of: ":", in: range) ?? range.upperBound
        let isIPLiteral = range.first.map { bytes[$0] == UInt8(ascii: "[") } ?? false
        if isIPLiteral {
            guard let close = bytes.firstIndex(of: "]", in: range) else {
                throw URLRejection(.invalidHost, at: range.lowerBound, in: bytes.text, "'[' has no matching ']'")
            }
            hostEnd = close + 1
            if hostEnd < range.upperBound, bytes[hostEnd] != UInt8(ascii: ":") {
                throw URLRejection(.invalidHost, at: hostEnd, in: bytes.text, "only a port may follow an IP literal")
            }
        } else if let bracket = bytes[range.lowerBound..<hostEnd].firstIndex(where: {
            $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
        }) {
            throw URLRejection(
                .invalidHost, at: bracket, in: bytes.text, "brackets may only enclose a whole IP literal")
        }
        let hostRange = range.lowerBound..<hostEnd
        if hostRange.count > limits.maxValueLength {
            throw URLRejection(
                .valueTooLong, at: hostRange.lowerBound, in: bytes.text,
                "the host is longer than \(limits.maxValueLength) bytes")
        }
        let name =
            isIPLiteral
            ? try HostName.ipLiteral(in: bytes, hostRange)
            : try HostName.name(in: bytes, hostRange, allowsUnicode: allowsUnicode)
        return Host(
            name: name, range: hostRange, isIPLiteral: isIPLiteral,
            port: try parsePort(hostEnd < range.upperBound ? hostEnd + 1..<range.upperBound : nil, in: bytes))
    }

    private static func parsePort(_ range: Range<Int>?, in bytes: TextBytes) throws(URLRejection) -> Int? {
        guard let range, !range.isEmpty else { return nil }
        var port = 0
        for index in range {
            let byte = bytes[index]
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                throw URLRejection(.invalidHost, at: index, in: bytes.text, "a port is made of digits only")
            }
            port = port * 10 + Int(byte - UInt8(ascii: "0"))
            if port > 65_535 {
                throw URLRejection(.invalidHost, at: range.lowerBound, in: bytes.text, "a port is at most 65535")
            }
        }
        return port
    }

    /// Applies the table's host policy and allowed hosts to the named host, if any (a URL without one is refused by a
    /// table that allows some hosts only): the host may become the first component.
    mutating func applyHostRules(_ rules: HostRules, to named: Host?, at position: Int) throws(URLRejection) {
        var becomesComponent = false
        if let named, !named.isIPLiteral {
            becomesComponent = rules.policy.makesComponent(ofName: named.name)
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
            if storage.isFull(limit: options.limits.maxComponents) {
                throw tooManyComponents(at: named.range.lowerBound)
            }
            // The decoded, lowercased name is never longer than the host as written.
            let key = storage.appendHost(named.name, raw: named.range)
            if URLSplitter.isDotSegment(key) { throw dotSegment(key, at: named.range.lowerBound) }
        }
    }
}
