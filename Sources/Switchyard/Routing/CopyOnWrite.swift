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

    /// Calls `body` with the value's address, for reading the fields it needs in place: read through the pointer,
    /// a field is loaded alone, where the value read through an accessor, or passed `borrowing`, is copied first
    /// (a retain and a release for each of a route table's references). `body` must not write through it: other
    /// copies, on other threads, may share the value.
    func withPointer<Result, Failure>(
        _ body: (UnsafePointer<Value>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try buffer.withUnsafeMutablePointerToHeader { header throws(Failure) in try body(UnsafePointer(header)) }
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

extension UnsafePointer {
    /// Calls `body` with the address of the stored property at `member` of the value at this address, for reading
    /// its fields in place as ``CopyOnWrite/withPointer(_:)`` allows (a property read and then passed on would be
    /// copied first).
    ///
    /// A key path that names a stored property has an address there; for any other the property is read into a
    /// copy, whose address `body` gets.
    @inline(__always)
    func withMember<Member, Result, Failure>(
        _ member: KeyPath<Pointee, Member>, _ body: (UnsafePointer<Member>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let address = pointer(to: member) else {
            return try withUnsafePointer(to: pointee[keyPath: member]) { copy throws(Failure) in try body(copy) }
        }
        return try body(address)
    }
}
