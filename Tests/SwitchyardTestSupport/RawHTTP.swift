import Foundation
import NIOCore
import NIOPosix

/// A raw HTTP/1.1 client for the server tests: it sends exactly the bytes a test gives it, hostile ones included,
/// and reads one reply.
package enum RawHTTP {
    /// A response as it came over the wire.
    package struct Reply: Sendable {
        package var status: Int
        /// Header names lowercased.
        package var headers: [String: String]
        package var body: String
    }

    /// Sends `request` (the request line and headers, `\r\n` added) and reads the reply; `nil` when the server
    /// closed the connection without one. `source` is the loopback address it comes from (any of 127.0.0.0/8),
    /// for a server that tells its clients by address.
    package static func send(_ request: [UInt8], to port: Int, from source: String = "127.0.0.1") async throws
        -> Reply?
    {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(to: try SocketAddress(ipAddress: source, port: 0))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        // A reply to `HEAD` has no body, whatever its `Content-Length` says (RFC 9110, 9.3.2).
        let isHead = request.starts(with: Array("HEAD ".utf8))
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(bytes: request))
            var received: [UInt8] = []
            for try await chunk in inbound {
                received += chunk.readableBytesView
                if let reply = parse(received, toHead: isHead) { return reply }
            }
            return parse(received, toHead: isHead)
        }
    }

    /// A `GET` (or other method) of `target`, which is sent as it is, bytes that are not UTF-8 included.
    package static func get(
        _ target: [UInt8], method: String = "GET", headers: [String] = [], port: Int
    ) async throws -> Reply? {
        let head = ["Host: shop.example.com", "Connection: close"] + headers
        let request =
            Array("\(method) ".utf8) + target + Array(" HTTP/1.1\r\n\(head.joined(separator: "\r\n"))\r\n\r\n".utf8)
        return try await send(request, to: port)
    }

    package static func get(_ target: String, method: String = "GET", headers: [String] = [], port: Int) async throws
        -> Reply?
    {
        try await get(Array(target.utf8), method: method, headers: headers, port: port)
    }

    /// A complete reply: the head, and as many body bytes as `Content-Length` says (none `toHead`).
    private static func parse(_ bytes: [UInt8], toHead: Bool) -> Reply? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = lines.first, case let parts = statusLine.split(separator: " "), parts.count >= 2,
            let status = Int(parts[1])
        else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let body = bytes[(end + separator.count)...]
        guard toHead || body.count >= Int(headers["content-length"] ?? "0") ?? 0 else { return nil }
        return Reply(status: status, headers: headers, body: String(decoding: body, as: UTF8.self))
    }
}
