import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import Testing

@testable import SwitchyardLinkSite

/// A link site for the bundled example's route file over a real SQLite file, with an admin token; removed after.
struct LinkSiteFixture: Sendable {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/shop.json").path

    let folder: URL
    let store: LinkStore
    let service: LinkService
    let api: LinkSiteAPI
    let token: String
    let file: RouteFile

    static func with(
        cacheFor freshFor: Duration = .seconds(5), limits: (Double, Double) = (1_000, 1_000), makesClaims: Bool = true,
        claimsPerAddress: Double = 20, _ body: (LinkSiteFixture) async throws -> Void
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
        let service = try LinkService(
            file: file, store: store, webHosts: ["blog.example.com"], cache: (100, freshFor),
            claims: makesClaims ? claims : nil)
        let (token, stored) = AdminTokens.make(name: "tests", at: Date())
        try await store.add(stored)
        let fixture = LinkSiteFixture(
            folder: folder, store: store, service: service, api: LinkSiteAPI(service: service, limits: limits),
            token: token, file: file)
        do {
            try await body(fixture)
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }

    /// The API's answer to `method path` with the fixture's token and `json` as the body.
    func call(_ method: String, _ path: String, json: String? = nil, token: String? = nil, address: String = "10.0.0.1")
        async -> SiteResponse
    {
        let (pathPart, queryPart) =
            path.firstIndex(of: "?").map { (path[..<$0], path[path.index(after: $0)...]) }
            ?? (path[...], "")
        var query: [String: String] = [:]
        for pair in queryPart.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            query[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        let request = APIRequest(
            method: method, path: pathPart, query: query, body: Array((json ?? "").utf8),
            authorization: "Bearer " + (token ?? self.token), address: address)
        return await api.respond(to: request, now: Date())
    }
}

extension SiteResponse {
    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as a JSON object.
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    var errorCode: String? { (object["error"] as? [String: Any])?["code"] as? String }
}
