import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardQR
import SwitchyardServer
import SwitchyardWebLinks

/// The stats page of a short link: its clicks of the last `days` days (UTC) as a stacked bar chart in SVG, drawn on
/// the server, a table with the same counts, and totals by platform. No script, nothing loaded from elsewhere: the
/// strict content security policy of every page holds.
enum StatsPage {
    static let days = 30
    /// Each platform's colour, in the legend's order; each has a contrast above 3:1 on white and on black.
    static let platforms: [(visitor: Visitor, name: String, colour: String)] = [
        (.ios, "iOS", "#2f6fdb"), (.android, "Android", "#2a8a3e"), (.desktop, "Desktop", "#8a4fd6"),
        (.bot, "Bots", "#8a6d3b"),
    ]

    /// The events of a link's claims, in the order the table shows them.
    static let claimEvents: [(event: ClaimEvent, name: String)] = [
        (.storeRedirect, "Sent to a store"), (.claimCreated, "Claims made"), (.redeemed, "First opens"),
        (.reopened, "Opened again"),
    ]

    /// The stats page of the link `text` names, for a browser: the token is checked in front of it
    /// (``AdminAuthenticator``).
    static func answer(
        slug text: String, service: LinkService, session: ConsoleSessions.Session? = nil, now: Date
    ) async -> SiteResponse {
        guard let slug = try? Slug(text) else { return SiteResponse.noSuchLink }
        do {
            guard let stored = try await service.store.link(slug) else {
                return SiteResponse.noSuchLink
            }
            let counts = try await service.store.clickCounts(of: slug)
            let claims = try await service.store.claimEventCounts(of: slug)
            let html = html(
                stored, link: service.shortLinks.link(for: slug), counts: counts, claims: claims, session: session,
                today: now)
            return SiteResponse.consolePage(html)
        } catch {
            return SiteResponse.storeUnavailable
        }
    }

    static func html(
        _ stored: LinkStore.Stored, link: String, counts: [ClickCount], claims: [ClaimEventCount] = [],
        session: ConsoleSessions.Session? = nil, today: Date
    ) -> String {
        let dayNames = (0..<days).reversed().map { StoredTime.day(today.addingTimeInterval(-86_400 * Double($0))) }
        var byDay: [String: [Visitor: Int]] = [:]
        for count in counts { byDay[count.day, default: [:]][count.platform, default: 0] += count.clicks }
        let totals = Dictionary(grouping: counts, by: \.platform).mapValues { $0.reduce(0) { $0 + $1.clicks } }
        let total = totals.values.reduce(0, +)
        let slug = HTML.text(stored.link.slug.text)
        var body = session.map(SignInPages.signOutForm) ?? ""
        body += "<p><a href=\"/admin/links\">All links</a></p>\n<h1>Clicks of <code>\(slug)</code></h1>\n"
        body += "<p><code>\(HTML.text(link))</code> → <code>\(HTML.text(stored.link.target))</code></p>\n"
        body += qrCode(link: link, slug: stored.link.slug.text)
        if let session { body += actions(stored.link, session: session) }
        body += "<p class=\"total\">\(total) \(total == 1 ? "click" : "clicks") in all"
        body += stored.link.isDisabled ? "; the link is disabled.</p>\n" : ".</p>\n"
        body += legend(totals)
        body += chart(dayNames, byDay)
        body += table(dayNames, byDay)
        body += claimTable(dayNames, claims)
        return HTML.document(
            title: "Clicks of \(slug)", head: "<style>\(style)</style>\n", body: "<main>\n\(body)</main>\n")
    }

    /// What a signed-in person may do to the link: disable or enable it, and delete it (after a confirmation).
    private static func actions(_ link: ShortLink, session: ConsoleSessions.Session) -> String {
        let slug = link.slug.text
        let (action, label) = link.isDisabled ? ("enable", "Enable the link") : ("disable", "Disable the link")
        var html = "<div class=\"actions\">"
        html += "<form method=\"post\" action=\"/admin/links/\(slug)/\(action)\">\(SignInPages.formTokenField(session))"
        html += "<button type=\"submit\">\(label)</button></form>"
        html += "<a href=\"/admin/links/\(slug)/edit\">Change the link</a>"
        html += "<a href=\"/admin/links/\(slug)/delete\">Delete the link…</a></div>\n"
        return html
    }

    /// The link's QR code, drawn in the page (the policy lets it load no picture), and its downloads.
    private static func qrCode(link: String, slug: String) -> String {
        var html = "<section class=\"qr\" aria-labelledby=\"qr-title\">\n<h2 id=\"qr-title\">QR code</h2>\n"
        // A short link's address always fits a code, and 160 pixels fit any code's modules and margins.
        if let svg = try? QRCode(link).svg(size: 132, title: "QR code of \(link)") {
            html += svg
        }
        html += "<p>Download it to print: "
        html += "<a href=\"/admin/links/\(slug)/qr.svg\" download=\"\(slug)-qr.svg\">SVG</a> or "
        html += "<a href=\"/admin/links/\(slug)/qr.png?size=1024\" download=\"\(slug)-qr.png\">PNG, 1,024 pixels</a>"
        html += " (<code>?size=</code>, <code>margin=</code> and <code>level=L|M|Q|H</code> change it).</p>\n"
        return html + "</section>\n"
    }

    private static func legend(_ totals: [Visitor: Int]) -> String {
        var html = "<ul class=\"legend\">\n"
        for platform in platforms {
            html += "<li><span class=\"swatch\" style=\"background:\(platform.colour)\"></span>"
            html += "\(platform.name): \(totals[platform.visitor] ?? 0)</li>\n"
        }
        return html + "</ul>\n"
    }

    /// A bar a day, stacked by platform, scaled to the busiest day; the chart's text alternative is the table below.
    private static func chart(_ dayNames: [String], _ byDay: [String: [Visitor: Int]]) -> String {
        // The plot runs from `top` (the busiest day) to `bottom`; day labels below, the scale above.
        let (width, top, bottom, barWidth) = (600, 24, 224, 16)
        let maximum = max(dayNames.map { byDay[$0]?.values.reduce(0, +) ?? 0 }.max() ?? 0, 1)
        var svg = """
            <svg class="chart" viewBox="0 0 \(width) \(bottom + 28)" role="img" \
            aria-label="Clicks a day over the last \(days) days, by platform; the table below has the numbers">\n
            """
        svg += "<line x1=\"0\" y1=\"\(bottom)\" x2=\"\(width)\" y2=\"\(bottom)\" class=\"axis\"/>\n"
        svg += "<text x=\"0\" y=\"14\" class=\"label\">busiest day: \(maximum)</text>\n"
        for (index, day) in dayNames.enumerated() {
            let x = index * (width / days) + 2
            var y = bottom
            for platform in platforms {
                let clicks = byDay[day]?[platform.visitor] ?? 0
                guard clicks > 0 else { continue }
                let barHeight = max(1, clicks * (bottom - top) / maximum)
                y -= barHeight
                svg += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(barHeight)\" "
                svg += "fill=\"\(platform.colour)\"><title>\(day) \(platform.name): \(clicks)</title></rect>\n"
            }
            // A label a week, counted back from today, which is always labelled.
            if (dayNames.count - 1 - index) % 7 == 0 {
                // Centred under its bar; today's, the last, ends at its bar's right edge to stay inside.
                let isLast = index == dayNames.count - 1
                let (labelX, anchor) = isLast ? (x + barWidth, "end") : (x + barWidth / 2, "middle")
                svg += "<text x=\"\(labelX)\" y=\"\(bottom + 20)\" text-anchor=\"\(anchor)\" class=\"label\">"
                svg += "\(day.dropFirst(5))</text>\n"
            }
        }
        return svg + "</svg>\n"
    }

    private static func table(_ dayNames: [String], _ byDay: [String: [Visitor: Int]]) -> String {
        var html =
            "<table>\n<caption>Clicks a day (UTC), days with clicks</caption>\n<thead><tr><th scope=\"col\">Day</th>"
        for platform in platforms { html += "<th scope=\"col\">\(platform.name)</th>" }
        html += "</tr></thead>\n<tbody>\n"
        var rows = 0
        for day in dayNames.reversed() {
            guard let counts = byDay[day] else { continue }
            html += "<tr><th scope=\"row\">\(day)</th>"
            for platform in platforms { html += "<td>\(counts[platform.visitor] ?? 0)</td>" }
            html += "</tr>\n"
            rows += 1
        }
        if rows == 0 {
            html += "<tr><td colspan=\"\(platforms.count + 1)\">No clicks in the last \(days) days</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    /// The link's installs through claims, a row a day with any: what the landing pages sent to a store, and what the
    /// app redeemed after the install.
    private static func claimTable(_ dayNames: [String], _ claims: [ClaimEventCount]) -> String {
        var byDay: [String: [ClaimEvent: Int]] = [:]
        for count in claims { byDay[count.day, default: [:]][count.event, default: 0] += count.count }
        var html = "<table>\n<caption>Installs through claims a day (UTC), days with any</caption>\n"
        html += "<thead><tr><th scope=\"col\">Day</th>"
        for event in claimEvents { html += "<th scope=\"col\">\(event.name)</th>" }
        html += "</tr></thead>\n<tbody>\n"
        var rows = 0
        for day in dayNames.reversed() {
            guard let counts = byDay[day] else { continue }
            html += "<tr><th scope=\"row\">\(day)</th>"
            for event in claimEvents { html += "<td>\(counts[event.event] ?? 0)</td>" }
            html += "</tr>\n"
            rows += 1
        }
        if rows == 0 {
            html += "<tr><td colspan=\"\(claimEvents.count + 1)\">No installs through claims in the last \(days) days"
            html += "</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private static let style = """
        :root{color-scheme:light dark;--fg:#111;--bg:#fff;--muted:#444;--line:#888}\
        @media (prefers-color-scheme:dark){:root{--fg:#f2f2f2;--bg:#111;--muted:#ccc;--line:#777}}\
        body{margin:0;font:1rem/1.5 system-ui,-apple-system,sans-serif;color:var(--fg);background:var(--bg)}\
        main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem}h1{font-size:1.5rem}\
        code{overflow-wrap:anywhere}.total{font-size:1.25rem;font-weight:600}\
        .legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1rem}\
        .swatch{display:inline-block;width:.875rem;height:.875rem;margin-right:.375rem;border-radius:.2rem;\
        vertical-align:-.1rem}\
        .chart{width:100%;height:auto}.axis{stroke:var(--line)}.label{fill:var(--muted);font-size:12px}\
        table{border-collapse:collapse;margin-top:1.5rem;width:100%}caption{text-align:left;color:var(--muted)}\
        th,td{padding:.25rem .5rem;text-align:right;border-bottom:1px solid var(--line)}th:first-child{text-align:left}\
        .qr{display:flex;flex-wrap:wrap;align-items:center;gap:0 1rem}.qr h2{flex-basis:100%;font-size:1.125rem;margin:0}\
        .qr p{flex:1 1 14rem}.sign-out{float:right;margin:0}.sign-out button,.actions button{font:inherit;padding:.25rem .75rem}\
        .actions{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;margin-top:1rem}.actions form{margin:0}
        """
}
