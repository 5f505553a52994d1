import Switchyard
import SwitchyardServer

/// The frame of every explorer page: a skip link, the header with the pages' navigation, the route file's load
/// problem when it has one, and the page's own content in `<main>`. The style and the one script come from the
/// explorer itself (``Assets``); nothing loads from elsewhere.
enum Layout {
    enum Page {
        case routes, links, screens, other
    }

    static func document(title: String, page: Page, snapshot: RouteFileSnapshot, content: String) -> String {
        let file = HTML.text(snapshot.path)
        func item(_ label: String, _ href: String, _ which: Page) -> String {
            "<li><a href=\"\(href)\"\(which == page ? " aria-current=\"page\"" : "")>\(label)</a></li>"
        }
        let head = """
            <link rel="stylesheet" href="\(Assets.stylePath)">
            <script src="\(Assets.scriptPath)" defer></script>

            """
        let body = """
            <a class="skip" href="#content">Skip to content</a>
            <header>
            <p class="brand">Switchyard <span class="file">\(file)</span></p>
            <nav aria-label="Pages">
            <ul>
            \(item("Routes", "/", .routes))
            \(item("Test links", "/links", .links))
            \(item("Screens", "/screens", .screens))
            \(item("JSON", "/api/routes", .other))
            </ul>
            </nav>
            </header>
            <main id="content" tabindex="-1">
            \(problem(in: snapshot))\(content)
            </main>
            <p id="copy-status" class="visually-hidden" role="status"></p>

            """
        return HTML.document(title: "\(HTML.text(title)) · \(file)", head: head, body: body)
    }

    /// Why the file does not load, above the routes it last loaded with.
    private static func problem(in snapshot: RouteFileSnapshot) -> String {
        guard let problem = snapshot.problem else { return "" }
        let shown =
            snapshot.routes == nil
            ? "No version of the file has loaded yet. Save a fixed version; this page shows it when reloaded."
            : "The routes below are those of the last version that loaded. Save a fixed version and reload the page."
        return """
            <section class="problem" role="alert" aria-labelledby="problem-title">
            <h2 id="problem-title">The route file does not load</h2>
            <pre>\(Markup.lines(problem.description))</pre>
            <p>\(shown)</p>
            </section>

            """
    }

    /// A page for a request the explorer has no answer for, or cannot read.
    static func message(title: String, text: String, snapshot: RouteFileSnapshot) -> String {
        document(
            title: title, page: .other, snapshot: snapshot,
            content: "<h1>\(HTML.text(title))</h1>\n<p>\(HTML.text(text))</p>\n<p><a href=\"/\">See the routes</a></p>")
    }
}
