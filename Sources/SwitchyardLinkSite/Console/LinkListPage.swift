import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer
import SwitchyardWebLinks

/// `GET /admin/links`: the site's links in slug order, 50 a page, with a search (in the slug, title, target and
/// tags, without regard to case) and a filter by state (active, disabled, expired). Each slug opens its page (its QR
/// code and clicks). Server-rendered, no script; behind the stats pages' token.
///
/// A search reads the links in slug order from the store and keeps those that match, at most ``scanLimit`` a
/// request, so that a search that matches little costs a bounded time; a page cut short by it says so and offers to
/// go on from there. "Next page" is offered only when a link after the page matches.
enum LinkListPage {
    static let pageSize = 50
    static let scanLimit = 5_000
    static let maxQueryLength = 200

    enum State: String, CaseIterable {
        case all, active, disabled, expired

        var label: String {
            switch self {
            case .all: "All links"
            case .active: "Active"
            case .disabled: "Disabled"
            case .expired: "Expired"
            }
        }

        func includes(_ link: ShortLink, at now: Date) -> Bool {
            switch self {
            case .all: true
            case .active: !link.isGone(at: now)
            case .disabled: link.isDisabled
            case .expired: !link.isDisabled && link.isGone(at: now)
            }
        }
    }

    /// The page for the query items `query` names.
    static func answer(
        query: (String) -> String?, store: LinkStore, session: ConsoleSessions.Session?, now: Date
    ) async -> SiteResponse {
        let search = query("q")?.trimmingCharacters(in: .whitespaces) ?? ""
        guard search.count <= maxQueryLength else {
            return SiteResponse.privatePage("<p>A search has at most \(maxQueryLength) characters.</p>", status: 400)
        }
        guard let state = State(rawValue: query("state") ?? "all") else {
            return SiteResponse.privatePage("<p>state is all, active, disabled or expired.</p>", status: 400)
        }
        var cursor: Slug?
        if let after = query("after"), !after.isEmpty {
            guard let slug = try? Slug(after) else {
                return SiteResponse.privatePage("<p>after is a slug.</p>", status: 400)
            }
            cursor = slug
        }
        let scan: Scan
        do {
            scan = try await Scan.read(store, after: cursor) { state.includes($0, at: now) && matches($0, search) }
        } catch {
            return SiteResponse.storeUnavailable
        }
        let html = page(
            scan.found, search: search, state: state, next: scan.next, cutShort: scan.isCutShort, session: session,
            deleted: query("deleted"), now: now)
        return SiteResponse.consolePage(html)
    }

    /// A page of the links that match, read from the store in slug order.
    struct Scan {
        /// At most ``pageSize`` links.
        var found: [LinkStore.Stored] = []
        /// Where the next page begins; `nil` when no link after this page matches.
        var next: Slug?
        /// Whether the page stopped at ``scanLimit`` links read, rather than when it was full or the links ended.
        var isCutShort = false

        /// Reads links after `cursor` until a page and one more match (so that "Next page" is offered only when
        /// there is one), the links end, or ``scanLimit`` were read.
        static func read(
            _ store: LinkStore, after cursor: Slug?, matching: (ShortLink) -> Bool
        ) async throws(LinkStoreError) -> Scan {
            var scan = Scan()
            var cursor = cursor
            var scanned = 0
            var isEnd = false
            reading: while true {
                let batch = try await store.list(after: cursor, limit: 1_000)
                for (index, stored) in batch.enumerated() {
                    scanned += 1
                    cursor = stored.link.slug
                    if matching(stored.link) { scan.found.append(stored) }
                    if scan.found.count > pageSize || scanned == scanLimit {
                        isEnd = batch.count < 1_000 && index == batch.count - 1
                        break reading
                    }
                }
                if batch.count < 1_000 {
                    isEnd = true
                    break
                }
            }
            if scan.found.count > pageSize {
                scan.found.removeLast()
                scan.next = scan.found.last?.link.slug
            } else if !isEnd {
                scan.next = cursor
                scan.isCutShort = true
            }
            return scan
        }
    }

    /// Whether `search` (empty: anything) is in the link's slug, title, target or a tag, without regard to case.
    static func matches(_ link: ShortLink, _ search: String) -> Bool {
        guard !search.isEmpty else { return true }
        let fields = [link.slug.text, link.target, link.preview.title ?? ""] + link.tags
        return fields.contains { $0.range(of: search, options: .caseInsensitive) != nil }
    }

    private static func page(
        _ links: [LinkStore.Stored], search: String, state: State, next: Slug?, cutShort: Bool,
        session: ConsoleSessions.Session?, deleted: String?, now: Date
    ) -> String {
        var body = session.map(SignInPages.signOutForm) ?? ""
        body += "<h1>Links</h1>\n"
        if session != nil {
            body +=
                "<p class=\"tasks\"><a href=\"/admin/create\">Make a link</a> <a href=\"/admin/import\">Import links</a></p>\n"
        }
        if let deleted, let slug = try? Slug(deleted) {
            body += "<p class=\"status\" role=\"status\">Deleted <code>\(slug.text)</code>.</p>\n"
        }
        body += "<form method=\"get\" action=\"/admin/links\" role=\"search\">\n"
        body += "<div><label for=\"q\">Search slugs, titles, targets and tags</label>\n"
        body += "<input type=\"search\" id=\"q\" name=\"q\" maxlength=\"\(maxQueryLength)\" "
        body += "value=\"\(HTML.fieldValue(search))\"></div>\n"
        body += "<div><label for=\"state\">Show</label>\n<select id=\"state\" name=\"state\">\n"
        for option in State.allCases {
            let selected = option == state ? " selected" : ""
            body += "<option value=\"\(option.rawValue)\"\(selected)>\(option.label)</option>\n"
        }
        body += "</select></div>\n<button type=\"submit\">Search</button>\n</form>\n"
        if links.isEmpty {
            body += "<p class=\"summary\">No link \(search.isEmpty && state == .all ? "yet" : "matches").</p>\n"
        } else {
            body += table(links, now: now)
        }
        if let next {
            var items = [("after", next.text)]
            if !search.isEmpty { items.append(("q", search)) }
            if state != .all { items.append(("state", state.rawValue)) }
            let query = items.map { "\($0.0)=\(Self.queryValue($0.1))" }.joined(separator: "&amp;")
            let reason =
                cutShort ? "\(scanLimit) links were searched, up to <code>\(HTML.text(next.text))</code>; " : ""
            body += "<p class=\"more\">\(reason)<a href=\"/admin/links?\(query)\">Next page</a></p>\n"
        }
        return HTML.document(title: "Links", head: "<style>\(style)</style>\n", body: "<main>\n\(body)</main>\n")
    }

    private static func table(_ links: [LinkStore.Stored], now: Date) -> String {
        var html = "<table>\n<caption>Links in slug order</caption>\n<thead><tr>"
        for column in ["Slug", "Target", "Title", "Tags", "State", "Created (UTC)"] {
            html += "<th scope=\"col\">\(column)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for stored in links {
            let link = stored.link
            let state = link.isDisabled ? "Disabled" : link.isGone(at: now) ? "Expired" : "Active"
            html += "<tr><th scope=\"row\"><a href=\"/admin/links/\(link.slug.text)\">\(link.slug.text)</a></th>"
            html += "<td><code>\(HTML.text(link.target))</code></td>"
            html += "<td>\(HTML.text(link.preview.title ?? ""))</td>"
            html += "<td>\(HTML.text(link.tags.joined(separator: ", ")))</td>"
            html += "<td>\(state)</td><td>\(StoredTime.day(stored.createdAt))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// A query item's value, percent-encoded but for the characters a URL's query keeps as they are.
    private static func queryValue(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static let style = """
        :root{color-scheme:light dark;--fg:#111;--bg:#fff;--muted:#444;--line:#888;--accent:#0a4fb3}\
        @media (prefers-color-scheme:dark){:root{--fg:#f2f2f2;--bg:#111;--muted:#ccc;--line:#777;--accent:#8ab8ff}}\
        body{margin:0;font:1rem/1.5 system-ui,-apple-system,sans-serif;color:var(--fg);background:var(--bg)}\
        main{max-width:60rem;margin:0 auto;padding:2rem 1.25rem}h1{font-size:1.5rem}a{color:var(--accent)}\
        a:focus-visible,input:focus-visible,select:focus-visible,button:focus-visible{outline:3px solid var(--accent);\
        outline-offset:2px}\
        form{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin-bottom:1.5rem}\
        label{display:block;font-weight:600}input,select,button{font:inherit;padding:.375rem .5rem;color:var(--fg);\
        background:var(--bg);border:1px solid var(--line);border-radius:.375rem}\
        button{font-weight:600;color:var(--bg);background:var(--accent);border-color:var(--accent)}\
        code{overflow-wrap:anywhere}table{border-collapse:collapse;width:100%}\
        caption{text-align:left;color:var(--muted)}\
        th,td{padding:.25rem .5rem;text-align:left;vertical-align:top;border-bottom:1px solid var(--line)}\
        @media (max-width:40rem){table,thead,tbody,tr,th,td{display:block}thead{display:none}\
        tr{padding:.5rem 0;border-bottom:1px solid var(--line)}th,td{border:0;padding:0}}\
        .help{margin:.25rem 0;color:var(--muted)}.error{margin:.25rem 0;color:#b3261e;font-weight:600}\
        @media (prefers-color-scheme:dark){.error{color:#ffb4ab}}input[type=password]{min-width:20rem;max-width:100%}\
        main form[action="/admin/sign-in"]{display:block}main form[action="/admin/sign-in"] button{margin-top:1rem}\
        .sign-out{float:right;margin:0}\
        form.editor{display:block}fieldset{border:1px solid var(--line);border-radius:.5rem;margin:0 0 1rem;\
        padding:.5rem 1rem 1rem}legend{font-weight:600;padding:0 .25rem}.field{margin-top:.75rem}\
        .field input,.field textarea{width:100%;box-sizing:border-box}.field input[type=checkbox]{width:auto}\
        .buttons{display:flex;gap:1rem}\
        .problems{border:2px solid #b3261e;border-radius:.5rem;padding:0 1rem;margin-bottom:1rem}\
        @media (prefers-color-scheme:dark){.problems{border-color:#ffb4ab}}\
        .preview{border:1px solid var(--line);border-radius:.5rem;padding:0 1rem 1rem;margin-bottom:1.5rem}\
        .card{border:1px solid var(--line);border-radius:.5rem;padding:.5rem 1rem;margin:1rem 0 0;max-width:28rem}\
        .card figcaption,.card-site{color:var(--muted);font-size:.875rem;margin:0}.card-title{font-weight:600}\
        .tasks a{margin-right:1.5rem}label.inline{display:inline;font-weight:400}
        """
}
