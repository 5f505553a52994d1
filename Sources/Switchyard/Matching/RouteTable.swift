/// Names a route table: the global one, or the one for a scheme.
///
/// A URL whose scheme has a table is matched there only, unless that table falls back to the global one;
/// every other URL, and every internal route string, goes to the global table. Schemes compare
/// case-insensitively.
///
/// ```swift
/// try router.add("/test", in: .scheme("MyApp"))   // the table "myapp"
/// try router.match("MYAPP://test")?.table        // .scheme("myapp")
/// ```
public struct RouteTable: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The lowercased scheme, or `nil` for the global table.
    public let scheme: String?

    /// The global table.
    public static let global = RouteTable(scheme: nil)

    /// The table for `scheme`, compared case-insensitively.
    public static func scheme(_ scheme: String) -> RouteTable {
        RouteTable(scheme: URLSplitter.lowercasedASCII(scheme))
    }

    /// `global`, or the scheme.
    public var description: String { scheme ?? "global" }

    /// The global table first, then schemes in alphabetical order.
    public static func < (lhs: RouteTable, rhs: RouteTable) -> Bool {
        switch (lhs.scheme, rhs.scheme) {
        case (nil, nil): false
        case (nil, _): true
        case (_, nil): false
        case (let left?, let right?): left < right
        }
    }
}

/// How a route table treats hosts and whether it falls back to the global table.
///
/// ```swift
/// router.updateSettings(for: .scheme("https")) {
///     $0.hostPolicy = .ignored
///     $0.allowedHosts = ["example.com", "www.example.com"]
/// }
/// ```
public struct TableSettings: Sendable, Hashable {
    /// What the table does with a URL's host. The default is ``HostPolicy/automatic``.
    public var hostPolicy: HostPolicy
    /// The only hosts the table accepts, compared in their normal form, byte for byte: ASCII letters lowercased,
    /// Unicode labels in their `xn--` form, IP literals in brackets as RFC 5952 writes them; no other IDNA mapping,
    /// no trailing-dot folding (`example.com.` is another host), no subdomains. `nil`, the default, accepts any.
    /// A URL with another host, or with no host kept as a host, is rejected with
    /// `URLRejection.Code.hostNotAllowed`. Internal route strings are exempt. The first host is the one links for
    /// this table are built with, unless the caller names another.
    public var allowedHosts: [String]?
    /// Whether host names may hold letters other than ASCII (`exämple.com`). A table that allows them keeps each
    /// such label in its `xn--` form (`xn--exmple-cua.com`), which is how the host is reported and compared. The
    /// default is `false`: a non-ASCII host name is `URLRejection.Code.invalidHost`.
    public var allowsUnicodeHostNames: Bool
    /// Whether a URL that no route of this scheme table handles goes on to the global table. Ignored on the
    /// global table. The default is `false`.
    public var fallsBackToGlobalRoutes: Bool

    /// Creates settings; every argument has the documented default.
    public init(
        hostPolicy: HostPolicy = .automatic, allowedHosts: [String]? = nil, fallsBackToGlobalRoutes: Bool = false,
        allowsUnicodeHostNames: Bool = false
    ) {
        self.hostPolicy = hostPolicy
        self.allowedHosts = allowedHosts
        self.fallsBackToGlobalRoutes = fallsBackToGlobalRoutes
        self.allowsUnicodeHostNames = allowsUnicodeHostNames
    }

    var hostRules: HostRules {
        HostRules(
            policy: hostPolicy, allowedHosts: allowedHosts.map { Set($0.map { ExactText(HostName.allowedForm($0)) }) },
            allowsUnicodeNames: allowsUnicodeHostNames)
    }
}
