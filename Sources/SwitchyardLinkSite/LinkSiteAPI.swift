import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardWebLinks

/// A request to the site's API, as the server received it.
package struct APIRequest: Sendable {
    package var method: String
    /// The path, without the query.
    package var path: Substring
    package var query: [String: String]
    /// The body, at most ``LinkSiteAPI/maxBodySize`` bytes (the server answers 413 to a longer one).
    package var body: [UInt8]
    package var authorization: String?
    /// The media type of the body, from `Content-Type`.
    package var contentType: String?
    /// The client's address, for the rate limit of requests without a valid token.
    package var address: String

    package init(
        method: String, path: Substring, query: [String: String] = [:], body: [UInt8] = [],
        authorization: String? = nil,
        contentType: String? = "application/json", address: String = "127.0.0.1"
    ) {
        self.contentType = contentType
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.authorization = authorization
        self.address = address
    }
}

/// The site's JSON API:
/// - `GET /api/links/{slug}`, public: the target the app's ``ShortLinkResolver`` follows;
/// - `/api/admin/…`, behind a bearer token: create, list, get, update, disable, delete, stats and export;
/// - `GET /api/openapi.json`: the document that describes both.
///
/// Every answer is JSON (the CSV export aside); an error is `{"error": {"code", "message", "problems"?}}`.
package struct LinkSiteAPI: Sendable {
    package static let maxBodySize = 64 * 1_024
    static let maxPageSize = 200

    let service: LinkService
    let tokens: AdminTokens
    /// Admin requests per token, once it is checked.
    let perToken: RateLimiter
    /// Admin requests per address, before the token is checked: it bounds guessing.
    let perAddress: RateLimiter

    package init(
        service: LinkService, tokensFreshFor: Duration = .seconds(5),
        limits: (perToken: Double, perAddress: Double) = (50, 20)
    ) {
        self.service = service
        tokens = AdminTokens(store: service.store, freshFor: tokensFreshFor)
        perToken = RateLimiter(perSecond: limits.perToken, burst: max(1, Int(limits.perToken * 2)))
        perAddress = RateLimiter(perSecond: limits.perAddress, burst: max(1, Int(limits.perAddress * 2)))
    }

    /// Whether the API answers `path`.
    package static func handles(_ path: Substring) -> Bool {
        path == "/api" || path.hasPrefix("/api/") || path == "/admin" || path.hasPrefix("/admin/")
    }

    package func respond(to request: APIRequest, now: Date) async -> SiteResponse {
        let components = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard components.count <= 6 else { return Self.error(404, "notFound", "no such address") }
        switch Array(components) {
        case ["api", "openapi.json"]:
            guard request.method == "GET" || request.method == "HEAD" else { return Self.notAllowed("GET") }
            return SiteResponse(status: 200, headers: Self.jsonHeaders, body: Array(OpenAPIDocument.json.utf8))
        case let parts where parts.count == 3 && parts[0] == "api" && parts[1] == "links":
            guard request.method == "GET" || request.method == "HEAD" else { return Self.notAllowed("GET") }
            return await publicLink(parts[2], now: now)
        case ["api", "claims", "redeem"]:
            guard request.method == "POST" else { return Self.notAllowed("POST") }
            if let wait = perAddress.wait(for: request.address) { return Self.tooMany(wait) }
            return await redeem(request.body, contentType: request.contentType, now: now)
        case let parts where parts.count >= 2 && parts[0] == "api" && parts[1] == "admin":
            return await admin(Array(parts.dropFirst(2)), request, now: now)
        case let parts where parts.count == 3 && parts[0] == "admin" && parts[1] == "links":
            guard request.method == "GET" || request.method == "HEAD" else { return Self.notAllowed("GET") }
            return await statsPage(parts[2], request, now: now)
        default:
            return Self.error(404, "notFound", "no such address")
        }
    }

    // MARK: - Public

    private func publicLink(_ text: Substring, now: Date) async -> SiteResponse {
        guard let slug = try? Slug(String(text)) else { return Self.error(404, "notFound", "no such link") }
        let link: ShortLink?
        do {
            link = try await service.link(slug)
        } catch {
            return Self.error(503, "unavailable", "the store cannot answer; try again shortly")
        }
        guard let link else { return Self.error(404, "notFound", "no such link") }
        guard !link.isGone(at: now) else { return Self.error(410, "gone", "the link expired or was disabled") }
        struct Answer: Encodable {
            let slug: String
            let target: String
            let ios: String?
            let android: String?
        }
        return Self.json(200, Answer(slug: slug.text, target: link.target, ios: link.ios, android: link.android))
    }

    // MARK: - Admin

    /// The stats page of a link, for a browser: the token is asked for with the browser's own prompt (Basic, the
    /// token as the password), and a script may send it as Bearer.
    private func statsPage(_ text: Substring, _ request: APIRequest, now: Date) async -> SiteResponse {
        if let wait = perAddress.wait(for: request.address) { return Self.tooMany(wait) }
        switch await tokens.verify(authorization: request.authorization, allowsBasic: true) {
        case .valid(let id):
            if let wait = perToken.wait(for: id) { return Self.tooMany(wait) }
        case .missing, .invalid:
            var answer = SiteResponse.privatePage(
                "<p>The stats need a token of the site: give it as the password.</p>", status: 401)
            answer.headers.append(
                (name: "WWW-Authenticate", value: "Basic realm=\"switchyard link site\", charset=\"UTF-8\""))
            return answer
        case .unavailable:
            return SiteResponse.privatePage("<p>The store cannot answer; try again shortly.</p>", status: 503)
        }
        guard let slug = try? Slug(String(text)) else {
            return SiteResponse.privatePage("<p>No such link.</p>", status: 404)
        }
        do {
            guard let stored = try await service.store.link(slug) else {
                return SiteResponse.privatePage("<p>No such link.</p>", status: 404)
            }
            let counts = try await service.store.clickCounts(of: slug)
            let claims = try await service.store.claimEventCounts(of: slug)
            let html = StatsPage.html(
                stored, link: service.shortLinks.link(for: slug), counts: counts, claims: claims, today: now)
            return SiteResponse.privatePage(document: html, status: 200)
        } catch {
            return SiteResponse.privatePage("<p>The store cannot answer; try again shortly.</p>", status: 503)
        }
    }

    private func admin(_ parts: [Substring], _ request: APIRequest, now: Date) async -> SiteResponse {
        if let wait = perAddress.wait(for: request.address) { return Self.tooMany(wait) }
        let tokenID: String
        switch await tokens.verify(authorization: request.authorization) {
        case .valid(let id): tokenID = id
        case .missing:
            return Self.error(401, "unauthorized", "send a token: Authorization: Bearer sy_…", challenge: true)
        case .invalid:
            return Self.error(
                401, "unauthorized", "the token is not valid (the API takes Authorization: Bearer sy_…)",
                challenge: true)
        case .unavailable: return Self.error(503, "unavailable", "the store cannot answer; try again shortly")
        }
        if let wait = perToken.wait(for: tokenID) { return Self.tooMany(wait) }
        do {
            return try await adminRoute(parts, request, now: now)
        } catch {
            switch error.code {
            case .slugTaken: return Self.error(409, "slugTaken", error.message)
            case .unreadableRow: return Self.error(500, "unreadableRow", error.message)
            default: return Self.error(503, "unavailable", "the store cannot answer; try again shortly")
            }
        }
    }

    private func adminRoute(_ parts: [Substring], _ request: APIRequest, now: Date) async throws(LinkStoreError)
        -> SiteResponse
    {
        let method = request.method == "HEAD" ? "GET" : request.method
        switch (parts.map(String.init), method) {
        case (["links"], "GET"): return try await list(request.query)
        case (["links"], "POST"): return try await create(request.body, contentType: request.contentType, now: now)
        case (["links"], _): return Self.notAllowed("GET, POST")
        case (["export"], "GET"): return try await export(format: request.query["format"] ?? "json")
        case (["export"], _): return Self.notAllowed("GET")
        case (let path, _) where path.count >= 2 && path[0] == "links":
            guard let slug = try? Slug(path[1]) else { return Self.error(404, "notFound", "no such link") }
            switch (Array(path.dropFirst(2)), method) {
            case ([], "GET"): return try await show(slug)
            case ([], "PATCH"): return try await update(slug, request.body, contentType: request.contentType, now: now)
            case ([], "DELETE"): return try await delete(slug)
            case ([], _): return Self.notAllowed("GET, PATCH, DELETE")
            case (["disable"], "POST"): return try await disable(slug, now: now)
            case (["disable"], _): return Self.notAllowed("POST")
            case (["stats"], "GET"): return try await stats(slug)
            case (["stats"], _): return Self.notAllowed("GET")
            case (["claims"], "GET"): return try await claims(of: slug, request.query, now: now)
            case (["claims"], _): return Self.notAllowed("GET")
            default: return Self.error(404, "notFound", "no such address")
            }
        default:
            return Self.error(404, "notFound", "no such address")
        }
    }

    private func list(_ query: [String: String]) async throws(LinkStoreError) -> SiteResponse {
        var limit = 50
        if let text = query["limit"] {
            guard let value = Int(text), (1...Self.maxPageSize).contains(value) else {
                return Self.error(400, "invalidValue", "limit is a number from 1 to \(Self.maxPageSize)")
            }
            limit = value
        }
        var cursor: Slug?
        if let text = query["after"] {
            guard let slug = try? Slug(text) else { return Self.error(400, "invalidValue", "after is a slug") }
            cursor = slug
        }
        let page = try await service.store.list(after: cursor, limit: limit)
        struct Page: Encodable {
            let links: [LinkDocument]
            /// The `after` of the next page; `nil` on the last.
            let next: String?
        }
        let documents = page.map { LinkDocument($0, site: service.shortLinks) }
        return Self.json(200, Page(links: documents, next: page.count == limit ? documents.last?.slug : nil))
    }

    private func create(_ body: [UInt8], contentType: String?, now: Date) async throws(LinkStoreError) -> SiteResponse {
        let request: ShortLinkRequest
        switch Self.decodeRequest(body, contentType: contentType) {
        case .request(let decoded): request = decoded
        case .refused(let response): return response
        }
        let link: ShortLink
        do {
            link = try service.rules.makeLink(request, generatedSlug: Slug.random())
        } catch {
            return Self.problems(error)
        }
        try await service.store.create(link, at: now)
        service.remember(link, for: link.slug)
        return Self.json(201, LinkDocument(.init(link: link, createdAt: now, updatedAt: now), site: service.shortLinks))
    }

    private func show(_ slug: Slug) async throws(LinkStoreError) -> SiteResponse {
        guard let stored = try await service.store.link(slug) else {
            return Self.error(404, "notFound", "no such link")
        }
        return Self.json(200, LinkDocument(stored, site: service.shortLinks))
    }

    private func update(_ slug: Slug, _ body: [UInt8], contentType: String?, now: Date) async throws(LinkStoreError)
        -> SiteResponse
    {
        let request: ShortLinkRequest
        switch Self.decodeRequest(body, contentType: contentType) {
        case .request(let decoded): request = decoded
        case .refused(let response): return response
        }
        guard let stored = try await service.store.link(slug) else {
            return Self.error(404, "notFound", "no such link")
        }
        let link: ShortLink
        do {
            link = try service.rules.update(stored.link, with: request)
        } catch {
            return Self.problems(error)
        }
        guard try await service.store.update(link, at: now) else { return Self.error(404, "notFound", "no such link") }
        service.remember(link, for: slug)
        return Self.json(
            200, LinkDocument(.init(link: link, createdAt: stored.createdAt, updatedAt: now), site: service.shortLinks))
    }

    private func disable(_ slug: Slug, now: Date) async throws(LinkStoreError) -> SiteResponse {
        guard var stored = try await service.store.link(slug) else {
            return Self.error(404, "notFound", "no such link")
        }
        stored.link.isDisabled = true
        guard try await service.store.update(stored.link, at: now) else {
            return Self.error(404, "notFound", "no such link")
        }
        service.remember(stored.link, for: slug)
        stored.updatedAt = now
        return Self.json(200, LinkDocument(stored, site: service.shortLinks))
    }

    private func delete(_ slug: Slug) async throws(LinkStoreError) -> SiteResponse {
        guard try await service.store.delete(slug) else { return Self.error(404, "notFound", "no such link") }
        service.remember(nil, for: slug)
        return SiteResponse(status: 204, headers: [], body: [])
    }

    private func stats(_ slug: Slug) async throws(LinkStoreError) -> SiteResponse {
        guard try await service.store.link(slug) != nil else { return Self.error(404, "notFound", "no such link") }
        struct Stats: Encodable {
            let slug: String
            let total: Int
            let days: [ClickCount]
            let claims: [ClaimEventCount]
        }
        let counts = try await service.store.clickCounts(of: slug)
        let events = try await service.store.claimEventCounts(of: slug)
        return Self.json(
            200, Stats(slug: slug.text, total: counts.reduce(0) { $0 + $1.clicks }, days: counts, claims: events))
    }

    private func export(format: String) async throws(LinkStoreError) -> SiteResponse {
        guard format == "json" || format == "csv" else {
            return Self.error(400, "invalidValue", "format is json or csv")
        }
        var documents: [LinkDocument] = []
        var cursor: Slug?
        while true {
            let page = try await service.store.list(after: cursor, limit: 1_000)
            documents += page.map { LinkDocument($0, site: service.shortLinks) }
            guard page.count == 1_000, let last = page.last else { break }
            cursor = last.link.slug
        }
        if format == "json" { return Self.json(200, ["links": documents]) }
        var csv = CSV.line(LinkDocument.csvColumns)
        for document in documents { csv += CSV.line(document.csvFields) }
        return SiteResponse(
            status: 200,
            headers: [
                (name: "Content-Type", value: "text/csv; charset=utf-8"),
                (name: "Content-Disposition", value: "attachment; filename=\"links.csv\""),
                (name: "Cache-Control", value: "no-store"),
            ], body: Array(csv.utf8))
    }

    // MARK: - JSON

    /// The keys a link request may have; any other is refused, so that a misspelt field is not silently ignored.
    static let requestKeys: Set<String> = [
        "slug", "target", "ios", "android", "desktop", "title", "description", "imageURL", "utm", "expiresAt",
        "disabled", "tags",
    ]

    /// A link request from a JSON body, or the answer that says what is wrong with it.
    enum Decoded {
        case request(ShortLinkRequest)
        case refused(SiteResponse)
    }

    static func decodeRequest(_ body: [UInt8], contentType: String?) -> Decoded {
        guard isJSON(contentType) else {
            return .refused(error(415, "unsupportedMediaType", "send the link as Content-Type: application/json"))
        }
        let data = Data(body)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .refused(error(400, "invalidJSON", "the body is a JSON object"))
        }
        // One rule for keys the document does not name, wherever they are: 400, unknownKey (a value that breaks a
        // rule is 422). `utm` is the one object inside a link request.
        if let unknown = object.keys.filter({ !requestKeys.contains($0) }).sorted().first {
            return .refused(error(400, "unknownKey", "\(Excerpt.short(unknown)) is not a field of a link"))
        }
        if let utm = object["utm"] as? [String: Any],
            let unknown = utm.keys.filter({ !ShortLinkRules.utmKeys.contains($0) }).sorted().first
        {
            let known = ShortLinkRules.utmKeys.sorted().joined(separator: ", ")
            return .refused(error(400, "unknownKey", "utm.\(Excerpt.short(unknown)) is not one of \(known)"))
        }
        do {
            return .request(try decoder.decode(ShortLinkRequest.self, from: data))
        } catch {
            return .refused(Self.error(400, "invalidValue", "a field has the wrong type: \(describe(error))"))
        }
    }

    /// Whether a `Content-Type` names JSON, parameters (`; charset=utf-8`) aside.
    static func isJSON(_ contentType: String?) -> Bool {
        contentType?.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// Where a decoding error is, without echoing the body.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a link" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not a link" : Excerpt.short(path)
        @unknown default:
            return "not a link"
        }
    }

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static let jsonHeaders = [
        (name: "Content-Type", value: "application/json"), (name: "Cache-Control", value: "no-store"),
        (name: "X-Content-Type-Options", value: "nosniff"),
    ]

    static func json(_ status: Int, _ value: some Encodable) -> SiteResponse {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let body = (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
        return SiteResponse(status: status, headers: jsonHeaders, body: body)
    }

    struct ErrorBody: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
            let problems: [Problem]?
        }
        struct Problem: Encodable {
            let field: String
            let code: String
            let message: String
        }
        let error: Detail
    }

    static func error(_ status: Int, _ code: String, _ message: String, challenge: Bool = false) -> SiteResponse {
        var response = json(status, ErrorBody(error: .init(code: code, message: message, problems: nil)))
        if challenge { response.headers.append((name: "WWW-Authenticate", value: "Bearer realm=\"switchyard\"")) }
        return response
    }

    static func problems(_ refused: ShortLinkProblems) -> SiteResponse {
        let problems = refused.problems.map {
            ErrorBody.Problem(field: $0.field, code: $0.code.name, message: $0.message)
        }
        return json(
            422,
            ErrorBody(
                error: .init(code: "invalidLink", message: "the link breaks the site's rules", problems: problems)))
    }

    static func notAllowed(_ allow: String) -> SiteResponse {
        var response = error(405, "methodNotAllowed", "this address takes \(allow)")
        response.headers.append((name: "Allow", value: allow))
        return response
    }

    static func tooMany(_ seconds: Int) -> SiteResponse {
        var response = error(429, "tooManyRequests", "too many requests; try again in \(seconds) s")
        response.headers.append((name: "Retry-After", value: String(seconds)))
        return response
    }
}
