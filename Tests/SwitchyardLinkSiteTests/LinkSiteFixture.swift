import Foundation
import Logging
import Switchyard
import SwitchyardLinkAPI
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardTestSupport
import SwitchyardWebLinks
import Testing

@testable import SwitchyardLinkSite

/// A link site for the bundled example's route file over a real SQLite file, with an admin token, served on a
/// loopback port while a test runs; removed after.
struct LinkSiteFixture: Sendable {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/shop.json").path

    let folder: URL
    let store: LinkStore
    let service: LinkService
    let token: String
    let file: RouteFile
    /// Where the site listens, on 127.0.0.1.
    let port: Int
    /// The time the site's cache reads: it stands still unless a test moves it (``passCacheTime(_:)``), so that
    /// a slow machine cannot make a cached link stale between two steps.
    let cacheTime: Locked<ContinuousClock.Instant>

    /// Moves the time the site's cache reads on by `duration`.
    func passCacheTime(_ duration: Duration) {
        cacheTime.withLock { $0 += duration }
    }

    static func with(
        limits: APILimits = APILimits(perToken: 1_000, perAddress: 1_000),
        makesClaims: Bool = true, claimsPerAddress: Double = 20, proxies: TrustedProxies = .none,
        _ body: (LinkSiteFixture) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-linksite-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A statement's deadline well above what a loaded test machine needs: no test here is about it.
        let store = try await LinkStore.open(
            .sqlite(path: folder.appendingPathComponent("links.sqlite").path), deadline: .seconds(60))
        let file = try RouteFile(contentsOf: example)
        let claims = ClaimSettings(
            tokens: ClaimTokens(key: try await ClaimTokens.key(in: store)), perAddress: claimsPerAddress)
        // Clicks and claims' events wait a minute before the site writes them, so that a test decides when a batch
        // is written (`flush()`), however slow the machine; for the same reason the cache's time moves only when
        // a test moves it.
        let cacheTime = Locked(ContinuousClock.now)
        let service = try LinkService(
            file: file, store: store, webHosts: ["blog.example.com"], cache: (100, .seconds(5)),
            clickWindow: .seconds(60), claims: makesClaims ? claims : nil, cacheTime: { cacheTime.snapshot })
        let (token, stored) = AdminTokens.make(name: "tests", at: Date())
        try await store.add(stored)
        var logger = Logger(label: "link-site-tests")
        logger.logLevel = .critical
        do {
            try await RunningApplication.with(
                { report in
                    try LinkSiteServer.application(
                        service: service, limits: limits, proxies: proxies, host: "127.0.0.1", port: 0, logger: logger,
                        onServerRunning: { report($0) })
                },
                { port in
                    try await body(
                        LinkSiteFixture(
                            folder: folder, store: store, service: service, token: token, file: file, port: port,
                            cacheTime: cacheTime))
                })
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }

    /// The site's answer to `method path` over HTTP, with the fixture's token (or `token`) and `json` as the body.
    func call(
        _ method: String, _ path: String, json: String? = nil, token: String? = nil,
        contentType: String? = "application/json", address: String = "127.0.0.1"
    ) async -> SiteResponse {
        var headers = ["Authorization: Bearer " + (token ?? self.token)]
        if json != nil, let contentType { headers.append("Content-Type: \(contentType)") }
        return await request(method, path, body: json, headers: headers, address: address)
    }

    /// The site's answer to `method path` with exactly `headers` (besides `Host`, `Connection` and
    /// `Content-Length`), from `address` on loopback; status 0 when the connection closed without an answer.
    func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String] = [], address: String = "127.0.0.1"
    ) async -> SiteResponse {
        let bytes = Array((body ?? "").utf8)
        let head =
            ["\(method) \(path) HTTP/1.1", "Host: go.shop.example.com", "Connection: close"] + headers
            + (body == nil ? [] : ["Content-Length: \(bytes.count)"])
        let request = Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + bytes
        guard let reply = try? await RawHTTP.send(request, to: port, from: address) else {
            return SiteResponse(status: 0, headers: [], body: [])
        }
        return SiteResponse(
            status: reply.status, headers: reply.headers.map { (name: $0.key, value: $0.value) },
            body: Array(reply.body.utf8))
    }
}

extension SiteResponse {
    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body read as the document's `type`, as the generated client reads it; `nil` when it is not one.
    func decoded<Answer: Decodable>(_ type: Answer.Type) -> Answer? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(type, from: Data(body))
    }

    /// The body as the document's `Link`.
    var link: Components.Schemas.Link? { decoded(Components.Schemas.Link.self) }

    var errorCode: String? { decoded(Components.Schemas._Error.self)?.error.code }
}

extension LinkService {
    /// The site's answer to a visit of `slug`, as ``visit(_:visitor:referrer:now:)`` makes it, without the response
    /// prepared from it.
    func answer(to slug: Slug, visitor: Visitor, referrer: String? = nil, now: Date) async -> SiteResponse {
        await visit(slug, visitor: visitor, referrer: referrer, now: now).answer
    }
}
