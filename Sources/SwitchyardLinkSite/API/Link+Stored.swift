import Foundation
import Switchyard
import SwitchyardLinkAPI
import SwitchyardLinkStore
import SwitchyardWebLinks

/// A short link as the admin API shows it (the document's `Link`), and as a row of the CSV export.
extension Components.Schemas.Link {
    init(_ stored: LinkStore.Stored, site: ShortLinkSite) {
        let link = stored.link
        self.init(
            slug: link.slug.text, link: site.link(for: link.slug), target: link.target, ios: link.ios,
            android: link.android, desktop: link.desktop, title: link.preview.title,
            description: link.preview.description, imageURL: link.preview.imageURL,
            utm: .init(additionalProperties: link.utm), expiresAt: link.expiresAt, disabled: link.isDisabled,
            tags: link.tags, createdAt: stored.createdAt, updatedAt: stored.updatedAt)
    }

    /// The columns of a CSV export, in order.
    static let csvColumns = [
        "slug", "link", "target", "ios", "android", "desktop", "title", "description", "imageURL", "utm",
        "expiresAt", "disabled", "tags", "createdAt", "updatedAt",
    ]

    /// The document's fields in ``csvColumns``' order.
    var csvFields: [String] {
        let dates = ISO8601DateFormatter()
        return [
            slug, link, target, ios ?? "", android ?? "", desktop ?? "", title ?? "", description ?? "",
            imageURL ?? "",
            utm.additionalProperties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";"),
            expiresAt.map(dates.string(from:)) ?? "", disabled ? "true" : "false", tags.joined(separator: ";"),
            dates.string(from: createdAt), dates.string(from: updatedAt),
        ]
    }
}

enum CSV {
    /// One CSV line (RFC 4180): a field with a comma, quote or line break is quoted, its quotes doubled. A field that
    /// a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first, as OWASP lists
    /// them) gets a `'` before it.
    static func line(_ fields: [String]) -> String {
        fields.map { field in
            var value = field
            if let first = value.unicodeScalars.first, formulaStarts.contains(first) { value = "'" + value }
            // Scalars, not characters: "\r\n" is one character, and would hide a lone "\n".
            guard value.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) }) else { return value }
            return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",") + "\r\n"
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
}
