import Switchyard
import SwitchyardReports
import SwitchyardServer

/// `/`: the match box, with what a link matches below it, and every table's routes in match order.
enum RoutesPage {
    /// The page; `link` is the link in the box (`/?url=…`), matched on the server so that the page is complete
    /// without its script and a shared address shows its result.
    static func page(_ snapshot: RouteFileSnapshot, link: String?, origin: String? = nil) -> String {
        var content = """
            <h1>Routes</h1>
            <form class="match" action="/" method="get" role="search" aria-label="Match a link" \
            data-live="result" data-fragment="/match" data-keeps-address>
            <label for="url">Link to match</label>
            <div class="field">
            <input id="url" name="url" type="text" value="\(HTML.fieldValue(link ?? ""))" inputmode="url" \
            autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="url-hint">
            <button type="submit">Match</button>
            </div>
            \(OriginPicker.field(selected: origin))
            <p id="url-hint" class="hint">A custom-scheme link, a universal link or a route such as \
            <code>/product/1988</code>. The result follows as you type, and the page’s address keeps it, to share.</p>
            </form>
            <section id="result" class="result" aria-live="polite" aria-label="Result">
            \(MatchResult.fragment(snapshot, link: link, origin: origin))</section>

            """
        if let routes = snapshot.routes { content += tables(routes) }
        return Layout.document(title: "Routes", page: .routes, snapshot: snapshot, content: content)
    }

    /// Each table with its settings and its routes, in the order links try them; a pattern with optional groups
    /// has a row for each expansion. A table without routes of its own is listed too: its settings still apply.
    static func tables(_ loaded: LoadedRoutes) -> String {
        let routes = Array(loaded.router.routes.enumerated())
        let tables = Set(loaded.file.settings.keys).union(routes.map(\.element.table)).sorted()
        var html =
            "<h2 id=\"tables\">Tables</h2>\n<p>Links try a table’s routes from the top: priority first, then the "
        html += "more specific pattern, then the order of the file.</p>\n"
        if let destination = loaded.file.defaultDestination {
            html += "<p>A link that no route matches opens the default, \(Markup.code(destination)).</p>\n"
        }
        for table in tables {
            let rows = routes.filter { $0.element.table == table }.map { index, route in
                row(route, number: index + 1, declaration: loaded.file.declaration(of: route))
            }
            html += section(table, settings: loaded.file.settings[table], rows: rows)
        }
        return html
    }

    private static func section(_ table: RouteTable, settings: TableSettings?, rows: [String]) -> String {
        let name = HTML.text(table.description)
        let id = "table-\(Anchor.id(table.description))"
        var about: [String] = []
        if let scheme = table.scheme {
            about.append("Links in <code>\(HTML.text(scheme)):</code>.")
            if settings?.fallsBackToGlobalRoutes == true {
                about.append("A link none of these match goes on to the global table.")
            }
        } else {
            about.append("Internal routes, and the links of schemes that fall back to it.")
        }
        if let hosts = settings?.allowedHosts {
            about.append(
                "Hosts allowed: " + hosts.map { "<code>\(HTML.text($0))</code>" }.joined(separator: ", ") + ".")
        }
        guard !rows.isEmpty else {
            return """
                <section aria-labelledby="\(id)">
                <h3 id="\(id)">\(name)</h3>
                <p>\(about.joined(separator: " ")) It has no routes of its own.</p>
                </section>

                """
        }
        return """
            <section aria-labelledby="\(id)">
            <h3 id="\(id)">\(name)</h3>
            <p>\(about.joined(separator: " "))</p>
            <div class="scroll" role="region" aria-label="Routes of \(name)" tabindex="0">
            <table class="routes">
            <thead><tr><th scope="col">#</th><th scope="col">Expansion</th><th scope="col">Pattern</th>\
            <th scope="col">Name</th><th scope="col">Destination</th><th scope="col">Priority</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            </div>
            </section>

            """
    }

    private static func row(_ route: Route, number: Int, declaration: RouteFile.RouteDeclaration?) -> String {
        let name = route.name.map { "<a href=\"/links#\(Anchor.route($0))\">\(HTML.text($0))</a>" } ?? "—"
        var destination =
            declaration?.destination.map(Markup.code)
            ?? declaration?.redirect.map { "redirects to " + Markup.code($0) } ?? "—"
        if let access = declaration?.access {
            destination += "<br><span class=\"access\">\(Self.describe(access))</span>"
        }
        return "<tr><td>\(number)</td><td>\(Markup.code(route.expansion))</td>"
            + "<td>\(Markup.code(route.pattern.written))</td><td>\(name)</td><td>\(destination)</td>"
            + "<td>\(route.priority)</td></tr>"
    }
}

extension RoutesPage {
    /// Who may open a route, for people: `opens from inApp, notification; asks to confirm from outside the app`.
    static func describe(_ access: RouteAccess) -> String {
        var parts: [String] = []
        if let origins = access.origins {
            let names = LinkOrigin.builtIn.filter(origins.contains).map(\.name)
            parts.append(names.isEmpty ? "opens from no origin" : "opens from " + names.joined(separator: ", "))
        }
        if access.confirms { parts.append("asks to confirm a link from outside the app") }
        return HTML.text(parts.joined(separator: "; "))
    }
}

/// Fragment identifiers made from names: letters, digits, `_` and `.` kept, every other byte of the name's UTF-8 as
/// `-XX` (in hex), so that two names never share one.
enum Anchor {
    static func id(_ name: String) -> String {
        var output = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "-" + String(byte, radix: 16, uppercase: true)
            }
        }
        return output
    }

    static func route(_ name: String) -> String { "route-" + id(name) }
}
