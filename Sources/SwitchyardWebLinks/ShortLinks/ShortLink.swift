import Switchyard

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A short link as a link site keeps it: a slug, a target, and what it shows and how it counts.
///
/// Every link it can send a visitor to (the target and the per-platform overrides) is one the route file routes, or
/// an `https` link on a host the site allows: it can never be an open redirect. ``ShortLinkRules`` makes one from a
/// request, or says what is wrong.
package struct ShortLink: Sendable, Hashable, Codable {
    package var slug: Slug
    /// Where the link goes: a link the route file routes (`myapp://product/1988`), or a web link.
    package var target: String
    /// Where an iPhone or iPad goes instead of the target.
    package var ios: String?
    /// Where an Android phone goes instead of the target.
    package var android: String?
    /// Where a desktop browser goes instead of the target's web fallback.
    package var desktop: String?
    /// The social preview: `og:title`, `og:description`, `og:image`.
    package var preview = Preview()
    /// UTM parameters added to web links the visitor is sent to, by name without `utm_` (`source`, `medium`, …).
    package var utm: [String: String] = [:]
    /// After this moment the link answers 410.
    package var expiresAt: Date?
    /// A disabled link answers 410.
    package var isDisabled = false
    package var tags: [String] = []

    package struct Preview: Sendable, Hashable, Codable {
        package var title: String?
        package var description: String?
        package var imageURL: String?

        package init(title: String? = nil, description: String? = nil, imageURL: String? = nil) {
            self.title = title
            self.description = description
            self.imageURL = imageURL
        }
    }

    package init(slug: Slug, target: String) {
        self.slug = slug
        self.target = target
    }

    /// Whether the link answers 410 at `now`: disabled, or past its expiry.
    package func isGone(at now: Date) -> Bool {
        isDisabled || expiresAt.map { $0 <= now } ?? false
    }
}
