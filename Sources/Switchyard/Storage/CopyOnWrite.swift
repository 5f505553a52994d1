/// A value behind one reference, copied only when it is changed while shared: copying a `CopyOnWrite` costs one
/// retain however many references the value holds.
///
/// The box keeps the value as a `let`, so that a read borrows it where it is and copies none of its parts (a value
/// kept in a `var` of a class is copied, part by part, to be read). A change takes the value out of the box, changes
/// it, and puts it back in a new box: when no other copy shared the box, the value's parts are then referenced only
/// once and change in place.
///
/// A lookup takes the router's tables, and each table, with one retain apiece.
struct CopyOnWrite<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    init(_ value: Value) {
        box = Box(value)
    }

    /// The value, borrowed where the box keeps it.
    var value: Value { box.value }

    /// Changes the value: in place when no other copy shares it, else in a copy of it.
    mutating func update<Result>(_ body: (inout Value) -> Result) -> Result {
        // Taken out of the box; with the box gone, a value no other copy shared holds the only reference to each of
        // its parts.
        let taken = consume self
        var value = taken.box.value
        _ = consume taken
        defer { self = CopyOnWrite(value) }
        return body(&value)
    }
}
