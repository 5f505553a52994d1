/// The route parameters a match captured, by name, read in place: the names from the route's pattern, the values
/// from the match, with no dictionary made.
///
/// ```swift
/// try router.add("/user/:name/orders/:order")
/// let parameters = try router.match("myapp://user/joel/orders/7")?.parameters
/// parameters?["order"]      // "7"
/// parameters?.map(\.name)   // ["name", "order"]: pattern order
/// parameters == ["order": "7", "name": "joel"]  // true: equality ignores order
/// ```
///
/// Two values are equal when they hold the same names with the same values, in any order.
public struct RouteParameters: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// Where the names come from.
    private enum Names: Sendable {
        /// The parameter segments of a route's expansion, in pattern order.
        case route(RouteRecord)
        /// Given one by one.
        case list([String])
    }

    private let source: Names
    private let values: [String]

    /// The parameters of `route`, whose values in pattern order are `values`.
    init(route: Route, values: [String]) {
        source = .route(route.record)
        self.values = values
    }

    /// Parameters with these names and values, in this order; a name given twice reads as its first value.
    public init(dictionaryLiteral elements: (String, String)...) {
        source = .list(elements.map(\.0))
        values = elements.map(\.1)
    }

    /// The parameters of a dictionary, ordered by name.
    public init(_ dictionary: [String: String]) {
        let sorted = dictionary.sorted { $0.key < $1.key }
        source = .list(sorted.map(\.key))
        values = sorted.map(\.value)
    }

    /// How many parameters there are.
    public var count: Int { values.count }

    /// Whether there are none.
    public var isEmpty: Bool { values.isEmpty }

    /// Returns the value of the parameter named `name`, or `nil` when there is none.
    ///
    /// - Complexity: O(*n*) in the length of the route's pattern: a scan of a few names, no hashing.
    public subscript(name: String) -> String? {
        let index: Int?
        switch source {
        case .route(let record): index = record.parameterIndex(named: name)
        case .list(let list): index = list.firstIndex(of: name)
        }
        return index.flatMap { $0 < values.count ? values[$0] : nil }
    }

    /// The names, in pattern order.
    public var names: [String] {
        switch source {
        case .route(let record): record.parameterNames
        case .list(let list): list
        }
    }

    /// The parameters as a dictionary, for code that wants one.
    public var dictionary: [String: String] {
        Dictionary(zip(names, values).map { ($0, $1) }) { first, _ in first }
    }

    /// Returns an iterator over the name and value of each parameter, in pattern order.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        zip(names, values).lazy.map { (name: $0, value: $1) }.makeIterator()
    }

    /// Whether both hold the same names with the same values, in any order.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // The same expansion of the same pattern names its parameters alike, in the same order: the values decide.
        if case .route(let left) = lhs.source, case .route(let right) = rhs.source,
            left.hasSameExpansion(as: right)
        {
            return lhs.values == rhs.values
        }
        return lhs.allSatisfy { rhs[$0.name] == $0.value }
    }

    /// Hashes the name and value pairs without regard to their order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var combined = 0
        for (name, value) in self {
            var pair = Hasher()
            pair.combine(name)
            pair.combine(value)
            combined ^= pair.finalize()
        }
        hasher.combine(combined)
    }

    /// The pairs, as a dictionary literal in pattern order: `["name": "joel", "order": "7"]`.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        return "[" + map { "\(String(reflecting: $0.name)): \(String(reflecting: $0.value))" }.joined(separator: ", ")
            + "]"
    }
}
