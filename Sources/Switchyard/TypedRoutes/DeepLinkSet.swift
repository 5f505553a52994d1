/// A set of typed routes that one value stands for: typically an enum whose cases each hold a ``DeepLinkRoute``.
/// A link decodes into the member the router's precedence picks, a value encodes back into its link, and a path of
/// them (`[ShopLink]`) can be pushed onto a navigation stack, saved and restored.
///
/// Declare the members in one list; `Hashable` and `Codable` come with the enum:
///
/// ```swift
/// enum ShopLink: DeepLinkSet {
///     case product(ProductLink)
///     case category(CategoryLink)
///
///     static let members: [DeepLinkSetMember<ShopLink>] = [
///         .member(ProductLink.self, ShopLink.product) { if case .product(let link) = $0 { link } else { nil } },
///         .member(CategoryLink.self, ShopLink.category) { if case .category(let link) = $0 { link } else { nil } },
///     ]
/// }
///
/// try router.map(ShopLink.self) { link, request in await navigation.open(link) }
/// let link = try router.decode("myapp://product/7", as: ShopLink.self)  // .product(ProductLink(id: 7))
/// try router.link(for: ShopLink.product(ProductLink(id: 7)))               // "/product/7"
/// ```
public protocol DeepLinkSet: Hashable, Codable, Sendable {
    /// Each member's typed route, how a decoded route becomes a value of the set, and how a value gives it back.
    static var members: [DeepLinkSetMember<Self>] { get }
    /// How opening this link changes a navigation path (``LinkPath``); ``LinkPresentation/push`` by default.
    var presentation: LinkPresentation { get }
}

/// One member of a ``DeepLinkSet``: a typed route and the case that holds it.
public struct DeepLinkSetMember<LinkSet: DeepLinkSet>: Sendable {
    let pattern: String
    let name: String
    let table: RouteTable
    let register:
        @Sendable (Router, _ handler: @escaping @Sendable (LinkSet, RouteRequest) async throws -> Void)
            throws(PatternError) -> Void
    /// Decodes the member from a match's or a request's parameters and query.
    let decode: @Sendable (RouteParameters, QueryItems) throws(RouteDecodingError) -> LinkSet
    let url: @Sendable (Router, LinkSet, _ scheme: String?, _ host: String?) throws(LinkError) -> String?

    /// A member: the typed route `type`, the case that wraps one (`ShopLink.product`), and the closure that gives a
    /// value's route back when the value is this member (`nil` when it is another).
    public static func member<Link: DeepLinkRoute>(
        _ type: Link.Type, _ wrap: @escaping @Sendable (Link) -> LinkSet,
        _ unwrap: @escaping @Sendable (LinkSet) -> Link?
    ) -> Self {
        Self(
            pattern: Link.pattern, name: Link.name, table: Link.table,
            register: { router, handler throws(PatternError) in
                try router.map(Link.self) { link, request in try await handler(wrap(link), request) }
            },
            decode: { parameters, query throws(RouteDecodingError) in
                wrap(try RouteValueDecoder.decode(Link.self, parameters: parameters, query: query))
            },
            url: { router, value, scheme, host throws(LinkError) in
                guard let link = unwrap(value) else { return nil }
                return try router.link(for: link, scheme: scheme, host: host)
            })
    }

    /// Whether `route` is this member's: the same pattern, name and table.
    func isMember(_ route: Route) -> Bool {
        route.pattern.written == pattern && route.name == name && route.table == table
    }
}

extension DeepLinkSet {
    /// The member whose route `route` is.
    static func member(of route: Route) -> DeepLinkSetMember<Self>? {
        members.first { $0.isMember(route) }
    }
}

/// Why a link did not decode into a member of a ``DeepLinkSet``.
///
/// ```swift
/// do {
///     let link = try router.decode("myapp://product/abc", as: ShopLink.self)
/// } catch {
///     print(error.code)  // decodingFailed
/// }
/// ```
public struct DeepLinkSetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of failure; new ones may be added.
    public typealias Code = StableCode<DeepLinkSetError>

    /// Why the link did not decode.
    public let code: Code
    /// For `rejected`, the router's rejection of the link.
    public let rejection: URLRejection?
    /// For `decodingFailed`, the error of the first member whose route matched.
    public let decodingError: RouteDecodingError?

    private init(_ code: Code, rejection: URLRejection? = nil, decodingError: RouteDecodingError? = nil) {
        self.code = code
        self.rejection = rejection
        self.decodingError = decodingError
    }

    /// The router rejected the link.
    static func rejected(_ rejection: URLRejection) -> Self { Self(.rejected, rejection: rejection) }
    /// No member's route matches the link.
    static let noMember = Self(.noMember)
    /// Members' routes match, and none of them decodes the link: the first one's error.
    static func decodingFailed(_ error: RouteDecodingError) -> Self { Self(.decodingFailed, decodingError: error) }

    /// A sentence that says why.
    public var description: String {
        if let rejection { return "the link is rejected: \(rejection)" }
        if let decodingError { return "the link does not decode: \(decodingError)" }
        return "no member's route matches the link"
    }
}

extension StableCode where Domain == DeepLinkSetError {
    /// The router rejected the link (``DeepLinkSetError/rejection`` says why).
    public static var rejected: Self { Self("rejected") }
    /// No member's route matches the link.
    public static var noMember: Self { Self("noMember") }
    /// Members' routes match, and none of them decodes the link (``DeepLinkSetError/decodingError`` says why).
    public static var decodingFailed: Self { Self("decodingFailed") }
}

extension Router {
    /// Adds every member's route of a link set, each with its type's ``DeepLinkRoute/access``; the handler
    /// receives the decoded value of the set.
    ///
    /// A link whose values do not decode into the member makes that route decline, as with
    /// ``map(_:handler:)``: the next candidate runs.
    ///
    /// - Throws: ``PatternError`` when a member's pattern does not parse.
    public func map<LinkSet: DeepLinkSet>(
        _ type: LinkSet.Type, handler: @escaping @Sendable (LinkSet, RouteRequest) async throws -> Void
    ) throws(PatternError) {
        for member in LinkSet.members { try member.register(self, handler) }
    }

    /// Decodes a link into the member of a link set that the router's precedence picks: the first candidate route
    /// that is a member's and whose values decode.
    ///
    /// ```swift
    /// do {
    ///     path.append(try router.decode("myapp://product/abc", as: ShopLink.self))
    /// } catch {
    ///     log.notice("not a shop link: \(error)")
    /// }
    /// ```
    ///
    /// - Throws: ``DeepLinkSetError``: the link is rejected, no member's route matches it, or none decodes it.
    public func decode<LinkSet: DeepLinkSet>(_ url: String, as type: LinkSet.Type) throws(DeepLinkSetError) -> LinkSet {
        let candidates: [RouteMatch]
        do {
            candidates = try matches(url)
        } catch {
            throw .rejected(error)
        }
        var firstError: RouteDecodingError?
        for match in candidates {
            guard let member = LinkSet.member(of: match.route) else { continue }
            do {
                return try member.decode(match.parameters, match.link.query)
            } catch {
                firstError = firstError ?? error
            }
        }
        throw firstError.map(DeepLinkSetError.decodingFailed) ?? .noMember
    }

    /// Returns the link for a value of a link set: its member's typed route, written as ``link(for:scheme:host:)-(LinkSet,_,_)``
    /// writes it.
    ///
    /// - Throws: ``LinkError``; `unknownRoute` when no member claims the value.
    public func link<LinkSet: DeepLinkSet>(for value: LinkSet, scheme: String? = nil, host: String? = nil)
        throws(LinkError) -> String
    {
        for member in LinkSet.members {
            if let link = try member.url(self, value, scheme, host) { return link }
        }
        throw LinkError(.unknownRoute, "no member of \(LinkSet.self) claims the value \(value)")
    }
}

extension RouteRequest {
    /// The value of a link set that this request's route stands for: the member whose route it is, decoded from
    /// the request's parameters and query. A request bound by the router (a handler's, or a handled outcome's)
    /// has its route; after a redirect route, the route it was redirected to.
    ///
    /// - Throws: ``DeepLinkSetError``: `noMember` when the route is no member's, `decodingFailed` when the values do
    ///   not decode.
    public func decode<LinkSet: DeepLinkSet>(_ type: LinkSet.Type) throws(DeepLinkSetError) -> LinkSet {
        guard let route, let member = LinkSet.member(of: route) else { throw .noMember }
        do {
            return try member.decode(parameters, query)
        } catch {
            throw .decodingFailed(error)
        }
    }
}
