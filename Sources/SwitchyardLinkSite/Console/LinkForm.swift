import Foundation
import Switchyard
import SwitchyardWebLinks

/// The console's form of a link: its fields as the form sends them (the API's names; `utm_source` and the like for
/// the UTM parameters; the tags separated by commas; the expiry in UTC), read into a request to make or change a
/// link, and written back from a link.
struct LinkForm: Equatable {
    /// The form's fields, in the order the form shows them.
    static let fields: [(name: String, label: String, help: String?)] = [
        (
            "target", "Target",
            "A link the route file routes (myapp://product/1988), or an https link on a host of the site."
        ),
        ("slug", "Slug", "Letters, digits, - and _; left empty, one is made."),
        ("title", "Title", "The social preview's title."), ("description", "Description", nil),
        ("imageURL", "Image", "An https address of the preview's picture."),
        ("ios", "iPhone and iPad", "Where they go instead of the target."), ("android", "Android", nil),
        ("desktop", "Desktop browsers", nil), ("utm_source", "Source", nil), ("utm_medium", "Medium", nil),
        ("utm_campaign", "Campaign", nil), ("utm_term", "Term", nil), ("utm_content", "Content", nil),
        ("expiresAt", "Expires (UTC)", "2026-12-31T23:59, or empty for never."),
        ("tags", "Tags", "Separated by commas."),
    ]
    static let utmNames = ["source", "medium", "campaign", "term", "content"]

    /// The values, by field name; an empty field has none.
    var values: [String: String] = [:]

    init(values: [String: String]) {
        for (name, _, _) in Self.fields {
            if let value = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                self.values[name] = value
            }
        }
    }

    init(link: ShortLink) {
        var values: [String: String] = [
            "target": link.target, "slug": link.slug.text, "tags": link.tags.joined(separator: ", "),
        ]
        values["title"] = link.preview.title
        values["description"] = link.preview.description
        values["imageURL"] = link.preview.imageURL
        values["ios"] = link.ios
        values["android"] = link.android
        values["desktop"] = link.desktop
        for name in Self.utmNames { values["utm_" + name] = link.utm[name] }
        values["expiresAt"] = link.expiresAt.map(Self.expiryText)
        self.init(values: values)
    }

    /// The request the form makes, and what is wrong with the fields the rules do not read (the expiry).
    func request() -> (ShortLinkRequest, [FieldProblem]) {
        var request = ShortLinkRequest(target: values["target"], slug: values["slug"])
        request.title = values["title"]
        request.description = values["description"]
        request.imageURL = values["imageURL"]
        request.ios = values["ios"]
        request.android = values["android"]
        request.desktop = values["desktop"]
        var utm: [String: String] = [:]
        for name in Self.utmNames { utm[name] = values["utm_" + name] }
        request.utm = utm
        request.tags = (values["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        var problems: [FieldProblem] = []
        if let text = values["expiresAt"] {
            if let date = Self.expiry(text) {
                request.expiresAt = date
            } else {
                problems.append(
                    FieldProblem(
                        field: "expiresAt", code: "invalidValue",
                        message: "'\(text)' is not a time as 2026-12-31T23:59 (UTC)"))
            }
        }
        return (request, problems)
    }

    /// `2026-12-31T23:59` (UTC), as a `datetime-local` field writes it, with seconds or a `Z` also taken.
    static func expiry(_ text: String) -> Date? {
        if let date = InternetTime.date(from: text) { return date }
        for format in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    static func expiryText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: date)
    }
}

/// One thing wrong with a form, at its field: the API's field names and codes (`utm.source`, `tags[2]`), said at
/// the form's field that holds it.
struct FieldProblem: Equatable {
    let field: String
    let code: String
    let message: String

    /// The form's field of the API's `field`: `utm.source` is `utm_source`, `tags[2]` is `tags`.
    var formField: String {
        if field.hasPrefix("utm.") { return "utm_" + field.dropFirst(4) }
        if let bracket = field.firstIndex(of: "[") { return String(field[..<bracket]) }
        return field
    }
}
