import Switchyard

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a client sends to create a link, or to change one: every field may be left out (a new link needs a target).
package struct ShortLinkRequest: Sendable, Hashable, Codable {
    package var slug: String?
    package var target: String?
    package var ios: String?
    package var android: String?
    package var desktop: String?
    package var title: String?
    package var description: String?
    package var imageURL: String?
    package var utm: [String: String]?
    package var expiresAt: Date?
    package var disabled: Bool?
    package var tags: [String]?

    package init(target: String? = nil, slug: String? = nil) {
        self.target = target
        self.slug = slug
    }
}

/// One thing wrong with a requested link, at its field.
package struct ShortLinkProblem: Sendable, Hashable, CustomStringConvertible {
    /// The request's field: `target`, `ios`, `title`, `utm.source`, `tags[2]`.
    package let field: String
    /// A stable name for a kind of problem; new ones may be added.
    package typealias Code = StableCode<ShortLinkProblem>

    /// What is wrong: `missing`, `invalidSlug`, `tooLong`, `controlCharacter`, `notRoutable`, `hostNotAllowed`,
    /// `shortLinkLoop`, `shadowsRoute`, `notHTTPS`, `unknownKey`, `invalidValue`, `tooMany`.
    package let code: Code
    package let message: String

    /// `field: code: message`.
    package var description: String { "\(field): \(code): \(message)" }
}

extension StableCode where Domain == ShortLinkProblem {
    /// A required field is missing.
    package static var missing: Self { Self("missing") }
    /// The slug is not 1 to 64 letters, digits, `-` and `_`.
    package static var invalidSlug: Self { Self("invalidSlug") }
    /// The slug is a path the route file's routes take.
    package static var shadowsRoute: Self { Self("shadowsRoute") }
    /// A text is longer than its field allows.
    package static var tooLong: Self { Self("tooLong") }
    /// A text holds a control character.
    package static var controlCharacter: Self { Self("controlCharacter") }
    /// A link is neither one the route file routes nor an `https` link.
    package static var notRoutable: Self { Self("notRoutable") }
    /// An `https` link's host is not one of the site's web hosts.
    package static var hostNotAllowed: Self { Self("hostNotAllowed") }
    /// A link leads to another short link of the site.
    package static var shortLinkLoop: Self { Self("shortLinkLoop") }
    /// A preview image is not an `https` link.
    package static var notHTTPS: Self { Self("notHTTPS") }
    /// A key the field does not have.
    package static var unknownKey: Self { Self("unknownKey") }
    /// A value of the wrong form.
    package static var invalidValue: Self { Self("invalidValue") }
    /// More items than the field allows.
    package static var tooMany: Self { Self("tooMany") }
}

/// Every problem of a refused request, in field order.
package struct ShortLinkProblems: Error, Sendable, Hashable {
    package let problems: [ShortLinkProblem]
}

/// The rules a link site holds links to: where a link may send a visitor, and how long its texts may be.
///
/// A target or an override is a link the route file routes, or an `https` link on one of the site's web hosts, and
/// never one of the site's own short links (a loop). Texts hold no control characters and are bounded, so that
/// nothing a client sends can break a page or a header.
package struct ShortLinkRules: Sendable {
    package static let maxLinkLength = 2_048
    package static let maxTitleLength = 200
    package static let maxDescriptionLength = 500
    package static let maxUTMLength = 100
    package static let maxTags = 20
    package static let utmKeys: Set<String> = ["source", "medium", "campaign", "term", "content"]

    /// The route file's router: what it routes is a target.
    package let router: Router
    /// Hosts whose `https` links are targets, compared in the form links give hosts.
    private let webHosts: Set<String>
    /// The site's own short links, which are never targets.
    private let site: ShortLinkSite?

    package init(router: Router, webHosts: [String], site: ShortLinkSite?) {
        self.router = router
        self.webHosts = Set(webHosts.map(HostName.allowedForm))
        self.site = site
    }

    /// A new link from `request`, with `slug` when the request names none.
    /// - Throws: ``ShortLinkProblems``, every problem of the request.
    package func makeLink(_ request: ShortLinkRequest, generatedSlug: Slug) throws(ShortLinkProblems) -> ShortLink {
        var problems: [ShortLinkProblem] = []
        var slug = generatedSlug
        if let requested = request.slug {
            do {
                slug = try Slug(requested)
            } catch {
                problems.append(ShortLinkProblem(field: "slug", code: .invalidSlug, message: error.message))
            }
        }
        if let site, router.canRoute(site.link(for: slug)) {
            problems.append(
                ShortLinkProblem(
                    field: "slug", code: .shadowsRoute,
                    message:
                        "\(site.link(for: slug)) is a link the route file routes: the slug would never reach the site"))
        }
        if request.target == nil {
            problems.append(ShortLinkProblem(field: "target", code: .missing, message: "a link needs a target"))
        }
        let link = applying(request, to: ShortLink(slug: slug, target: request.target ?? ""), &problems)
        guard problems.isEmpty else { throw ShortLinkProblems(problems: problems) }
        return link
    }

    /// `link` with the fields `request` gives changed; its slug stays.
    /// - Throws: ``ShortLinkProblems``, every problem of the request.
    package func update(_ link: ShortLink, with request: ShortLinkRequest) throws(ShortLinkProblems) -> ShortLink {
        var problems: [ShortLinkProblem] = []
        if let slug = request.slug, slug != link.slug.text {
            problems.append(
                ShortLinkProblem(field: "slug", code: .invalidValue, message: "a link's slug cannot change"))
        }
        let updated = applying(request, to: link, &problems)
        guard problems.isEmpty else { throw ShortLinkProblems(problems: problems) }
        return updated
    }

    private func applying(
        _ request: ShortLinkRequest, to link: ShortLink, _ problems: inout [ShortLinkProblem]
    ) -> ShortLink {
        var link = link
        if let target = request.target, check(link: target, field: "target", &problems) { link.target = target }
        if let ios = request.ios, check(link: ios, field: "ios", &problems) { link.ios = ios }
        if let android = request.android, check(link: android, field: "android", &problems) { link.android = android }
        if let desktop = request.desktop, check(link: desktop, field: "desktop", &problems) { link.desktop = desktop }
        if let title = request.title, check(text: title, field: "title", max: Self.maxTitleLength, &problems) {
            link.preview.title = title
        }
        if let text = request.description,
            check(text: text, field: "description", max: Self.maxDescriptionLength, &problems)
        {
            link.preview.description = text
        }
        if let image = request.imageURL, check(imageURL: image, &problems) { link.preview.imageURL = image }
        if let utm = request.utm, check(utm: utm, &problems) { link.utm = utm }
        if let tags = request.tags, check(tags: tags, &problems) { link.tags = tags }
        if let expiresAt = request.expiresAt { link.expiresAt = expiresAt }
        if let disabled = request.disabled { link.isDisabled = disabled }
        return link
    }

    /// Whether `link` may be where a visitor is sent; if not, says why.
    private func check(link: String, field: String, _ problems: inout [ShortLinkProblem]) -> Bool {
        guard check(text: link, field: field, max: Self.maxLinkLength, &problems) else { return false }
        if let site, (try? site.slug(of: link)) != nil {
            problems.append(
                ShortLinkProblem(field: field, code: .shortLinkLoop, message: "a short link cannot lead to another"))
            return false
        }
        if opensTheApp(link) { return true }
        guard let host = httpsHost(of: link) else {
            problems.append(
                ShortLinkProblem(
                    field: field, code: .notRoutable,
                    message: "\(Excerpt.short(link)) is neither a link the route file routes nor an https link"))
            return false
        }
        guard webHosts.contains(host) else {
            problems.append(
                ShortLinkProblem(
                    field: field, code: .hostNotAllowed,
                    message: "the host '\(host)' is not one of the site's web hosts"))
            return false
        }
        return true
    }

    /// Whether `link` is one the app opens and routes: its scheme has a table of the route file (a custom scheme
    /// the app registers, or `https` on a host it allows), and a route there, or in the global table it falls back
    /// to, takes it. A scheme without a table reaches the global table too, but such a link opens another app; a
    /// route string (`/product/1`) is the app's own, and no link out in the world.
    private func opensTheApp(_ link: String) -> Bool {
        guard let (_, table, match) = try? router.resolve(link) else { return false }
        return match != nil && table != .global
    }

    /// Whether `text` is at most `max` bytes with no control character; if not, says why.
    private func check(text: String, field: String, max: Int, _ problems: inout [ShortLinkProblem]) -> Bool {
        if text.utf8.count > max {
            problems.append(
                ShortLinkProblem(field: field, code: .tooLong, message: "at most \(max) bytes, not \(text.utf8.count)")
            )
            return false
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            problems.append(
                ShortLinkProblem(field: field, code: .controlCharacter, message: "control characters are not allowed"))
            return false
        }
        return true
    }

    private func check(imageURL: String, _ problems: inout [ShortLinkProblem]) -> Bool {
        guard check(text: imageURL, field: "imageURL", max: Self.maxLinkLength, &problems) else { return false }
        guard httpsHost(of: imageURL) != nil else {
            problems.append(
                ShortLinkProblem(field: "imageURL", code: .notHTTPS, message: "a preview image is an https link"))
            return false
        }
        return true
    }

    private func check(utm: [String: String], _ problems: inout [ShortLinkProblem]) -> Bool {
        var valid = true
        for (key, value) in utm.sorted(by: { $0.key < $1.key }) {
            guard Self.utmKeys.contains(key) else {
                problems.append(
                    ShortLinkProblem(
                        field: "utm", code: .unknownKey,
                        message: "\(Excerpt.short(key)) is not one of \(Self.utmKeys.sorted().joined(separator: ", "))")
                )
                valid = false
                continue
            }
            guard !value.isEmpty else {
                // The redirect would carry `utm_source=`, which analytics count as a source with no name.
                problems.append(
                    ShortLinkProblem(
                        field: "utm.\(key)", code: .invalidValue, message: "an empty value: leave the parameter out"))
                valid = false
                continue
            }
            valid = check(text: value, field: "utm.\(key)", max: Self.maxUTMLength, &problems) && valid
        }
        return valid
    }

    private func check(tags: [String], _ problems: inout [ShortLinkProblem]) -> Bool {
        guard tags.count <= Self.maxTags else {
            problems.append(ShortLinkProblem(field: "tags", code: .tooMany, message: "at most \(Self.maxTags) tags"))
            return false
        }
        var valid = true
        for (index, tag) in tags.enumerated() where (try? Slug(tag)) == nil || tag.utf8.count > 32 {
            problems.append(
                ShortLinkProblem(
                    field: "tags[\(index)]", code: .invalidValue,
                    message: "a tag is 1 to 32 ASCII letters, digits, '-' and '_'"))
            valid = false
        }
        // A tag given twice is a list the person did not mean; refused as a UTM name given twice is.
        var seen: Set<String> = []
        for (index, tag) in tags.enumerated() where !seen.insert(tag).inserted {
            problems.append(
                ShortLinkProblem(field: "tags[\(index)]", code: .invalidValue, message: "'\(tag)' is given twice"))
            valid = false
        }
        return valid
    }
}
