/// Everything a router holds, read as one immutable snapshot.
struct RouterState: Sendable {
    var tables: RouteTables
    var filters: [any RouteFilter] = []
    var defaultAction: RouteAction?

    init(foldsLiteralCase: Bool) {
        tables = RouteTables(foldsLiteralCase: foldsLiteralCase)
    }
}
