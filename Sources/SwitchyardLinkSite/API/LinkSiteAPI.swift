import Foundation
import OpenAPIRuntime
import Switchyard
import SwitchyardLinkAPI
import SwitchyardLinkStore
import SwitchyardWebLinks

/// The site's JSON API, as openapi.yaml describes it: the generated server reads each request into an operation's
/// input, calls the operation here, and writes what it returns.
///
/// A handler runs only for a request its route group let through (``SiteRoutes``): the token, the rate limits and
/// the body's size are middleware. What a handler cannot answer it throws, as ``APIFailure`` or
/// ``LinkStoreError``, and ``APIErrors`` says it as the document's `Error`.
struct LinkSiteAPI: APIProtocol {
    static let defaultPageSize = 50
    static let maxPageSize = 200

    let service: LinkService

    // MARK: - Public

    func lookUp(_ input: Operations.LookUp.Input) async throws -> Operations.LookUp.Output {
        let slug = try Self.slug(input.path.slug)
        guard let link = try await service.link(slug) else { throw APIFailure.notFound() }
        guard !link.isGone(at: Date()) else { throw APIFailure(.gone, "gone", "the link expired or was disabled") }
        return .ok(
            .init(body: .json(.init(slug: slug.text, target: link.target, ios: link.ios, android: link.android))))
    }

    // MARK: - Links

    func listLinks(_ input: Operations.ListLinks.Input) async throws -> Operations.ListLinks.Output {
        let limit = try Self.pageSize(input.query.limit)
        let cursor = try input.query.after.map { text in
            guard let slug = try? Slug(text) else { throw APIFailure.invalidValue("after is a slug") }
            return slug
        }
        let page = try await service.store.list(after: cursor, limit: limit)
        let links = page.map { Components.Schemas.Link($0, site: service.shortLinks) }
        return .ok(.init(body: .json(.init(links: links, next: page.count == limit ? links.last?.slug : nil))))
    }

    func createLink(_ input: Operations.CreateLink.Input) async throws -> Operations.CreateLink.Output {
        guard case .json(let body) = input.body else { throw APIFailure.invalidValue("the body is a link") }
        let now = Date()
        let link: ShortLink
        do {
            link = try service.rules.makeLink(ShortLinkRequest(body), generatedSlug: Slug.random())
        } catch {
            throw APIFailure(error)
        }
        try await service.store.create(link, at: now)
        service.remember(link, for: link.slug)
        let stored = LinkStore.Stored(link: link, createdAt: now, updatedAt: now)
        return .created(.init(body: .json(.init(stored, site: service.shortLinks))))
    }

    func getLink(_ input: Operations.GetLink.Input) async throws -> Operations.GetLink.Output {
        let stored = try await storedLink(input.path.slug)
        return .ok(.init(body: .json(.init(stored, site: service.shortLinks))))
    }

    func updateLink(_ input: Operations.UpdateLink.Input) async throws -> Operations.UpdateLink.Output {
        guard case .json(let body) = input.body else { throw APIFailure.invalidValue("the body is a link") }
        let now = Date()
        var stored = try await storedLink(input.path.slug)
        do {
            stored.link = try service.rules.update(stored.link, with: ShortLinkRequest(body))
        } catch {
            throw APIFailure(error)
        }
        guard try await service.store.update(stored.link, at: now) else { throw APIFailure.notFound() }
        service.remember(stored.link, for: stored.link.slug)
        stored.updatedAt = now
        return .ok(.init(body: .json(.init(stored, site: service.shortLinks))))
    }

    func disableLink(_ input: Operations.DisableLink.Input) async throws -> Operations.DisableLink.Output {
        let now = Date()
        var stored = try await storedLink(input.path.slug)
        stored.link.isDisabled = true
        guard try await service.store.update(stored.link, at: now) else { throw APIFailure.notFound() }
        service.remember(stored.link, for: stored.link.slug)
        stored.updatedAt = now
        return .ok(.init(body: .json(.init(stored, site: service.shortLinks))))
    }

    func deleteLink(_ input: Operations.DeleteLink.Input) async throws -> Operations.DeleteLink.Output {
        let slug = try Self.slug(input.path.slug)
        guard try await service.store.delete(slug) else { throw APIFailure.notFound() }
        service.remember(nil, for: slug)
        return .noContent(.init())
    }

    func linkStats(_ input: Operations.LinkStats.Input) async throws -> Operations.LinkStats.Output {
        let slug = try await storedLink(input.path.slug).link.slug
        let counts = try await service.store.clickCounts(of: slug)
        let events = try await service.store.claimEventCounts(of: slug)
        let stats = Components.Schemas.Stats(
            slug: slug.text, total: counts.reduce(0) { $0 + $1.clicks }, days: try counts.map(Self.document),
            claims: try events.map(Self.document))
        return .ok(.init(body: .json(stats)))
    }

    func exportLinks(_ input: Operations.ExportLinks.Input) async throws -> Operations.ExportLinks.Output {
        var links: [Components.Schemas.Link] = []
        var cursor: Slug?
        while true {
            let page = try await service.store.list(after: cursor, limit: 1_000)
            links += page.map { Components.Schemas.Link($0, site: service.shortLinks) }
            guard page.count == 1_000, let last = page.last else { break }
            cursor = last.link.slug
        }
        switch input.query.format ?? .json {
        case .json:
            return .ok(.init(body: .json(.init(links: links))))
        case .csv:
            var csv = CSV.line(Components.Schemas.Link.csvColumns)
            for link in links { csv += CSV.line(link.csvFields) }
            // ExportAttachment names the file: the generated server would escape the header's quotes.
            return .ok(.init(body: .textCsvCharsetUtf8(HTTPBody(csv))))
        }
    }

    // MARK: - Reading the input

    /// A slug of a path: one that cannot be a slug names no link.
    static func slug(_ text: String) throws(APIFailure) -> Slug {
        guard let slug = try? Slug(text) else { throw APIFailure.notFound() }
        return slug
    }

    /// The link a path names, as stored.
    func storedLink(_ text: String) async throws -> LinkStore.Stored {
        guard let stored = try await service.store.link(try Self.slug(text)) else { throw APIFailure.notFound() }
        return stored
    }

    /// A page's size: ``defaultPageSize`` when not given, at most ``maxPageSize``.
    static func pageSize(_ limit: Int?) throws(APIFailure) -> Int {
        let limit = limit ?? defaultPageSize
        guard (1...maxPageSize).contains(limit) else {
            throw APIFailure.invalidValue("limit is a number from 1 to \(maxPageSize)")
        }
        return limit
    }

    /// A count of clicks as the document says it; the store's platforms are the document's.
    static func document(_ count: ClickCount) throws(APIFailure) -> Components.Schemas.ClickCount {
        guard let platform = Components.Schemas.ClickCount.PlatformPayload(rawValue: count.platform.rawValue) else {
            throw APIFailure(.internalServerError, "unreadableRow", "a click's platform is not one the API names")
        }
        return .init(day: count.day, platform: platform, clicks: count.clicks)
    }

    /// A count of a claim's events as the document says it; the store's events are the document's.
    static func document(_ count: ClaimEventCount) throws(APIFailure) -> Components.Schemas.ClaimEventCount {
        guard let event = Components.Schemas.ClaimEventCount.EventPayload(rawValue: count.event.rawValue) else {
            throw APIFailure(.internalServerError, "unreadableRow", "a claim's event is not one the API names")
        }
        return .init(day: count.day, event: event, count: count.count)
    }
}

extension ShortLinkRequest {
    /// The request the document's `LinkRequest` makes: the same fields, `utm` as a dictionary of what it gives.
    init(_ body: Components.Schemas.LinkRequest) {
        self.init(target: body.target, slug: body.slug)
        ios = body.ios
        android = body.android
        desktop = body.desktop
        title = body.title
        description = body.description
        imageURL = body.imageURL
        if let utm = body.utm {
            let fields = [
                ("source", utm.source), ("medium", utm.medium), ("campaign", utm.campaign), ("term", utm.term),
                ("content", utm.content),
            ]
            self.utm = Dictionary(uniqueKeysWithValues: fields.compactMap { key, value in value.map { (key, $0) } })
        }
        expiresAt = body.expiresAt
        disabled = body.disabled
        tags = body.tags
    }
}
