#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes a typed route from route parameters and query items: a struct of fields, each a scalar, an optional
/// or an array (repeated query items).
enum RouteValueDecoder {
    static func decode<Value: Decodable>(
        _ type: Value.Type, parameters: RouteParameters, query: QueryItems
    ) throws(RouteDecodingError) -> Value {
        do {
            return try Value(from: FieldsDecoder(parameters: parameters, query: query))
        } catch let error as RouteDecodingError {
            throw error
        } catch let DecodingError.keyNotFound(key, context) {
            throw RouteDecodingError(.missingValue, field: path(context.codingPath + [key]), "missing")
        } catch let DecodingError.valueNotFound(_, context) {
            throw RouteDecodingError(.missingValue, field: path(context.codingPath), "missing")
        } catch let DecodingError.typeMismatch(type, context) {
            throw RouteDecodingError(.typeMismatch, field: path(context.codingPath), "expected \(type)")
        } catch let DecodingError.dataCorrupted(context) {
            throw RouteDecodingError(.invalidValue, field: path(context.codingPath), context.debugDescription)
        } catch {
            throw RouteDecodingError(.invalidValue, field: "", "\(error)")
        }
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// Parses one value as a scalar type, or fails naming the field.
    static func scalar<T>(_ type: T.Type, _ value: String?, at codingPath: [any CodingKey]) throws -> T {
        let parsed: Any?
        switch type {
        case is String.Type: parsed = value ?? ""
        case is Bool.Type: parsed = bool(value)
        // A link's number is finite: `nan`, `inf` and what overflows (`1e309`) are no value an app means.
        case is Double.Type: parsed = value.flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil }
        case is Float.Type: parsed = value.flatMap(Float.init).flatMap { $0.isFinite ? $0 : nil }
        case is Int.Type: parsed = value.flatMap { Int($0) }
        case is Int8.Type: parsed = value.flatMap { Int8($0) }
        case is Int16.Type: parsed = value.flatMap { Int16($0) }
        case is Int32.Type: parsed = value.flatMap { Int32($0) }
        case is Int64.Type: parsed = value.flatMap { Int64($0) }
        case is UInt.Type: parsed = value.flatMap { UInt($0) }
        case is UInt8.Type: parsed = value.flatMap { UInt8($0) }
        case is UInt16.Type: parsed = value.flatMap { UInt16($0) }
        case is UInt32.Type: parsed = value.flatMap { UInt32($0) }
        case is UInt64.Type: parsed = value.flatMap { UInt64($0) }
        default: parsed = nil
        }
        guard let result = parsed as? T else {
            let found = value.map { "\"\($0)\"" } ?? "an item without a value"
            throw RouteDecodingError(
                .typeMismatch, field: path(codingPath), "expected \(description(of: type)), found \(found)")
        }
        return result
    }

    private static func bool(_ value: String?) -> Bool? {
        switch value {
        case nil, "true", "1", "yes": true
        case "false", "0", "no": false
        default: nil
        }
    }

    private static func description<T>(of type: T.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is Double.Type, is Float.Type: "a number"
        default: type is any FixedWidthInteger.Type ? "a whole number" : "\(type)"
        }
    }

    static func nestedError(_ codingPath: [any CodingKey]) -> RouteDecodingError {
        RouteDecodingError(
            .unsupportedType, field: path(codingPath),
            "nested types are not supported in a typed route; use scalar fields")
    }
}

/// The decoder for the route as a whole: a keyed container over parameters and query items.
private struct FieldsDecoder: Decoder {
    let parameters: RouteParameters
    let query: QueryItems
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func values(for key: String) -> [String?] {
        if let parameter = parameters[key] { return [parameter] }
        return query.filter { $0.name.isExactly(key) }.map(\.value)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Fields<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RouteDecodingError(.unsupportedType, field: "", "a typed route must be a struct of named fields")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw RouteDecodingError(.unsupportedType, field: "", "a typed route must be a struct of named fields")
    }

    struct Fields<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: FieldsDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] {
            (decoder.parameters.names + decoder.query.map(\.name)).compactMap { Key(stringValue: $0) }
        }

        func contains(_ key: Key) -> Bool { !decoder.values(for: key.stringValue).isEmpty }
        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

        private func value<T>(_ type: T.Type, _ key: Key) throws -> T {
            let values = decoder.values(for: key.stringValue)
            guard let first = values.first else {
                throw RouteDecodingError(.missingValue, field: key.stringValue, "missing")
            }
            return try RouteValueDecoder.scalar(type, first, at: [key])
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let values = decoder.values(for: key.stringValue)
            return try T(from: ValueDecoder(values: values, codingPath: [key]))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw RouteValueDecoder.nestedError([key])
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            ValueDecoder.Values(values: decoder.values(for: key.stringValue), codingPath: [key])
        }

        func superDecoder() throws -> any Decoder { throw RouteValueDecoder.nestedError([]) }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw RouteValueDecoder.nestedError([key]) }
    }
}

/// The decoder for one field: its values (one for a scalar, several for an array of repeated query items).
private struct ValueDecoder: Decoder {
    let values: [String?]
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw RouteValueDecoder.nestedError(codingPath)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Values(values: values, codingPath: codingPath) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(value: values.first, isPresent: !values.isEmpty, codingPath: codingPath)
    }

    struct Single: SingleValueDecodingContainer {
        let value: String??
        let isPresent: Bool
        let codingPath: [any CodingKey]

        init(value: String??, isPresent: Bool, codingPath: [any CodingKey]) {
            self.value = value
            self.isPresent = isPresent
            self.codingPath = codingPath
        }

        func decodeNil() -> Bool { !isPresent }

        private func scalar<T>(_ type: T.Type) throws -> T {
            guard isPresent, let value else {
                throw RouteDecodingError(.missingValue, field: RouteValueDecoder.path(codingPath), "missing")
            }
            return try RouteValueDecoder.scalar(type, value, at: codingPath)
        }

        func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
        func decode(_ type: String.Type) throws -> String { try scalar(type) }
        func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
        func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
        func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try T(from: ValueDecoder(values: isPresent ? [value ?? nil] : [], codingPath: codingPath))
        }
    }

    struct Values: UnkeyedDecodingContainer {
        let values: [String?]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(values: [String?], codingPath: [any CodingKey]) {
            self.values = values
            self.codingPath = codingPath
        }

        var count: Int? { values.count }
        var isAtEnd: Bool { currentIndex >= values.count }

        private struct Index: CodingKey {
            var intValue: Int?
            var stringValue: String { "\(intValue ?? 0)" }
            init(_ index: Int) { intValue = index }
            init?(stringValue: String) { nil }
            init?(intValue: Int) { self.intValue = intValue }
        }

        private mutating func next() throws -> Single {
            guard !isAtEnd else {
                throw RouteDecodingError(.missingValue, field: RouteValueDecoder.path(codingPath), "too few values")
            }
            defer { currentIndex += 1 }
            return Single(value: values[currentIndex], isPresent: true, codingPath: codingPath + [Index(currentIndex)])
        }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
        mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw RouteValueDecoder.nestedError(codingPath)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw RouteValueDecoder.nestedError(codingPath)
        }

        mutating func superDecoder() throws -> any Decoder { throw RouteValueDecoder.nestedError(codingPath) }
    }
}
