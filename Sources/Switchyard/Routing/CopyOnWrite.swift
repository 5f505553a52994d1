/// A value behind one reference, copied only when it is changed while shared: copying a `CopyOnWrite` costs
/// one retain however many references the value holds.
///
/// A lookup reads the route tables out of the router's state with one retain instead of a copy of their fields.
///
/// Why `@unchecked Sendable` is sound: the buffer is written only through ``value``'s `_modify`, after
/// `isKnownUniquelyReferenced` proved that no other `CopyOnWrite` (and so no other thread) holds it; every other
/// access reads it. `Value` is itself `Sendable`.
struct CopyOnWrite<Value: Sendable>: @unchecked Sendable {
    /// The value is the buffer's header; the buffer has no elements.
    private var buffer: ManagedBuffer<Value, Void>

    init(_ value: Value) {
        buffer = ManagedBuffer.create(minimumCapacity: 0) { _ in value }
    }

    var value: Value {
        _read { yield buffer.header }
        _modify {
            if !isKnownUniquelyReferenced(&buffer) {
                let copy = buffer.header
                buffer = ManagedBuffer.create(minimumCapacity: 0) { _ in copy }
            }
            yield &buffer.header
        }
    }
}
