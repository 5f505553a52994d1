/// How opening a link changes a navigation path: pushed on top, or made the whole path (a tab, a screen that
/// starts over).
public enum LinkPresentation: Sendable, Hashable {
    /// The link's screen goes on top of those shown.
    case push
    /// The link's screen replaces the whole path.
    case replace
}

extension DeepLinkSet {
    /// ``LinkPresentation/push``.
    public var presentation: LinkPresentation { .push }
}

/// A navigation path of a link set's values, and how links change it: what a SwiftUI `NavigationStack` binds to,
/// kept free of SwiftUI so that every decision about it is tested anywhere.
///
/// ```swift
/// var path = LinkPath<ShopLink>()
/// path.open(.category(CategoryLink(slug: "shoes")))  // pushed
/// path.open(.product(ProductLink(id: 7)))            // pushed on top
/// let saved = try JSONEncoder().encode(path)         // restored on the next launch
/// ```
public struct LinkPath<LinkSet: DeepLinkSet>: Hashable, Codable, Sendable {
    /// The values on the path, the root's child first.
    public var links: [LinkSet]

    /// A path of `links`.
    public init(_ links: [LinkSet] = []) { self.links = links }

    /// Opens a link as its ``DeepLinkSet/presentation`` says, or as `presentation` overrides. Opening the link
    /// already on top changes nothing, so a link delivered twice (a universal link and its custom-scheme twin)
    /// shows one screen.
    public mutating func open(_ link: LinkSet, as presentation: LinkPresentation? = nil) {
        switch presentation ?? link.presentation {
        case .push where links.last != link: links.append(link)
        case .push: break
        case .replace: links = [link]
        }
    }

    /// Opens the link an outcome handled, when its route is one of the set's members: how a navigation model
    /// applies what the router did, including links held on a cold start and replayed later
    /// (``Router/deferredOutcomes``). Outcomes of other kinds (held, rejected, unhandled) change nothing.
    ///
    /// ```swift
    /// path.open(await router.route(url))
    /// for await outcome in router.deferredOutcomes { path.open(outcome) }
    /// ```
    /// - Returns: the link opened, or `nil`.
    @discardableResult
    public mutating func open(_ outcome: RouteOutcome) -> LinkSet? {
        guard outcome.status == .handled, let link = try? outcome.request?.decode(LinkSet.self) else { return nil }
        open(link)
        return link
    }

    /// Decodes `url` into the member of the link set that `router`'s precedence picks and opens it.
    /// - Returns: the link opened.
    /// - Throws: ``DeepLinkSetError`` when the URL is not one of the set's (see ``Router/decode(_:as:)``); the path
    ///   is left as it was.
    @discardableResult
    public mutating func open(_ url: String, with router: Router) throws(DeepLinkSetError) -> LinkSet {
        let link = try router.decode(url, as: LinkSet.self)
        open(link)
        return link
    }
}
