import Switchyard
import SwitchyardReports
import SwitchyardServer

/// What a link matches, as the explorer shows it below the match box: the fields of `switchyard route`, and for a
/// link no route takes, the `explain` output; for a rejected link, the code and a caret under the byte at fault.
enum MatchResult {
    static func fragment(_ snapshot: RouteFileSnapshot, link: String?, origin: String? = nil) -> String {
        guard let link, !link.isEmpty else {
            return "<p class=\"hint\">Type or paste a link above to see the route it opens.</p>\n"
        }
        guard let loaded = snapshot.routes else {
            return "<p>The route file has not loaded, so there is nothing to match against.</p>\n"
        }
        let report = RouteReport(link, file: loaded.file, router: loaded.router)
        let shown = Markup.trueOrder(of: link, label: "The link")
        switch report.outcome {
        case "matched": return shown + matched(report, access: access(of: report, in: loaded), origin: origin)
        case "rejected": return shown + rejected(report, link: link)
        default: return shown + missed(report, link: link, router: loaded.router)
        }
    }

    /// The access the matched route's declaration gives it.
    private static func access(of report: RouteReport, in loaded: LoadedRoutes) -> RouteAccess? {
        guard let match = try? loaded.router.match(report.input) else { return nil }
        return loaded.file.declaration(of: match.route)?.access
    }

    private static func matched(_ report: RouteReport, access: RouteAccess?, origin: String?) -> String {
        var facts: [(String, String)] = [("Table", report.table.map(Markup.code) ?? "—")]
        if let name = report.name { facts.append(("Name", Markup.code(name))) }
        if let destination = report.destination { facts.append(("Destination", Markup.code(destination))) }
        if let redirect = report.redirect { facts.append(("Redirects to", Markup.code(redirect))) }
        if let wildcard = report.wildcard {
            facts.append(
                ("Wildcard", wildcard.isEmpty ? "nothing" : wildcard.map(Markup.code).joined(separator: " / ")))
        }
        if let fragment = report.fragment { facts.append(("Fragment", Markup.code(fragment))) }
        if let verdict = OriginPicker.verdict(access, origin: origin) { facts.append((verdict.title, verdict.text)) }
        var html = """
            <h2 class="outcome matched">Matched <span class="pattern">\(Markup.code(report.pattern ?? ""))</span></h2>
            \(list(facts))
            """
        html += values(
            "Parameters", report.parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, empty: "None.")
        html += values("Query", report.query.map { ($0.name, $0.value ?? "") }, empty: "None.")
        html += """
            <form class="form" action="/screens" method="get">
            <input type="hidden" name="url" value="\(HTML.fieldValue(report.input))">
            <button type="submit" class="copy">Where its screen goes</button>
            </form>

            """
        return html
    }

    private static func missed(_ report: RouteReport, link: String, router: Router) -> String {
        var html: String
        if report.outcome == "default", let destination = report.destination {
            html = "<h2 class=\"outcome missed\">No route matched: the default opens</h2>\n"
            html += list([("Table", report.table.map(Markup.code) ?? "—"), ("Destination", Markup.code(destination))])
        } else {
            html = "<h2 class=\"outcome missed\">No route matched</h2>\n"
            html += list([("Table", report.table.map(Markup.code) ?? "—")])
        }
        html += values("Query", report.query.map { ($0.name, $0.value ?? "") }, empty: nil)
        html += "<h3 id=\"why\">Why</h3>\n<div class=\"scroll\" role=\"region\" aria-labelledby=\"why\" tabindex=\"0\">"
        html += "<pre class=\"explain\">\(Markup.lines(router.explain(link).description))</pre></div>\n"
        return html
    }

    private static func rejected(_ report: RouteReport, link: String) -> String {
        guard let rejection = report.rejection else { return "" }
        var location = "at byte \(rejection.position)"
        if let component = rejection.componentIndex { location += ", path component \(component)" }
        return """
            <h2 class="outcome rejected">Rejected: <code>\(HTML.text(rejection.code.description))</code></h2>
            <p>\(HTML.text(rejection.message)) (\(location)).</p>
            <div class="scroll" role="region" aria-label="The link, with the byte at fault marked" tabindex="0">\
            <pre class="caret">\(Markup.caret(link, at: rejection.position))</pre></div>

            """
    }

    private static func list(_ facts: [(String, String)]) -> String {
        "<dl class=\"facts\">\n" + facts.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined(separator: "\n")
            + "\n</dl>\n"
    }

    /// A table of names and values; nothing when there are none and `empty` is `nil`.
    private static func values(_ title: String, _ pairs: [(String, String)], empty: String?) -> String {
        guard !pairs.isEmpty else { return empty.map { "<h3>\(title)</h3>\n<p>\($0)</p>\n" } ?? "" }
        let rows = pairs.map { "<tr><td>\(Markup.code($0.0))</td><td>\(Markup.code($0.1))</td></tr>" }
        return """
            <h3>\(title)</h3>
            <div class="scroll" role="region" aria-label="\(title)" tabindex="0">
            <table>
            <thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            </div>

            """
    }
}
