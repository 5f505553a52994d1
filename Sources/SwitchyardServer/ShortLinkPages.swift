import Switchyard
import SwitchyardWebLinks

/// The pages of a link site's short links: self-contained, under the same strict policy as every page (no script,
/// nothing loaded from elsewhere), every text a client gave escaped by ``HTML/text(_:)``.
enum ShortLinkPages {
    /// What a link-preview crawler reads: Open Graph and Twitter card tags from the link's preview fields (the app's
    /// name when it has no title), and the same text for a person who opens it.
    static func preview(of link: ShortLink, at shortLink: String, apps: AppAssociations) -> String {
        let title = link.preview.title ?? apps.name ?? "Link"
        var tags = [
            ("og:type", "website"), ("og:url", shortLink), ("og:title", title), ("twitter:title", title),
            ("twitter:card", link.preview.imageURL == nil ? "summary" : "summary_large_image"),
        ]
        if let name = apps.name { tags.append(("og:site_name", name)) }
        if let description = link.preview.description {
            tags += [("og:description", description), ("twitter:description", description)]
        }
        if let image = link.preview.imageURL { tags += [("og:image", image), ("twitter:image", image)] }
        let head = tags.map { property, content in
            let attribute = property.hasPrefix("twitter:") ? "name" : "property"
            return "<meta \(attribute)=\"\(property)\" content=\"\(HTML.text(content))\">\n"
        }.joined()
        var body = "<h1>\(HTML.text(title))</h1>\n"
        if let description = link.preview.description { body += "<p>\(HTML.text(description))</p>\n" }
        body += "<p class=\"link\"><code>\(HTML.text(shortLink))</code></p>\n"
        return Pages.page(title: HTML.text(title), head: head, body: body)
    }

    /// The page of a claim link: it opens a link in the app on the app's first launch, pasted there.
    static func claim(_ claimLink: String, apps: AppAssociations) -> String {
        let appName = apps.name.map(HTML.text) ?? "the app"
        return Pages.page(
            title: "Paste this link in \(appName)", head: "",
            body: """
                <h1>Paste this link in \(appName)</h1>
                <p>When \(appName) opens for the first time, it offers to paste a link: paste this one, and it opens \
                the page you chose before you installed it. It works once.</p>
                <p class="link"><code>\(HTML.text(claimLink))</code></p>

                """)
    }

    /// The 410 page: the link expired or was disabled.
    static func gone(apps: AppAssociations) -> String {
        let owner = apps.name.map(HTML.text) ?? "its owner"
        return Pages.page(
            title: "Link no longer available", head: "",
            body: "<h1>This link is no longer available</h1>\n<p>It expired, or \(owner) switched it off.</p>\n")
    }

    /// The 404 page for a slug the site does not have.
    static func unknown() -> String {
        Pages.page(
            title: "Not found", head: "", body: "<h1>No such link</h1>\n<p>Check the address and try again.</p>\n")
    }

    /// The 503 page: the link's store cannot be reached, and the link was not in memory.
    static func unavailable() -> String {
        Pages.page(
            title: "Try again shortly", head: "",
            body: "<h1>This link cannot be opened right now</h1>\n<p>Please try again in a moment.</p>\n")
    }
}
