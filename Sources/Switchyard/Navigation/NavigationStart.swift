/// Where a link's plan starts: the app launching with the link (a cold start), or the app as it is.
///
/// ```swift
/// let cold = try navigator.plan(opening: "myapp://product/7/reviews", from: .coldStart)
/// let warm = try navigator.plan(opening: "https://shop.example.com/product/8", from: .warm(cold.target))
/// ```
///
/// The two differ even when the tree is the same: a cold start builds the link's whole stack (its tab, its
/// parents in order, then the link), where a warm app follows the route's ``WarmPolicy`` (``WarmPolicy/push``
/// adds no parents).
///
/// Closed by nature: an app is launching or it is running; no case will be added, so a `switch` over it needs no
/// `default`.
public enum NavigationStart: Sendable, Hashable {
    /// The app is launching: each tab at its root, the first one selected (``Navigator/coldStart()``).
    case coldStart
    /// The app is running and shows this tree.
    case warm(NavigationTree)
}
