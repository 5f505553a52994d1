extension NavigationTree.Screen {
    /// The screen as a value of the app's link set, so that a view switches over typed links instead of reading a
    /// route name and a dictionary.
    ///
    /// ```swift
    /// switch try screen.decode(ShopLink.self, with: router) {
    /// case .product(let product): ProductView(id: product.id)
    /// case .category(let category): CategoryView(slug: category.slug)
    /// }
    /// ```
    ///
    /// The screen's link is matched again and read by the candidate whose route is the screen's (by name), so a
    /// screen decodes into its own route's member even when another route of the set would win the link.
    ///
    /// - Parameters:
    ///   - type: the link set (a ``DeepLinkSet``).
    ///   - router: the router whose routes the screen's link was written from.
    /// - Throws: ``DeepLinkSetError``: `rejected` when the router rejects the screen's link, `noMember` when the
    ///   screen's route is unnamed or no member's, `decodingFailed` when its values do not decode.
    public func decode<LinkSet: DeepLinkSet>(_ type: LinkSet.Type, with router: Router) throws(DeepLinkSetError)
        -> LinkSet
    {
        guard let route else { throw .noMember }
        let candidates: [RouteMatch]
        do {
            candidates = try router.matches(link)
        } catch {
            throw .rejected(error)
        }
        for match in candidates where match.route.name == route {
            guard let member = LinkSet.member(of: match.route) else { continue }
            do {
                return try member.decode(match.parameters, match.link.query)
            } catch {
                throw .decodingFailed(error)
            }
        }
        throw .noMember
    }
}
