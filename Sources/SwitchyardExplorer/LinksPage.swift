import Switchyard
import SwitchyardServer

/// `/links`: a test link for every named route, in its custom-scheme form and as a universal link, with sample
/// parameter values to edit and a button that copies each link.
enum LinksPage {
    /// The page; `edited` holds the values a person submitted for one route (`/links?route=NAME&p.id=7&query=…`),
    /// the others start from their samples.
    static func page(_ snapshot: RouteFileSnapshot, edited: (route: String, values: TestLink.Values)?) -> String {
        var content = """
            <h1>Test links</h1>
            <p>Open a link on a phone with the app installed, or copy it into a message. Each link is the one \
            <code>switchyard url</code> prints for the values shown, and is routed back here to check it opens its \
            route.</p>

            """
        if let loaded = snapshot.routes {
            let links = TestLink.all(in: loaded.file)
            if links.isEmpty {
                content += "<p>No route has a name; <code>switchyard url</code> builds links by name.</p>\n"
            }
            for link in links {
                let values = edited.flatMap { $0.route == link.name ? $0.values : nil } ?? link.sampleValues
                content += article(link, values: values, snapshot: snapshot, loaded: loaded)
            }
            let unnamed = loaded.file.routes.filter { $0.name == nil }
            if !unnamed.isEmpty {
                content += "<h2>Routes without a name</h2>\n<p>Give them a name to get test links: "
                content += unnamed.map { Markup.code($0.pattern) }.joined(separator: ", ") + ".</p>\n"
            }
        }
        return Layout.document(title: "Test links", page: .links, snapshot: snapshot, content: content)
    }

    private static func article(
        _ link: TestLink, values: TestLink.Values, snapshot: RouteFileSnapshot, loaded: LoadedRoutes
    ) -> String {
        let id = Anchor.route(link.name)
        var fields = ""
        for parameter in link.parameters {
            let field = "\(id)-p-\(Anchor.id(parameter.name))"
            var hint = parameter.isRequired ? [] : ["optional"]
            if let constraint = parameter.constraint { hint.append(constraint) }
            let hintText =
                hint.isEmpty ? "" : " <span class=\"hint\">(\(HTML.text(hint.joined(separator: ", "))))</span>"
            fields += """
                <div class="parameter"><label for="\(field)">\(HTML.text(parameter.name))\(hintText)</label>
                <input id="\(field)" name="p.\(HTML.text(parameter.name))" type="text" \
                value="\(HTML.fieldValue(values.parameters[parameter.name] ?? ""))" autocomplete="off" autocapitalize="off" \
                spellcheck="false"></div>

                """
        }
        fields += """
            <div class="parameter"><label for="\(id)-query">query items <span class="hint">(name=value, joined by \
            &amp;)</span></label>
            <input id="\(id)-query" name="query" type="text" value="\(HTML.fieldValue(values.query))" autocomplete="off" \
            autocapitalize="off" spellcheck="false"></div>

            """
        let form = """
            <form class="values" action="/links#\(id)" method="get" data-live="\(id)-links" data-fragment="/links/build" \
            aria-label="Values of \(HTML.text(link.name))">
            <input type="hidden" name="route" value="\(HTML.fieldValue(link.name))">
            \(fields)<button type="submit">Update links</button>
            </form>

            """
        return """
            <article class="route" id="\(id)" aria-labelledby="\(id)-title">
            <h2 id="\(id)-title">\(HTML.text(link.name))</h2>
            <p class="about">\(Markup.code(link.declaration.pattern)) → \(destination(link.declaration))</p>
            \(form)<div id="\(id)-links" class="links" aria-live="polite">
            \(links(link, values: values, snapshot: snapshot, loaded: loaded))</div>
            </article>

            """
    }

    /// The route's links for `values`: what `/links/build` answers as a person edits them.
    static func links(_ link: TestLink, values: TestLink.Values, snapshot: RouteFileSnapshot, loaded: LoadedRoutes)
        -> String
    {
        var html = link.parameters.map { parameter in
            Markup.trueOrder(of: values.parameters[parameter.name] ?? "", label: "The value of \(parameter.name)")
        }.joined()
        html += Markup.trueOrder(of: values.query, label: "The value of query items")
        if case .failure(let problem) = values.queryItems {
            return html + "<p class=\"error\">\(HTML.text(problem.message))</p>\n"
        }
        let (forms, notes) = link.forms(values: values, in: loaded)
        for (index, form) in forms.enumerated() {
            let label = "\(Anchor.route(link.name))-form-\(index)"
            html += "<div class=\"form\"><p class=\"kind\" id=\"\(label)\">\(form.kind.rawValue)</p>\n"
            switch form.link {
            case .success(let text):
                html += """
                    <p class="link"><a href="\(HTML.text(text))" data-scheme="\(HTML.text(form.scheme))" aria-describedby="\(label)">\(HTML.text(text))</a>
                    <button type="button" class="copy" data-copy="\(HTML.text(text))" \
                    aria-label="Copy the \(form.kind.inSentence) of \(HTML.text(link.name))">Copy</button></p>

                    """
                if let mismatch = form.mismatch { html += "<p class=\"warning\">\(HTML.text(mismatch))</p>\n" }
            case .failure(let error):
                html += "<p class=\"error\">\(HTML.text(error.message))</p>\n"
            }
            html += "<p class=\"command\"><code>"
            html += HTML.text(link.command(file: snapshot.path, values: values, scheme: form.scheme))
            html += "</code></p>\n</div>\n"
        }
        html += notes.map { "<p class=\"note\">\(HTML.text($0))</p>\n" }.joined()
        return html
    }

    private static func destination(_ declaration: RouteFile.RouteDeclaration) -> String {
        if let destination = declaration.destination { return Markup.code(destination) }
        if let redirect = declaration.redirect { return "redirects to " + Markup.code(redirect) }
        return "—"
    }
}
