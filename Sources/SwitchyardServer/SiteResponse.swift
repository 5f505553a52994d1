#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An answer of ``UniversalLinkSite``: a status, headers and a body, independent of the server that sends it.
package struct SiteResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An association file's bytes and entity tag, made once.
    package struct AssociationFile: Sendable {
        let body: [UInt8]
        /// A strong entity tag: the 64-bit FNV-1a hash of the bytes, in hex.
        let entityTag: String

        package init(_ data: Data) {
            body = Array(data)
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in body {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            let hex = String(hash, radix: 16)
            entityTag = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
        }
    }

    /// An association file: JSON, cacheable for an hour, with an entity tag so that a CDN can revalidate it
    /// (`304 Not Modified` when `ifNoneMatch`, a request's `If-None-Match`, lists the tag or is `*`). Never a
    /// redirect: Apple and Android refuse one.
    package static func associationFile(_ file: AssociationFile, ifNoneMatch: String?) -> SiteResponse {
        let headers = [
            (name: "Content-Type", value: "application/json"),
            (name: "Cache-Control", value: "public, max-age=3600"),
            (name: "ETag", value: file.entityTag),
        ]
        let tags = ifNoneMatch?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        if tags.contains(file.entityTag) || tags.contains("*") {
            return SiteResponse(status: 304, headers: headers, body: [])
        }
        return SiteResponse(status: 200, headers: headers, body: file.body)
    }

    /// A `302 Found` to a route's web fallback. The location is built from the route file's template with each
    /// value percent-encoded, so it holds no byte a header cannot carry.
    package static func redirect(to location: String) -> SiteResponse {
        SiteResponse(
            status: 302,
            headers: [(name: "Location", value: location), (name: "Cache-Control", value: "no-store")] + pageHeaders,
            body: [])
    }

    /// A landing page: it changes with the route file only, so it may be cached for a few minutes.
    static func landingPage(_ html: String) -> SiteResponse {
        page(html, status: 200, cacheControl: "public, max-age=300")
    }

    /// A short link's landing page with a "Get the app" button: it holds a token of its own for each visit, so it is
    /// never cached. Where `runsScript` (iOS, which copies the claim link) it runs the site's own script
    /// (`script-src 'self'`), nothing else; otherwise it keeps the pages' policy, which runs none.
    static func claimLandingPage(_ html: String, runsScript: Bool) -> SiteResponse {
        var response = page(html, status: 200, cacheControl: "private, no-store")
        guard runsScript else { return response }
        response.headers = response.headers.map { header in
            header.name == "Content-Security-Policy" ? (header.name, scriptPolicy) : header
        }
        return response
    }

    /// The script that copies a claim link, for pages of the site only.
    package static func claimScript() -> SiteResponse {
        SiteResponse(
            status: 200,
            headers: [
                (name: "Content-Type", value: "text/javascript; charset=utf-8"),
                (name: "Cache-Control", value: "public, max-age=3600"),
                (name: "X-Content-Type-Options", value: "nosniff"),
                (name: "Cross-Origin-Resource-Policy", value: "same-origin"),
            ], body: Array(GetTheApp.script.utf8))
    }

    /// The 404 page, for a path that no route handles.
    static func notFound(_ html: String) -> SiteResponse {
        page(html, status: 404, cacheControl: "no-store")
    }

    /// The 410 page, for a short link that expired or was disabled.
    static func gone(_ html: String) -> SiteResponse {
        page(html, status: 410, cacheControl: "no-store")
    }

    /// The 503 page, when a short link's store cannot answer; a client may try again after a few seconds.
    static func unavailable(_ html: String) -> SiteResponse {
        var response = page(html, status: 503, cacheControl: "no-store")
        response.headers.append((name: "Retry-After", value: "5"))
        return response
    }

    /// A page only its reader may see (an admin page): never cached, under the pages' policy.
    package static func privatePage(document html: String, status: Int) -> SiteResponse {
        page(html, status: status, cacheControl: "no-store")
    }

    /// A private page whose body is `paragraph`, markup already escaped.
    package static func privatePage(_ paragraph: String, status: Int) -> SiteResponse {
        privatePage(document: Pages.page(title: "Link site", head: "", body: paragraph + "\n"), status: status)
    }

    /// A short link's preview page for a crawler: it changes when the link does, so it is cached briefly.
    static func preview(_ html: String) -> SiteResponse {
        page(html, status: 200, cacheControl: "public, max-age=60")
    }

    private static func page(_ html: String, status: Int, cacheControl: String) -> SiteResponse {
        SiteResponse(
            status: status,
            headers: [
                (name: "Content-Type", value: "text/html; charset=utf-8"), (name: "Cache-Control", value: cacheControl),
            ]
                + pageHeaders,
            body: Array(html.utf8))
    }

    /// What every page carries: no script may run, nothing loads from elsewhere, the page cannot be framed, and
    /// the link a person opened is not passed on to the store or the fallback site.
    static let pageHeaders = [
        (
            name: "Content-Security-Policy",
            value: "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
                + "frame-ancestors 'none'"
        ),
        (name: "X-Content-Type-Options", value: "nosniff"),
        (name: "Referrer-Policy", value: "no-referrer"),
    ]

    /// The pages' policy with one change: scripts from the site itself may run (the claim link's copy).
    static let scriptPolicy =
        "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
        + "frame-ancestors 'none'"
}
