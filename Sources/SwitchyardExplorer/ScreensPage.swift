import Switchyard
import SwitchyardReports
import SwitchyardServer

/// `/screens`: where a link's screen goes, drawn as a phone stacks it (the tab bar with the selected tab, its stack,
/// and any sheet or cover over it), from a cold start and in an app already open at the screens of links the tester
/// lists; with the plan's steps. `/screens/result` is the result alone, for the live form.
enum ScreensPage {
    /// The most links the tester may list as opened before: an open app is a few screens deep, not a script.
    static let maxOpenedLinks = 50

    static func page(_ snapshot: RouteFileSnapshot, link: String?, opened: String?) -> String {
        let content = """
            <h1>Screens</h1>
            <form class="match" action="/screens" method="get" aria-label="Where a link's screen goes" \
            data-live="screens" data-fragment="/screens/result" data-keeps-address>
            <label for="url">Link to open</label>
            <div class="field">
            <input id="url" name="url" type="text" value="\(HTML.fieldValue(link ?? ""))" inputmode="url" \
            autocomplete="off" autocapitalize="off" spellcheck="false">
            <button type="submit">Open</button>
            </div>
            <label for="opened">Links the app opened before (one a line; empty for a cold start only)</label>
            <textarea id="opened" name="opened" rows="3" autocomplete="off" autocapitalize="off" spellcheck="false" \
            aria-describedby="opened-hint">\(HTML.fieldValue(opened ?? ""))</textarea>
            <p id="opened-hint" class="hint">The open app is the cold start with these links opened in order, as \
            <code>switchyard navigate</code> opens them.</p>
            </form>
            <section id="screens" class="result" aria-live="polite" aria-label="Screens">
            \(result(snapshot, link: link, opened: opened))</section>

            """
        return Layout.document(title: "Screens", page: .screens, snapshot: snapshot, content: content)
    }

    /// The phones: the cold start, and the open app before and after, each with the plan's steps.
    static func result(_ snapshot: RouteFileSnapshot, link: String?, opened: String?) -> String {
        guard let link, !link.isEmpty else {
            return "<p class=\"hint\">Type or paste a link above to see where its screen goes.</p>\n"
        }
        guard let loaded = snapshot.routes, let navigator = try? loaded.file.makeNavigator(router: loaded.router)
        else { return "<p>The route file has not loaded, so there is nothing to open.</p>\n" }
        let before = (opened ?? "").split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        guard before.count <= maxOpenedLinks else {
            return "<p class=\"error\">List at most \(maxOpenedLinks) links the app opened before.</p>\n"
        }
        var html = Markup.trueOrder(of: link, label: "The link")
        html += "<div class=\"phones\">\n"
        html += phone(NavigationReport.open([link], from: .coldStart, with: navigator)[0], title: "Cold start")
        if !before.isEmpty {
            let reports = NavigationReport.open(before + [link], from: .coldStart, with: navigator)
            if let failed = reports.dropLast().first(where: { !$0.isSuccess }), case .failure(let error) = failed.result
            {
                html += "<p class=\"error\">An opened link opens no screen: \(Markup.code(failed.input)): "
                html += "\(HTML.text(error.description))</p>\n"
            } else if case .success(let last) = reports[reports.count - 2].result {
                html += tree(last.target, title: "Open app, before", caption: "before the link")
                html += phone(reports[reports.count - 1], title: "Open app, after")
            }
        }
        return html + "</div>\n"
    }

    /// A phone showing what opening the link gives, with the steps under it; or why the link opens no screen.
    static func phone(_ report: NavigationReport, title: String) -> String {
        switch report.result {
        case .failure(let error):
            return
                "<section class=\"phone-result\"><h2>\(title)</h2>\n<p class=\"error\">\(HTML.text(error.description))</p></section>\n"
        case .success(let plan):
            var html = tree(plan.target, title: title, caption: "after the link")
            let steps =
                plan.steps.isEmpty
                ? "<p>No steps: the screen is shown already.</p>"
                : "<ol class=\"steps\">" + plan.steps.map { "<li>\(Markup.code($0.description))</li>" }.joined()
                    + "</ol>"
            html.insert(
                contentsOf: "<h3>Steps</h3>\n\(steps)\n", at: html.index(html.endIndex, offsetBy: -"</section>\n".count)
            )
            return html
        }
    }

    /// The tree as a phone shows it: the selected tab's stack (or the app's), the presentations over it, the tabs.
    static func tree(_ tree: NavigationTree, title: String, caption: String) -> String {
        var layers = ""
        if let name = tree.selectedTab, let tab = tree.tabs.first(where: { $0.name == name }) {
            layers += stack([tab.root] + tab.path, label: "tab \(name)", kind: "base")
        } else {
            layers += stack(tree.path, label: "the app's stack", kind: "base")
        }
        for presentation in tree.presentations {
            layers += stack(
                [presentation.screen] + presentation.path, label: presentation.style.rawValue,
                kind: presentation.style.rawValue)
        }
        var tabs = ""
        if !tree.tabs.isEmpty {
            tabs = "<ul class=\"tabbar\" aria-label=\"Tabs\">"
            for tab in tree.tabs {
                let selected = tab.name == tree.selectedTab
                let depth = tab.path.isEmpty ? "" : " (\(tab.path.count) pushed)"
                tabs +=
                    "<li\(selected ? " class=\"selected\" aria-current=\"true\"" : "")>\(HTML.text(tab.name))\(depth)</li>"
            }
            tabs += "</ul>"
        }
        return """
            <section class="phone-result"><h2>\(HTML.text(title))</h2>
            <figure class="phone"><div class="layers">\(layers)</div>\(tabs)
            <figcaption class="visually-hidden">The screens \(HTML.text(caption)), bottom first.</figcaption></figure>
            </section>

            """
    }

    /// A stack of screens, bottom first; the top one is the screen shown.
    private static func stack(_ screens: [NavigationTree.Screen], label: String, kind: String) -> String {
        let items = screens.enumerated().map { index, screen in
            let top = index == screens.count - 1 ? " class=\"top\"" : ""
            let route = screen.route.map { " <span class=\"route-name\">\(HTML.text($0))</span>" } ?? ""
            return "<li\(top)>\(Markup.code(screen.link))\(route)</li>"
        }
        let empty = screens.isEmpty ? "<li class=\"top\">the app's root view</li>" : ""
        return
            "<div class=\"layer \(kind)\"><p class=\"layer-name\">\(HTML.text(label))</p><ol>\(items.joined())\(empty)</ol></div>"
    }
}
