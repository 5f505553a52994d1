extension RouteFile {
    /// Notes for sensitive routes that a custom scheme can still reach: a route that confirms its action, or that
    /// stays out of the association files (`"universalLink": false`), whose origins do not leave out
    /// `customScheme`. Any installed app can claim a custom scheme and send the link; a global route is reached by
    /// every scheme that has no table of its own.
    func sensitiveRouteFindings() -> [RouteFileFinding] {
        routes.compactMap { route in
            let isWebTable = ["http", "https"].contains(route.table.scheme ?? "")
            guard route.redirect == nil, !isWebTable, route.access?.confirms == true || !route.isUniversalLink,
                route.access?.admits(.customScheme) ?? true
            else { return nil }
            let confirms = route.access?.confirms == true
            let why = confirms ? "confirms its action" : "is kept out of the association files"
            let scheme = route.table.scheme.map { "the scheme \($0)" } ?? "any custom scheme"
            let origins = confirms && route.isUniversalLink ? #"["universalLink", "inApp"]"# : #"["inApp"]"#
            return RouteFileFinding(
                code: .sensitiveRoute,
                message: "\(route.pattern) \(why), and \(scheme) can still open it: any installed app can send "
                    + #"such a link; name the origins that may open it ("origins": \#(origins))"#,
                locations: [route.location], example: nil, isNote: true)
        }
    }
}
