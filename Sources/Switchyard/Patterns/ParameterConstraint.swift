/// A test that a parameter's value must pass for its route to be a candidate.
///
/// A value that fails makes the route no candidate and matching goes on, so a constrained route and a
/// looser one can share a path. Constraints do not change which route is more specific.
///
/// ```swift
/// try router.add("/item/:id", constraints: ["id": .digits])
/// try router.add("/item/:slug")
/// try router.add("/tab/:tab", constraints: ["tab": .oneOf("home", "travel", "food")])
/// ```
public struct ParameterConstraint: Sendable, CustomStringConvertible {
    /// What the constraint asks for, in a few words (`digits`, `one of home, travel, food`).
    public let description: String
    private let test: @Sendable (String) -> Bool

    /// Creates a constraint from a predicate on the decoded value.
    public init(_ description: String, where test: @escaping @Sendable (String) -> Bool) {
        self.description = description
        self.test = test
    }

    /// Returns whether `value` passes.
    public func accepts(_ value: String) -> Bool { test(value) }

    /// One or more ASCII digits.
    public static let digits = ParameterConstraint("digits") { value in
        !value.isEmpty && value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Exactly one of `values`.
    public static func oneOf(_ values: Set<String>) -> ParameterConstraint {
        let exact = Set(values.map(ExactText.init))
        return ParameterConstraint("one of \(values.sorted().joined(separator: ", "))") {
            exact.contains(ExactText($0))
        }
    }

    /// Exactly one of `values`.
    public static func oneOf(_ values: String...) -> ParameterConstraint { oneOf(Set(values)) }
}
