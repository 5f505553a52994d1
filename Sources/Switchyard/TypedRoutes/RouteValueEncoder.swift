/// Encodes a typed route into named fields, in declaration order: one value for a scalar, several for an array,
/// none for `nil`.
enum RouteValueEncoder {
    static func encode(_ value: some Encodable) throws -> [(name: String, values: [String])] {
        let storage = Storage()
        try value.encode(to: FieldsEncoder(storage: storage))
        return storage.fields
    }

    static func nestedError(_ codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            codingPath.map(\.stringValue).joined(separator: "."),
            EncodingError.Context(
                codingPath: codingPath, debugDescription: "nested types are not supported in a typed route"))
    }

    /// The fields written so far; a class so that every container of one encoding writes to the same list.
    final class Storage {
        var fields: [(name: String, values: [String])] = []
    }

    static func text(_ value: Bool) -> String { value ? "true" : "false" }

    /// What an encoding error says, in a sentence: the field and why (`inner: nested types are not supported …`).
    static func reason(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(_, let context) = error else { return "\(error)" }
        let field = context.codingPath.map(\.stringValue).joined(separator: ".")
        return field.isEmpty ? context.debugDescription : "\(field): \(context.debugDescription)"
    }

    /// A number as a link writes it; a value that is not finite is refused, as decoding refuses it, so that every
    /// link written decodes.
    static func text<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, at codingPath: [any CodingKey]
    ) throws -> String {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "\(value) is not a finite number, which no link carries"))
        }
        return value.description
    }
}

private struct FieldsEncoder: Encoder {
    let storage: RouteValueEncoder.Storage
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Fields<Key>(storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ValueEncoder.Values(sink: ValueEncoder.Sink(), codingPath: [])
    }
    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueEncoder.Single(sink: ValueEncoder.Sink(), codingPath: [])
    }

    struct Fields<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let storage: RouteValueEncoder.Storage
        var codingPath: [any CodingKey] { [] }

        private func add(_ key: Key, _ text: String) { storage.fields.append((key.stringValue, [text])) }

        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, RouteValueEncoder.text(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { add(key, value) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            add(key, try RouteValueEncoder.text(value, at: [key]))
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            add(key, try RouteValueEncoder.text(value, at: [key]))
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, "\(value)") }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, "\(value)") }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            let sink = ValueEncoder.Sink()
            try value.encode(to: ValueEncoder(sink: sink, codingPath: [key]))
            storage.fields.append((key.stringValue, sink.values))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(ValueEncoder.Refusing<NestedKey>(codingPath: [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let sink = ValueEncoder.Sink()
            storage.fields.append((key.stringValue, []))
            let index = storage.fields.count - 1
            sink.onChange = { [storage] values in storage.fields[index].values = values }
            return ValueEncoder.Values(sink: sink, codingPath: [key])
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(sink: ValueEncoder.Sink(), codingPath: []) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            ValueEncoder(sink: ValueEncoder.Sink(), codingPath: [key])
        }
    }
}

/// The encoder for one field: it collects the field's values.
private struct ValueEncoder: Encoder {
    final class Sink {
        var values: [String] = [] {
            didSet { onChange?(values) }
        }
        var onChange: (([String]) -> Void)?
    }

    let sink: Sink
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Refusing<Key>(codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Values(sink: sink, codingPath: codingPath) }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink, codingPath: codingPath) }

    struct Single: SingleValueEncodingContainer {
        let sink: Sink
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws {}
        mutating func encode(_ value: Bool) throws { sink.values.append(RouteValueEncoder.text(value)) }
        mutating func encode(_ value: String) throws { sink.values.append(value) }
        mutating func encode(_ value: Double) throws {
            sink.values.append(try RouteValueEncoder.text(value, at: codingPath))
        }
        mutating func encode(_ value: Float) throws {
            sink.values.append(try RouteValueEncoder.text(value, at: codingPath))
        }
        mutating func encode(_ value: Int) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: Int8) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: Int16) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: Int32) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: Int64) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: UInt) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: UInt8) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: UInt16) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: UInt32) throws { sink.values.append("\(value)") }
        mutating func encode(_ value: UInt64) throws { sink.values.append("\(value)") }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: ValueEncoder(sink: sink, codingPath: codingPath))
        }
    }

    struct Values: UnkeyedEncodingContainer {
        let sink: Sink
        let codingPath: [any CodingKey]
        var count: Int { sink.values.count }

        private var single: Single { Single(sink: sink, codingPath: codingPath) }

        mutating func encodeNil() throws {}
        mutating func encode(_ value: Bool) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: String) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: Double) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: Float) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: Int) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: Int8) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: Int16) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: Int32) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: Int64) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: UInt) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: UInt8) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: UInt16) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: UInt32) throws { var single = single; try single.encode(value) }
        mutating func encode(_ value: UInt64) throws { var single = single; try single.encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { var single = single; try single.encode(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(Refusing<NestedKey>(codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Values(sink: Sink(), codingPath: codingPath)
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(sink: sink, codingPath: codingPath) }
    }

    /// A keyed container for a nested type: every write fails, naming the field.
    struct Refusing<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let codingPath: [any CodingKey]

        private func refuse() throws -> Never { throw RouteValueEncoder.nestedError(codingPath) }

        mutating func encodeNil(forKey key: Key) throws { try refuse() }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: String, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: Double, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: Float, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: Int, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try refuse() }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try refuse() }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(Refusing<NestedKey>(codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Values(sink: Sink(), codingPath: codingPath)
        }

        mutating func superEncoder() -> any Encoder { ValueEncoder(sink: Sink(), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            ValueEncoder(sink: Sink(), codingPath: codingPath)
        }
    }
}
