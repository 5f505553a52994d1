/// A URL or an internal route string, taken apart as a route table sees it.
///
/// `myapp://product/1988?coupon=XMAS` gives the scheme `myapp`, the host `product` (which, having no dot, is also
/// the first path component under the default ``HostPolicy/automatic``), the path components
/// `["product", "1988"]` and the query `coupon=XMAS`.
///
/// ```swift
/// let link = try router.match("https://Shop.Example.com/product/7#reviews")?.link
/// link?.host            // "shop.example.com"
/// link?.pathComponents  // ["product", "7"]
/// link?.fragment        // "reviews"
/// ```
public struct DeepLink: Sendable, Hashable {
    // The stored properties are declared in the order that leaves the least padding between them: a link moves
    // with the match that holds it, and a match and what wraps it on its way out move inline when they are small.

    /// The input as given.
    public let input: String
    /// The URL's host, percent-decoded once and lowercased (ASCII letters only); `nil` when the URL has none.
    ///
    /// The host is reported even when the table's host policy made it the first of ``pathComponents``.
    public let host: String?
    /// The fragment, percent-decoded once; `""` for a bare `#` and `nil` when there is none. A filter may
    /// change it before the handlers run.
    public var fragment: String?
    /// The query items, form-decoded (`+` is a space, `%2B` a plus), followed by those a routed fragment adds.
    /// A filter may change them before the handlers run.
    public var query: QueryItems
    /// What ``pathComponents`` are made from.
    var components: Components
    /// How many of the first bytes of ``input`` are the scheme (before its `:`); 0 for a route string, since a
    /// scheme has at least one byte. (Offsets into an input fit in 32 bits: see ``URLSplitter``.)
    let schemeLength: Int32
    /// The port, or -1 for none (a port is at most 65,535).
    private let storedPort: Int32

    /// The scheme, lowercased; `nil` for an internal route string.
    ///
    /// Made from the first bytes of ``input`` when read, as ``pathComponents`` are: a lookup makes no text for it.
    public var scheme: String? {
        guard schemeLength > 0 else { return nil }
        return TextBytes.with(input) { URLSplitter.schemeText($0[0..<min(Int(schemeLength), $0.count)]) }
    }
    /// The port, which plays no part in matching.
    public var port: Int? { storedPort < 0 ? nil : Int(storedPort) }
    /// The components that matching saw, each percent-decoded once: the path split on `/` with empty
    /// components dropped, after a host that became a component, followed by those a routed fragment adds.
    ///
    /// A link found by ``Router/match(_:)-(String)`` makes the list when it is first read, from the bytes of ``input``
    /// (a lookup itself allocates no list); keep the result rather than reading it in a loop.
    public var pathComponents: [String] {
        switch components {
        case .list(let list): list
        case .path(let start, let end, let startsWithHost):
            URLSplitter.pathComponents(of: input, in: Int(start)..<Int(end), after: startsWithHost ? host : nil)
        }
    }

    /// Whether the input came from outside: a URL with a scheme, rather than a route string the app sent itself.
    public var isExternal: Bool { schemeLength > 0 }

    /// Where ``pathComponents`` come from.
    enum Components: Sendable {
        /// Made already.
        case list([String])
        /// The components of the input's bytes in `range`, after the host when it became the first component:
        /// made when read, so that a lookup allocates no list.
        case path(start: Int32, end: Int32, startsWithHost: Bool)
    }

    /// Whether two links have the same input, parts and components.
    public static func == (lhs: DeepLink, rhs: DeepLink) -> Bool {
        lhs.input == rhs.input && lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port
            && lhs.query == rhs.query && lhs.fragment == rhs.fragment && lhs.pathComponents == rhs.pathComponents
    }

    /// Hashes the input, the parts and the components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(input)
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(port)
        hasher.combine(query)
        hasher.combine(fragment)
        hasher.combine(pathComponents)
    }
}

extension DeepLink {
    /// A link of these parts.
    init(
        input: String, schemeLength: Int32, host: String?, port: Int?, components: Components, query: QueryItems,
        fragment: String?
    ) {
        self.init(
            input: input, host: host, fragment: fragment, query: query, components: components,
            schemeLength: schemeLength, storedPort: port.map { Int32(clamping: $0) } ?? -1)
    }

    /// The same link with other path components: what one level of a hierarchical walk sees.
    func with(pathComponents: [String]) -> DeepLink {
        DeepLink(
            input: input, schemeLength: schemeLength, host: host, port: port, components: .list(pathComponents),
            query: query, fragment: fragment)
    }
}
