import HTTPTypes

/// Where a request came from: the client's address, and whether the client asked over https.
package struct Client: Equatable, Sendable {
    /// The client's address as text (RFC 5952 for IPv6), or `unknown` when the socket has none (a Unix socket).
    package var address: String
    /// Whether the client's request reached the site over https: true only when a trusted proxy says so, since the
    /// site itself serves plain HTTP.
    package var isHTTPS: Bool

    package init(address: String, isHTTPS: Bool = false) {
        self.address = address
        self.isHTTPS = isHTTPS
    }
}

/// The proxies whose word the site takes for the client's address: the operator's TLS proxy or load balancer.
///
/// A request whose socket address is in none of the ranges is its own client, whatever its headers say, so no
/// client can choose its address. From a trusted proxy, the header the proxy writes is read right to left: each
/// trusted address is a proxy that passed the request on, and the first address not in a range is the client. An
/// entry that is no address (`unknown`, an obfuscated name) ends the walk, and the proxy that wrote it stands for
/// the client. Only the right-most ``TrustedProxies/maxHops`` entries are read.
///
/// ```swift
/// let proxies = TrustedProxies(ranges: [try IPRange("10.0.0.0/8")], header: .xForwardedFor)
/// proxies.client(socket: IPAddress("10.0.0.5"), headers: request.headers)
/// ```
package struct TrustedProxies: Sendable {
    /// The header the proxies write. Only one is read: a proxy that writes one passes the other through as the
    /// client sent it, so reading both would let a client choose its address.
    package enum Header: String, CaseIterable, Sendable {
        /// `X-Forwarded-For`, with `X-Forwarded-Proto`: what nginx, HAProxy and most load balancers write.
        case xForwardedFor = "x-forwarded-for"
        /// RFC 7239's `Forwarded`, with its `for=` and `proto=`.
        case forwarded
    }

    /// The most entries read from the right of the header: more proxies than this in front of one site is not a
    /// deployment but a forgery.
    package static let maxHops = 20

    package let ranges: [IPRange]
    package let header: Header

    /// No proxy trusted: every request is its own client.
    package static let none = TrustedProxies(ranges: [], header: .xForwardedFor)

    package init(ranges: [IPRange], header: Header) {
        self.ranges = ranges
        self.header = header
    }

    /// The client of a request that came from `socket` with `headers`.
    package func client(socket: IPAddress?, headers: HTTPFields) -> Client {
        guard let socket else { return Client(address: "unknown") }
        guard trusts(socket) else { return Client(address: socket.description) }
        var client = Client(address: socket.description)
        for hop in hops(headers).reversed() {
            client.isHTTPS = hop.proto == "https"
            guard let address = hop.address else { break }
            client.address = address.description
            if !trusts(address) { break }
        }
        return client
    }

    func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    private func hops(_ headers: HTTPFields) -> [ForwardedHop] {
        switch header {
        case .xForwardedFor:
            ForwardedHop.xForwardedFor(
                headers.values(named: "x-forwarded-for"), protos: headers.values(named: "x-forwarded-proto"),
                last: Self.maxHops)
        case .forwarded:
            ForwardedHop.forwarded(headers.values(named: "forwarded"), last: Self.maxHops)
        }
    }
}

extension HTTPFields {
    /// The values of every field named `name` (lower case), in order.
    fileprivate func values(named name: String) -> [String] {
        filter { $0.name.canonicalName == name }.map(\.value)
    }
}
