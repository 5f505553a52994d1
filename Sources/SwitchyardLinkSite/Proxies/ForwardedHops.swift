import Foundation

/// The hops a request came through, as proxies record them, left (the first client) to right (the proxy nearest
/// the site): `X-Forwarded-For` with `X-Forwarded-Proto`, or RFC 7239's `Forwarded`.
///
/// Any client can write these headers, so what they say counts only from a proxy the operator trusts
/// (``TrustedProxies``). Reading them is linear in their length.
package struct ForwardedHop: Equatable, Sendable {
    /// The address the hop received the request from; `nil` when the proxy did not say one (`unknown`, an
    /// obfuscated name such as `_proxy1`, or text that is no address).
    package var address: IPAddress?
    /// The protocol the hop received it over (`https`, `http`), when the proxy says it.
    package var proto: String?

    package init(address: IPAddress?, proto: String? = nil) {
        self.address = address
        self.proto = proto
    }

    /// The hops of `X-Forwarded-For`'s values (several header lines are one list, in order). The protocols of
    /// `X-Forwarded-Proto` go with them when it has as many; otherwise its right-most value (the nearest proxy's)
    /// goes with each. A protocol without an address is one hop with no address, as `Forwarded: proto=https` is: the
    /// proxy that sent it stands for the client, over the protocol it says.
    /// Only the right-most `last` hops are made: the entries before them are split off but never read as addresses.
    package static func xForwardedFor(_ lines: [String], protos protoLines: [String], last: Int = .max)
        -> [ForwardedHop]
    {
        let addresses = list(lines)
        let protos = list(protoLines)
        if addresses.isEmpty, let proto = protos.last, last > 0 {
            return [ForwardedHop(address: nil, proto: proto.lowercased())]
        }
        return addresses.indices.suffix(last).map { index in
            let proto = protos.count == addresses.count ? protos[index] : protos.last
            return ForwardedHop(address: node(addresses[index]), proto: proto.map { $0.lowercased() })
        }
    }

    /// The hops of `Forwarded`'s elements, each its `for=` and `proto=` (RFC 7239, section 4); only the right-most
    /// `last` elements are read.
    package static func forwarded(_ lines: [String], last: Int = .max) -> [ForwardedHop] {
        lines.flatMap { line in split(Array(line.utf8)[...], at: UInt8(ascii: ",")) }.suffix(last).map { element in
            var hop = ForwardedHop(address: nil)
            for pair in split(element, at: UInt8(ascii: ";")) {
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = String(decoding: pair[..<equals], as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces).lowercased()
                let value = unquoted(pair[pair.index(after: equals)...])
                switch name {
                case "for": hop.address = node(value)
                case "proto": hop.proto = value.lowercased()
                default: break
                }
            }
            return hop
        }
    }

    /// A node as proxies write it: `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]`, `[2001:db8::1]:4711`, or a bare
    /// IPv6 address (which `X-Forwarded-For` allows).
    static func node(_ text: String) -> IPAddress? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            return IPAddress(text[text.index(after: text.startIndex)..<close])
        }
        if let address = IPAddress(text) { return address }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 ? IPAddress(parts[0]).flatMap { $0.isIPv4 ? $0 : nil } : nil
    }

    /// The comma-separated values of several header lines, trimmed, empty ones dropped.
    private static func list(_ lines: [String]) -> [String] {
        lines.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// `text` split at `separator` outside quoted strings.
    private static func split(_ text: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        var quoted = false
        var escaped = false
        for index in text.indices {
            let byte = text[index]
            if escaped {
                escaped = false
            } else if quoted && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if byte == separator && !quoted {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// A token, or a quoted string with its escapes undone.
    private static func unquoted(_ value: ArraySlice<UInt8>) -> String {
        let text = String(decoding: value, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped && character == "\\" {
                escaped = true
            } else {
                result.append(character)
                escaped = false
            }
        }
        return result
    }
}
