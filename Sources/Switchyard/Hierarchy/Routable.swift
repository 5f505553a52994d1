/// An object that owns the routes for its part of a link and hands the rest to the child it presents
/// (AUTRouting's hierarchical routing).
///
/// ```swift
/// final class RootScreen: Routable {
///     let routes = RouteLevel()
///     init() {
///         try? routes.add("product/:id") { request in
///             await ProductScreen.present(id: request.parameters["id"] ?? "")  // the child routes the rest
///         }
///     }
/// }
/// let walk = try await RootScreen().route("myapp://product/42/reviews")
/// ```
public protocol Routable: Sendable {
    /// The routes this object handles, each matched against a prefix of the remaining components.
    var routes: RouteLevel { get }
}

extension Routable {
    /// Routes a link through this object and, level by level, through the children its handlers return.
    ///
    /// At each level the route matching the longest prefix of the remaining components runs (then priority,
    /// specificity and registration order decide); its handler returns the next ``Routable`` (which routes
    /// what remains), or `nil` to end the walk.
    ///
    /// - Parameters:
    ///   - url: the link; by default its host is the first component, as AUTRouting does.
    ///   - context: a value passed to every level (a notification payload); context-typed routes require it.
    ///   - hostPolicy: what the link's host is; ``HostPolicy/pathComponent`` by default.
    ///   - options: limits and decoding options for taking the link apart.
    /// - Returns: the levels visited, with what each captured.
    /// - Throws: ``WalkError``: no match (with the components left), an invalid link, a wrong context type, a
    ///   child that is not routable, a handler's error, or cancellation.
    public func route(
        _ url: String, context: (any Sendable)? = nil, hostPolicy: HostPolicy = .pathComponent,
        options: RouterOptions = RouterOptions()
    ) async throws(WalkError) -> RouteWalk {
        try await RouteWalker(url: url, context: context, hostPolicy: hostPolicy, options: options).walk(from: self)
    }
}
