import Switchyard

/// The pages a browser sees: self-contained HTML with its style inline, no script, nothing loaded from elsewhere.
/// Every piece of text that comes from a request goes through ``HTML/text(_:)``.
enum Pages {
    /// The page for a universal link opened in a browser: a link that opens the app, the stores that have it, and
    /// Apple's smart app banner, which offers the app or opens it with `app-argument`.
    ///
    /// - Parameters:
    ///   - link: the universal link as the browser opened it.
    ///   - appLink: the same link in the app's custom scheme, when a scheme's routes take it.
    ///   - getTheApp: the "Get the app" button of a short link whose claim survives the install, when the site
    ///     makes claims.
    static func landing(link: String, appLink: String?, apps: AppAssociations, getTheApp: GetTheApp? = nil) -> String {
        let appName = apps.name.map(HTML.text) ?? "the app"
        var head = ""
        if let id = apps.appStoreID {
            head += "<meta name=\"apple-itunes-app\" content=\"app-id=\(id), app-argument=\(HTML.text(link))\">\n"
        }
        var body = "<h1>Open this link in \(appName)</h1>\n<p class=\"link\"><code>\(HTML.text(link))</code></p>\n"
        if let appLink {
            body += "<p><a class=\"primary\" href=\"\(HTML.text(appLink))\">Open in \(appName)</a></p>\n"
        }
        if let getTheApp {
            if getTheApp.runsScript { head += "<script src=\"\(GetTheApp.scriptPath)\" defer></script>\n" }
            return page(title: "Open in \(appName)", head: head, body: body + getTheApp.section(appName: appName))
        }
        var stores: [String] = []
        if let id = apps.appStoreID {
            stores.append("<li><a href=\"https://apps.apple.com/app/id\(id)\">Download on the App Store</a></li>")
        }
        if let package = apps.androidPackage {
            stores.append(
                "<li><a href=\"https://play.google.com/store/apps/details?id=\(package)\">Get it on Google Play</a></li>"
            )
        }
        if !stores.isEmpty {
            body += "<h2>Don’t have \(appName)?</h2>\n<ul class=\"stores\">\n\(stores.joined(separator: "\n"))\n</ul>\n"
        }
        return page(title: "Open in \(appName)", head: head, body: body)
    }

    /// The 404 page: no route handles the path.
    static func notFound(path: String, apps: AppAssociations) -> String {
        let appName = apps.name.map(HTML.text) ?? "the app"
        return page(
            title: "Not found",
            head: "",
            body:
                "<h1>Nothing here</h1>\n<p>No page of \(appName) has the address <code>\(HTML.text(path))</code>.</p>\n"
        )
    }

    /// A page of the site's own look: `title`, `head` and `body` are markup, already escaped.
    static func page(title: String, head: String, body: String) -> String {
        HTML.document(title: title, head: head + "<style>\(style)</style>\n", body: "<main>\n\(body)</main>\n")
    }

    /// Readable on a phone, large tap targets, contrast above 7:1 in light and dark mode.
    private static let style = """
        :root{color-scheme:light dark;--fg:#111;--bg:#fff;--accent:#0a4fb3;--muted:#444}\
        @media (prefers-color-scheme:dark){:root{--fg:#f2f2f2;--bg:#111;--accent:#8ab8ff;--muted:#ccc}}\
        body{margin:0;font:1.125rem/1.5 system-ui,-apple-system,sans-serif;color:var(--fg);background:var(--bg)}\
        main{max-width:32rem;margin:0 auto;padding:2rem 1.25rem}\
        h1{font-size:1.5rem;overflow-wrap:anywhere}h2{font-size:1.125rem;color:var(--muted)}\
        code{overflow-wrap:anywhere}\
        a{color:var(--accent)}a:focus-visible{outline:3px solid var(--accent);outline-offset:3px}\
        .primary{display:block;padding:.875rem 1rem;border-radius:.75rem;text-align:center;font-weight:600;\
        text-decoration:none;color:var(--bg);background:var(--accent)}\
        .stores{list-style:none;padding:0}.stores li{margin:.75rem 0}
        """
}

/// Escaping for HTML. Characters a reader cannot see (controls, and formatting such as the bidirectional overrides
/// that reorder what follows them) are written as their code points, `\u{202E}`, in text a person reads, so that a
/// link cannot hide or disguise part of itself; a form field keeps them, so that what it sends back is what it holds.
package enum HTML {
    /// Text for an element's content or a double-quoted attribute's value, as a person reads it: markup escaped and
    /// characters a reader cannot see written as their code points.
    package static func text(_ text: String) -> String {
        escaped(text, showingInvisible: true)
    }

    /// A form field's value (a double-quoted `value` attribute): markup escaped, every other character kept, so that
    /// the form sends back exactly what it was given. The page shows the value's invisible characters elsewhere,
    /// through ``text(_:)``; written as code points here, an edit or a submit would change the value itself.
    package static func fieldValue(_ text: String) -> String {
        escaped(text, showingInvisible: false)
    }

    private static func escaped(_ text: String, showingInvisible: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case _ where showingInvisible && isInvisible(scalar): output += codePoint(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `scalars` as the pages show them, before markup is escaped: characters a reader cannot see written as their
    /// code points. A caret under a character counts its column in this text.
    package static func visible(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var output = ""
        for scalar in scalars {
            if isInvisible(scalar) {
                output += codePoint(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `\u{202E}`: a character as Swift writes its code point.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// A page in English, sized for a phone, kept out of search engines. `title` is markup already escaped, `head`
    /// and `body` the markup inside `<head>` after the title and inside `<body>`.
    package static func document(title: String, head: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>\(title)</title>
        \(head)</head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// Controls, separators other than the space, and format characters (bidirectional controls, zero-width
    /// characters, the byte order mark).
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate: true
        case .spaceSeparator: scalar != " "
        default: false
        }
    }
}
