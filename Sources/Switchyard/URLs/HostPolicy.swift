/// What a route table does with the host of a URL (the authority after `//`).
///
/// ```swift
/// router.updateSettings(for: .scheme("myapp")) { $0.hostPolicy = .pathComponent }
/// // myapp://invite.myapp.com/abc123 now has the path [invite.myapp.com, abc123]
/// ```
public struct HostPolicy: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case automatic, pathComponent, ignored
    }

    let kind: Kind

    /// A non-empty host that is not `localhost` and holds no `.` is the first path component
    /// (`myapp://user/view/42` → `user/view/42`); any other host is kept apart
    /// (`https://shop.example.com/product/7` → path `product/7`). The default, as JLRoutes does.
    public static let automatic = HostPolicy(kind: .automatic)
    /// A non-empty host is always the first path component, dots and all, as AUTRouting and Turnpike do.
    /// A bracketed IP literal such as `[::1]` is still kept apart.
    public static let pathComponent = HostPolicy(kind: .pathComponent)
    /// The host never takes part in matching (allowed hosts are still checked).
    public static let ignored = HostPolicy(kind: .ignored)

    /// Whether a host name (decoded and lowercased, as a link's reader gives it; an IP literal never is) becomes the
    /// link's first path component under this policy: the one rule for reading links and for writing them.
    func makesComponent(ofName name: String) -> Bool {
        switch kind {
        case .automatic: !name.isExactly("localhost") && !name.utf8.contains(UInt8(ascii: "."))
        case .pathComponent: true
        case .ignored: false
        }
    }

    /// The policy's name as route files write it: `automatic`, `pathComponent` or `ignored`.
    public var description: String {
        switch kind {
        case .automatic: "automatic"
        case .pathComponent: "pathComponent"
        case .ignored: "ignored"
        }
    }
}
