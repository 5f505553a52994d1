extension RouteFile {
    /// A parameter constraint as a route file writes it, under a route's `constraints` key, by parameter name.
    ///
    /// ```json
    /// { "pattern": "/tab/:tab/item/:id", "destination": "Tab",
    ///   "constraints": { "id": "digits", "tab": { "oneOf": ["home", "travel", "food"] } } }
    /// ```
    ///
    /// Every constraint ``ParameterConstraint`` offers by name has a form here; one made from a closure has none.
    /// A struct, not an enum: later releases may add forms without breaking code that reads these.
    public struct Constraint: Sendable, Hashable, CustomStringConvertible {
        private enum Form: Sendable, Hashable {
            case digits
            case oneOf([String])
        }

        private let form: Form

        /// `"digits"`: ``ParameterConstraint/digits``.
        public static let digits = Constraint(form: .digits)

        /// `{"oneOf": [...]}`: ``ParameterConstraint/oneOf(_:)-(Set<String>)``, the values in the file's order.
        public static func oneOf(_ values: [String]) -> Constraint { Constraint(form: .oneOf(values)) }

        /// The constraint a router tests.
        public var parameterConstraint: ParameterConstraint {
            switch form {
            case .digits: .digits
            case .oneOf(let values): .oneOf(Set(values))
            }
        }

        /// What the constraint asks for, as ``ParameterConstraint/description`` says it: `digits`,
        /// `one of food, home, travel`.
        public var description: String { parameterConstraint.description }

        /// A value that passes, for example links.
        package var sample: String {
            switch form {
            case .digits: "1"
            case .oneOf(let values): values.first ?? ""
            }
        }
    }
}
