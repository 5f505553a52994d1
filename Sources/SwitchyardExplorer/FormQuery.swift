#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The query of a request from one of the explorer's forms, `application/x-www-form-urlencoded`: `+` is a space
/// and every other byte may be percent-encoded.
struct FormQuery: Sendable {
    /// Why a query cannot be read.
    enum Problem: Error, Equatable {
        /// A bad escape, or bytes that are not UTF-8 once decoded.
        case undecodable(name: String)
    }

    private(set) var items: [(name: String, value: String)] = []

    /// Reads `query` (the part after `?`, without it).
    /// - Throws: ``Problem`` for an escape that does not decode to UTF-8 text.
    init(_ query: Substring) throws(Problem) {
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            let rawName = pair[..<(equals ?? pair.endIndex)]
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? ""
            guard let name = Self.decode(rawName) else { throw .undecodable(name: String(rawName.prefix(40))) }
            guard let value = Self.decode(rawValue) else { throw .undecodable(name: name) }
            items.append((name, value))
        }
    }

    /// The first value named `name`.
    subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
