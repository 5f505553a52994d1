/// One item of a query: a name and, unless the item was written without `=`, a value.
///
/// `?flag&empty=` gives `QueryItem(name: "flag", value: nil)` and `QueryItem(name: "empty", value: "")`.
public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The decoded name; never empty.
    public var name: String
    /// The decoded value, or `nil` for an item written without `=` (`?debug`).
    public var value: String?

    /// Creates an item.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// `name=value`, or `name` alone for an item without a value.
    public var description: String { value.map { "\(name)=\($0)" } ?? name }
}

/// The query items of a link, in the order they were written, repeated names included.
///
/// Names are compared byte for byte, as everything a link carries is: `caf%C3%A9` and `cafe%CC%81` are
/// different names.
///
/// ```swift
/// let query = try router.match("myapp://search?tag=a&tag=b&debug")?.link.query
/// query?.first("tag")      // "a"
/// query?.all("tag")        // ["a", "b"]
/// query?.contains("debug") // true
/// ```
public struct QueryItems: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
    private var items: [QueryItem]

    /// Creates a query from items, kept in the order given.
    public init(_ items: [QueryItem]) { self.items = items }

    /// Creates a query from an array literal of items.
    public init(arrayLiteral items: QueryItem...) { self.items = items }

    /// The position of the first item.
    public var startIndex: Int { items.startIndex }
    /// The position one past the last item.
    public var endIndex: Int { items.endIndex }
    /// The item at `position`.
    public subscript(position: Int) -> QueryItem { items[position] }

    /// Returns the first value for `name`: `""` for an item without a value, `nil` when no item has that name.
    ///
    /// - Complexity: O(*n*) in the number of items.
    public func first(_ name: String) -> String? {
        items.first { $0.name.isExactly(name) }.map { $0.value ?? "" }
    }

    /// Returns every value for `name`, in order; an item without a value gives `""`.
    ///
    /// - Complexity: O(*n*) in the number of items.
    public func all(_ name: String) -> [String] {
        items.compactMap { $0.name.isExactly(name) ? ($0.value ?? "") : nil }
    }

    /// Returns whether an item has the name `name`, with or without a value.
    ///
    /// - Complexity: O(*n*) in the number of items.
    public func contains(_ name: String) -> Bool {
        items.contains { $0.name.isExactly(name) }
    }

    /// Adds an item after the others.
    public mutating func append(_ item: QueryItem) { items.append(item) }

    /// Removes every item named `name`.
    public mutating func removeAll(named name: String) { items.removeAll { $0.name.isExactly(name) } }
}
