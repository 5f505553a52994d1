import HTTPTypes
import NIOCore
import PropertyBased
import Testing

@testable import SwitchyardLinkSite

/// Addresses and ranges as operators and proxies write them, and the client a request's headers make, trusted or
/// not.
struct TrustedProxiesTests {
    @Test(arguments: [
        ("192.0.2.1", "192.0.2.1"), ("0.0.0.0", "0.0.0.0"), ("255.255.255.255", "255.255.255.255"),
        ("::", "::"), ("::1", "::1"), ("2001:DB8::1", "2001:db8::1"), ("2001:db8:0:0:0:0:0:1", "2001:db8::1"),
        ("::ffff:192.0.2.1", "192.0.2.1"), ("1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"), ("1::", "1::"),
        ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"), ("1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304"),
    ])
    func anAddressIsReadAndWrittenInItsShortestForm(text: String, written: String) throws {
        #expect(try #require(IPAddress(text)).description == written)
    }

    @Test(arguments: [
        "", "1", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1.2.3.04", "1.2.3.-4", " 1.2.3.4", "1.2.3.4 ", "1.2.3.4:80",
        "[::1]", "::1%eth0", ":::", "1:::2", "1::2::3", "12345::", ":1::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7",
        "::1.2.3", "::1.2.3.4:5", "g::", "unknown", "_proxy", String(repeating: "1", count: 10_000),
        "١.٢.٣.٤", "1.2.3.4\u{0}",
    ])
    func textThatIsNoAddressIsRefused(text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test func everyAddressReadsBackFromItsTextAsNIOReadsIt() async throws {
        await propertyCheck(count: 2_000, input: Gen.uint8().array(of: 16...16), Gen.bool) { bytes, asIPv4 in
            let address = try #require(IPAddress(bytes: asIPv4 ? Array(bytes.prefix(4)) : bytes))
            #expect(IPAddress(address.description) == address)
            // NIO (inet_pton and inet_ntop) reads the same text as the same address.
            let nio = try SocketAddress(ipAddress: address.description, port: 0)
            #expect(nio.ipAddress.flatMap { IPAddress($0) } == address, "\(address)")
        }
    }

    @Test(arguments: [
        ("10.0.0.0/8", "10.255.1.2", true), ("10.0.0.0/8", "11.0.0.0", false), ("192.0.2.7", "192.0.2.7", true),
        ("192.0.2.7", "192.0.2.8", false), ("0.0.0.0/0", "203.0.113.9", true), ("0.0.0.0/0", "2001:db8::1", false),
        ("::/0", "2001:db8::1", true), ("fd00::/8", "fd12::1", true), ("fd00::/8", "fe80::1", false),
        ("10.0.0.0/8", "::ffff:10.1.1.1", true), ("::ffff:10.0.0.0/8", "10.9.9.9", true),
        ("127.0.0.1/32", "127.0.0.2", false),
    ])
    func aRangeHoldsTheAddressesOfItsPrefix(range: String, address: String, holds: Bool) throws {
        #expect(try IPRange(range).contains(try #require(IPAddress(address))) == holds)
    }

    @Test(arguments: [
        ("10.0.0.1/8", "bits are set past the prefix length"), ("10.0.0.0/33", "the prefix length is 0 to 32"),
        ("::/129", "the prefix length is 0 to 128"), ("10.0.0.0/", "the prefix length is 0 to 32"),
        ("10.0.0.0/-1", "the prefix length is 0 to 32"), ("example.com/8", "not an IP address"),
        ("", "not an IP address"), ("10.0.0.0/8/8", "the prefix length is 0 to 32"),
    ])
    func aBadRangeSaysWhatIsWrong(text: String, problem: String) {
        #expect(throws: IPRange.BadRange(text: text, problem: problem)) { try IPRange(text) }
    }

    /// Proxies at `10.0.0.0/8` and `fd00::/8`, writing `header`.
    static func proxies(_ header: TrustedProxies.Header = .xForwardedFor) throws -> TrustedProxies {
        TrustedProxies(ranges: [try IPRange("10.0.0.0/8"), try IPRange("fd00::/8")], header: header)
    }

    static func headers(_ fields: [(String, String)]) -> HTTPFields {
        var headers = HTTPFields()
        for (name, value) in fields {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        return headers
    }

    @Test(arguments: [
        // Not from a proxy: the socket is the client, whatever it says.
        ("203.0.113.5", [("X-Forwarded-For", "198.51.100.1")], "203.0.113.5", false),
        ("203.0.113.5", [("X-Forwarded-Proto", "https")], "203.0.113.5", false),
        // From a proxy: the right-most address not a proxy's.
        ("10.0.0.2", [("X-Forwarded-For", "198.51.100.1")], "198.51.100.1", false),
        ("10.0.0.2", [("X-Forwarded-For", "6.6.6.6, 198.51.100.1")], "198.51.100.1", false),
        ("10.0.0.2", [("X-Forwarded-For", "6.6.6.6, 198.51.100.1, 10.1.1.1")], "198.51.100.1", false),
        ("10.0.0.2", [("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "198.51.100.1")], "198.51.100.1", false),
        ("10.0.0.2", [("X-Forwarded-For", "10.3.3.3, 10.1.1.1")], "10.3.3.3", false),
        ("10.0.0.2", [("X-Forwarded-For", "[2001:db8::7]:4711")], "2001:db8::7", false),
        ("10.0.0.2", [("X-Forwarded-For", "2001:DB8::7")], "2001:db8::7", false),
        ("10.0.0.2", [("X-Forwarded-For", "198.51.100.1:4711")], "198.51.100.1", false),
        ("fd00::2", [("X-Forwarded-For", "198.51.100.1")], "198.51.100.1", false),
        // An entry that is no address: the proxy that wrote it stands for the client.
        ("10.0.0.2", [("X-Forwarded-For", "6.6.6.6, unknown")], "10.0.0.2", false),
        ("10.0.0.2", [("X-Forwarded-For", "6.6.6.6, 10.1.1.1, garbage")], "10.0.0.2", false),
        ("10.0.0.2", [("X-Forwarded-For", "")], "10.0.0.2", false),
        ("10.0.0.2", [], "10.0.0.2", false),
        // The protocol: the nearest proxy's, or the client's own hop's when the lists line up.
        ("10.0.0.2", [("X-Forwarded-For", "198.51.100.1"), ("X-Forwarded-Proto", "https")], "198.51.100.1", true),
        ("10.0.0.2", [("X-Forwarded-For", "198.51.100.1"), ("X-Forwarded-Proto", "HTTPS")], "198.51.100.1", true),
        (
            "10.0.0.2", [("X-Forwarded-For", "1.1.1.1, 10.1.1.1"), ("X-Forwarded-Proto", "https, http")], "1.1.1.1",
            true
        ),
        ("10.0.0.2", [("X-Forwarded-For", "1.1.1.1, 10.1.1.1"), ("X-Forwarded-Proto", "http")], "1.1.1.1", false),
        // A proxy that says only the protocol stands for the client, over the protocol it says (its own, the last).
        ("10.0.0.2", [("X-Forwarded-Proto", "https")], "10.0.0.2", true),
        ("10.0.0.2", [("X-Forwarded-Proto", "https, http")], "10.0.0.2", false),
        ("10.0.0.2", [("X-Forwarded-For", ""), ("X-Forwarded-Proto", "http, https")], "10.0.0.2", true),
        // The header not chosen is passed through from the client, so it is not read.
        ("10.0.0.2", [("Forwarded", "for=198.51.100.1;proto=https")], "10.0.0.2", false),
    ])
    func theClientIsTheRightMostAddressNoTrustedProxyHas(
        socket: String, fields: [(String, String)], client: String, isHTTPS: Bool
    ) throws {
        let found = try Self.proxies().client(socket: IPAddress(socket), headers: Self.headers(fields))
        #expect(found == Client(address: client, isHTTPS: isHTTPS))
    }

    @Test(arguments: [
        ("for=198.51.100.1", "198.51.100.1", false),
        ("for=198.51.100.1;proto=https", "198.51.100.1", true),
        (#"For="[2001:db8:cafe::17]:4711";Proto=HTTPS"#, "2001:db8:cafe::17", true),
        ("for=6.6.6.6, for=198.51.100.1;proto=https;by=10.0.0.2, for=10.1.1.1", "198.51.100.1", true),
        (#"for="198.51.100.1:80";host="a,b;c""#, "198.51.100.1", false),
        ("for=unknown;proto=https", "10.0.0.2", true),
        // The proxy at 10.1.1.1 wrote the obfuscated name: it stands for the client.
        ("for=_hidden, for=10.1.1.1", "10.1.1.1", false),
        ("proto=https", "10.0.0.2", true),
        (";;,,=,for", "10.0.0.2", false),
        (#"for="\"quoted\"""#, "10.0.0.2", false),
    ])
    func rfc7239sForwardedIsReadWhenChosen(value: String, client: String, isHTTPS: Bool) throws {
        let proxies = try Self.proxies(.forwarded)
        let headers = Self.headers([("Forwarded", value), ("X-Forwarded-For", "7.7.7.7")])
        #expect(
            proxies.client(socket: IPAddress("10.0.0.2"), headers: headers) == Client(address: client, isHTTPS: isHTTPS)
        )
    }

    @Test func withoutTrustedProxiesNoHeaderIsRead() {
        let headers = Self.headers([("X-Forwarded-For", "198.51.100.1"), ("X-Forwarded-Proto", "https")])
        #expect(
            TrustedProxies.none.client(socket: IPAddress("127.0.0.1"), headers: headers) == Client(address: "127.0.0.1")
        )
        #expect(TrustedProxies.none.client(socket: nil, headers: headers) == Client(address: "unknown"))
    }

    @Test func onlyTheRightMostHopsAreRead() throws {
        let proxies = try Self.proxies()
        // A proxy chain of 100,000 trusted hops is a forgery: the walk stops after maxHops, at a proxy's address.
        let chain = ["198.51.100.1"] + Array(repeating: "10.1.1.1", count: 100_000)
        let headers = Self.headers([("X-Forwarded-For", chain.joined(separator: ","))])
        #expect(proxies.client(socket: IPAddress("10.0.0.2"), headers: headers) == Client(address: "10.1.1.1"))
        let short = ["198.51.100.1"] + Array(repeating: "10.1.1.1", count: TrustedProxies.maxHops - 1)
        let shortHeaders = Self.headers([("X-Forwarded-For", short.joined(separator: ","))])
        #expect(proxies.client(socket: IPAddress("10.0.0.2"), headers: shortHeaders).address == "198.51.100.1")
    }

    @Test func theParsersMakeOnlyTheRightMostHopsTheyAreAskedFor() {
        let hops = ForwardedHop.xForwardedFor(
            ["1.1.1.1, 2.2.2.2, 3.3.3.3"], protos: ["http, https, http"], last: 2)
        #expect(
            hops == [
                ForwardedHop(address: IPAddress("2.2.2.2"), proto: "https"),
                ForwardedHop(address: IPAddress("3.3.3.3"), proto: "http"),
            ])
        let elements = ForwardedHop.forwarded(["for=1.1.1.1", "for=2.2.2.2;proto=https, for=3.3.3.3"], last: 2)
        #expect(
            elements == [
                ForwardedHop(address: IPAddress("2.2.2.2"), proto: "https"),
                ForwardedHop(address: IPAddress("3.3.3.3")),
            ])
        #expect(ForwardedHop.xForwardedFor(["1.1.1.1"], protos: [], last: 0).isEmpty)
    }
}
