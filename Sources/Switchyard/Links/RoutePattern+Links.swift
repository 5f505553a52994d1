extension RoutePattern {
    /// The decoded components of the link for this pattern with these parameters: the longest expansion whose
    /// parameters are exactly those given, each value checked so that it comes back unchanged.
    func components(
        parameters: [String: String], wildcard: [String], constraints: [String: ParameterConstraint] = [:],
        routeName: String
    ) throws(LinkError) -> [String] {
        let expansion = try expansion(for: parameters, routeName: routeName)
        for parameter in expansion.parameterNames {
            let value = parameters[parameter] ?? ""
            try LinkEncoding.checkValue(value, for: parameter)
            if let constraint = constraints[parameter], !constraint.accepts(value) {
                throw LinkError(
                    .constraintFailed, "the value '\(value)' of '\(parameter)' is not \(constraint.description)")
            }
        }
        if expansion.hasWildcard {
            for component in wildcard { try LinkEncoding.checkValue(component, for: "*") }
        }
        return LinkWriter.components(
            of: expansion.segments, value: { parameters[$0] ?? "" }, wildcard: expansion.hasWildcard ? wildcard : [])
    }

    /// The internal route string for this pattern filled with `parameters`, encoded as links are, with a
    /// leading `/` when the pattern is written with one. Parameters the pattern does not have are ignored.
    ///
    /// ```swift
    /// try RoutePattern("/p/:id").path(filledFrom: ["id": "a b", "other": "x"])  // "/p/a%20b"
    /// ```
    package func path(filledFrom parameters: [String: String], wildcard: [String] = []) throws(LinkError) -> String {
        let known = Set(parameterNames)
        let components = try components(
            parameters: parameters.filter { known.contains($0.key) }, wildcard: wildcard, routeName: written)
        let path = LinkWriter.path(components)
        return written.hasPrefix("/") || path.isEmpty ? "/" + path : path
    }

    /// The expansion to write: the longest whose parameters are exactly those given.
    private func expansion(for parameters: [String: String], routeName: String) throws(LinkError) -> Expansion {
        let known = Set(parameterNames)
        if let unknown = parameters.keys.sorted().first(where: { !known.contains($0) }) {
            throw LinkError(.unknownParameter, "the route '\(routeName)' has no parameter '\(unknown)'")
        }
        let given = Set(parameters.keys)
        if let exact = expanded.first(where: { Set($0.parameterNames) == given }) { return exact }
        // The expansion that uses every given parameter and needs the fewest more says what is missing.
        let nearest = expanded.filter { given.isSubset(of: $0.parameterNames) }
            .min { $0.parameterCount < $1.parameterCount }
        let missing = nearest?.parameterNames.first { !given.contains($0) } ?? known.sorted().first ?? "-"
        throw LinkError(.missingParameter, "the route '\(routeName)' needs the parameter '\(missing)'")
    }
}
