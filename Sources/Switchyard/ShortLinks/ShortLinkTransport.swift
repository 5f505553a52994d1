// URLSession is Foundation's on Apple platforms, where apps resolve their short links. On Linux it is in
// FoundationNetworking, a library (and libcurl) that every program linking the core would load at start: there, a
// caller gives its own transport.
#if canImport(Darwin)
    import Foundation
#endif

/// How a ``ShortLinkResolver`` asks a site what a slug's link is: one `GET`. On Apple platforms `URLSessionTransport`
/// is the default; an app with its own networking, a program on Linux, or a test gives another.
public protocol ShortLinkTransport: Sendable {
    /// Sends a `GET` for `address`, asking for JSON.
    /// - Returns: the answer's status and body.
    /// - Throws: anything, when the site cannot be reached; the resolver reports it as `offline`.
    func get(_ address: String) async throws -> (status: Int, body: [UInt8])
}

#if canImport(Darwin)
    /// A ``ShortLinkTransport`` and ``ClaimTransport`` over Foundation's `URLSession`, on Apple platforms: no cache of
    /// its own, a timeout, and JSON asked for.
    public struct URLSessionTransport: ShortLinkTransport {
        private let timeout: Duration

        /// A transport whose requests give up after `timeout` (10 seconds by default).
        public init(timeout: Duration = .seconds(10)) {
            self.timeout = timeout
        }

        /// Sends a `GET` for `address` through the shared session, asking for JSON, and returns its status and body.
        public func get(_ address: String) async throws -> (status: Int, body: [UInt8]) {
            guard let url = URL(string: address) else { throw URLError(.badURL) }
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await URLSession.shared.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return (http.statusCode, Array(data))
        }

        /// Sends a `POST` of `json` to `address` through the shared session, and returns its status and body.
        public func post(_ address: String, json: [UInt8]) async throws -> (status: Int, body: [UInt8]) {
            guard let url = URL(string: address) else { throw URLError(.badURL) }
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.httpBody = Data(json)
            let (data, response) = try await URLSession.shared.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return (http.statusCode, Array(data))
        }
    }

    extension URLSessionTransport: ClaimTransport {}

    extension DeferredLinks {
        /// Redeems `site`'s claims through `URLSession`.
        ///
        /// ```swift
        /// let deferred = DeferredLinks(site: site, router: router, webHosts: ["shop.example.com"])
        /// ```
        public init(site: ShortLinkSite, router: Router, webHosts: Set<String> = []) {
            self.init(site: site, router: router, webHosts: webHosts, transport: URLSessionTransport())
        }
    }
#endif

#if canImport(Darwin)
    extension ShortLinkResolver {
        /// A resolver that asks the site through `URLSession`, with the default cache.
        ///
        /// ```swift
        /// let resolver = ShortLinkResolver(site: site, router: router, webHosts: ["shop.example.com"])
        /// ```
        public init(site: ShortLinkSite, router: Router, webHosts: Set<String> = []) {
            self.init(site: site, router: router, webHosts: webHosts, transport: URLSessionTransport())
        }
    }
#endif
