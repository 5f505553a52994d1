/// A URL or an internal route string, taken apart as a route table sees it.
///
/// `myapp://product/1988?coupon=XMAS` gives the scheme `myapp`, no host (under the default
/// ``HostPolicy/automatic`` the dotless host `product` is the first path component), the path components
/// `["product", "1988"]` and the query `coupon=XMAS`.
///
/// ```swift
/// let link = try router.match("https://Shop.Example.com/product/7#reviews")?.link
/// link?.host            // "shop.example.com"
/// link?.pathComponents  // ["product", "7"]
/// link?.fragment        // "reviews"
/// ```
public struct DeepLink: Sendable, Hashable {
    /// The input as given.
    public let input: String
    /// The scheme, lowercased; `nil` for an internal route string.
    public let scheme: String?
    /// The URL's host, percent-decoded once and lowercased (ASCII letters only); `nil` when the URL has none.
    ///
    /// The host is reported even when the table's host policy made it the first of ``pathComponents``.
    public let host: String?
    /// The port, which plays no part in matching.
    public let port: Int?
    /// The components that matching saw, each percent-decoded once: the path split on `/` with empty
    /// components dropped, after a host that became a component, followed by those a routed fragment adds.
    public let pathComponents: [String]
    /// The query items, form-decoded (`+` is a space, `%2B` a plus), followed by those a routed fragment adds.
    /// A filter may change them before the handlers run.
    public var query: QueryItems
    /// The fragment, percent-decoded once; `""` for a bare `#` and `nil` when there is none. A filter may
    /// change it before the handlers run.
    public var fragment: String?

    /// Whether the input came from outside: a URL with a scheme, rather than a route string the app sent itself.
    public var isExternal: Bool { scheme != nil }
}

extension DeepLink {
    /// The same link with other path components: what one level of a hierarchical walk sees.
    func with(pathComponents: [String]) -> DeepLink {
        DeepLink(
            input: input, scheme: scheme, host: host, port: port, pathComponents: pathComponents, query: query,
            fragment: fragment)
    }
}
