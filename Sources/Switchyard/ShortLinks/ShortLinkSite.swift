/// Where a site serves its short links: a host, and the path prefix slugs live under (`/s`), or none for a host that
/// serves only short links.
///
/// It reads short links with the router's own rules (the same hardened split of a URL), and names the site's public
/// address for a slug, which ``ShortLinkResolver`` asks.
///
/// ```swift
/// let site = try ShortLinkSite(host: "go.example.com", prefix: "/s")
/// try site.slug(of: "https://go.example.com/s/spring-sale")  // spring-sale
/// site.link(for: try Slug("spring-sale"))                    // "https://go.example.com/s/spring-sale"
/// ```
public struct ShortLinkSite: Sendable, Hashable {
    /// The host, in the form links are compared in (lowercased; Unicode labels as `xn--`).
    public let host: String
    /// The prefix's components (`["s"]` for `/s`); empty for a host of short links only.
    public let prefixComponents: [String]
    /// A router that takes exactly the site's short links, `https://HOST/PREFIX/:slug`, and its claim links,
    /// `https://HOST/c/:token`.
    private let reader: Router
    /// The component claim links live under: `https://HOST/c/{token}`.
    public static let claimComponent = "c"

    /// A site of short links on `host`, under `prefix`.
    ///
    /// - Parameters:
    ///   - host: a host name or IP literal, as a table's allowed hosts are written.
    ///   - prefix: `/` and components of letters, digits, `-` and `_` (`/s`, `/go/links`); `""` or `/` for none.
    /// - Throws: ``ShortLinkError`` with `invalidSite` for a host links cannot have, a prefix with other characters,
    ///   or the prefix `/c`, where claim links live.
    public init(host: String, prefix: String = "") throws(ShortLinkError) {
        let components = prefix.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard components.allSatisfy({ $0.utf8.allSatisfy(Slug.isAllowed) }), components.count <= 8 else {
            throw ShortLinkError(
                .invalidSite, "a short-link prefix is components of ASCII letters, digits, '-' and '_': '\(prefix)'")
        }
        guard components != [Self.claimComponent] else {
            throw ShortLinkError(.invalidSite, "the prefix '/c' is where claim links live: choose another")
        }
        let reader = Router()
        let normal = HostName.allowedForm(host)
        reader.updateSettings(for: .scheme("https")) { $0.allowedHosts = [normal] }
        let pattern = "/" + (components + [":slug"]).joined(separator: "/")
        do {
            try reader.add(pattern, in: .scheme("https"))
            try reader.add("/\(Self.claimComponent)/:token", in: .scheme("https"))
        } catch {
            throw ShortLinkError(.invalidSite, "the prefix '\(prefix)' cannot hold slugs: \(error.message)")
        }
        guard reader.canRoute(Self.link(host: normal, components: components, slug: "a")) else {
            throw ShortLinkError(.invalidSite, "'\(host)' is not a host a link can have")
        }
        self.host = normal
        prefixComponents = components
        self.reader = reader
    }

    /// The slug of `url`, when it is one of the site's short links: `https`, the site's host, its prefix, and one
    /// component that is a slug (a query and a fragment are allowed, and ignored).
    /// - Throws: ``ShortLinkError``: `notShortLink` for any other link, `invalidSlug` for a bad slug in the right
    ///   place.
    public func slug(of url: String) throws(ShortLinkError) -> Slug {
        guard let match = try? reader.match(url), match.parameters["token"] == nil, let slug = match.parameters["slug"]
        else {
            throw ShortLinkError(.notShortLink, "\(Excerpt.short(url)) is not a short link of \(host)")
        }
        return try Slug(slug)
    }

    /// The token of `url`, when it is one of the site's claim links: `https`, the site's host, `/c/` and a token (a
    /// query and a fragment are allowed, and ignored). What a person pastes is trimmed of surrounding white space.
    /// - Throws: ``DeferredLinkError``: `notClaimLink` for any other text, `invalidToken` for a bad token in the right
    ///   place.
    public func claimToken(of url: String) throws(DeferredLinkError) -> ClaimToken {
        let trimmed = url.utf8.count <= 4_096 ? url.trimmingWhiteSpace : url
        guard let match = try? reader.match(trimmed), let token = match.parameters["token"] else {
            throw DeferredLinkError(.notClaimLink, "\(Excerpt.short(url)) is not a claim link of \(host)")
        }
        return try ClaimToken(token)
    }

    /// The claim link of `token` on this site: `https://HOST/c/TOKEN`.
    public func claimLink(for token: ClaimToken) -> String {
        claimLinkPrefix + token.text
    }

    /// What every claim link of this site starts with, `https://HOST/c/`: the one place a claim link is written,
    /// which the site's pages fill with a visit's token.
    package var claimLinkPrefix: String {
        "https://\(HostName.linkForm(host))/\(Self.claimComponent)/"
    }

    /// The path of the site's claim links, `/c/`, under which it serves their pages, its store redirects and its
    /// script.
    package static var claimPathPrefix: String { "/\(claimComponent)/" }

    /// Where the site redeems a claim: `https://HOST/api/claims/redeem`, which takes a `POST`.
    public var redeemAddress: String {
        "https://\(HostName.linkForm(host))/api/claims/redeem"
    }

    /// The short link of `slug` on this site.
    public func link(for slug: Slug) -> String {
        Self.link(host: host, components: prefixComponents, slug: slug.text)
    }

    /// Where the site answers what a slug's link is: `https://HOST/api/links/SLUG`.
    public func lookupAddress(for slug: Slug) -> String {
        "https://\(HostName.linkForm(host))/api/links/\(slug.text)"
    }

    private static func link(host: String, components: [String], slug: String) -> String {
        "https://\(HostName.linkForm(host))/" + (components + [slug]).joined(separator: "/")
    }

    /// Two sites are the same host and prefix.
    public static func == (lhs: ShortLinkSite, rhs: ShortLinkSite) -> Bool {
        lhs.host == rhs.host && lhs.prefixComponents == rhs.prefixComponents
    }

    /// Hashes the host and the prefix.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(host)
        hasher.combine(prefixComponents)
    }
}

extension String {
    /// The text without the spaces, tabs and line breaks around it.
    fileprivate var trimmingWhiteSpace: String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = utf8.drop(while: isSpace)
        let end = bytes.lastIndex { !isSpace($0) }.map { bytes.index(after: $0) } ?? bytes.startIndex
        return String(Substring(bytes[..<end]))
    }
}

/// The host of `link` when it is an `https` link, read by the router's rules (lowercased; `nil` for anything that
/// does not split, has another scheme, or no host): what a short link's web target and the resolver check.
package func httpsHost(of link: String) -> String? {
    guard case .success(let split) = URLSplitter.split(link, options: SplitOptions(), hostRules: { _ in HostRules() }),
        split.link.scheme == "https"
    else { return nil }
    return split.link.host
}
