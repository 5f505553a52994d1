/// A value behind one reference, copied only when it is changed while shared: copying a `CopyOnWrite` costs
/// one retain however many references the value holds.
///
/// A lookup reads a route table out of the router's state with one retain instead of a copy of its fields.
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

    /// Calls `body` with the value in place, for reading only: `body` must not change it, since other copies
    /// may share it.
    ///
    /// The value is `inout` because the compiler then borrows the fields that `body` reads, where a value read
    /// through a pointer or an accessor is copied first (a retain and a release for each of a route table's
    /// references: about 570 of a GitHub lookup's 7,230 instructions).
    func withValueInPlace<Result>(_ body: (inout Value) -> Result) -> Result {
        buffer.withUnsafeMutablePointerToHeader { body(&$0.pointee) }
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
