/// The error that says why a route file could not be loaded, and where.
///
/// ```
/// Examples/shop.json: routes[2].pattern: invalidPattern: wildcardNotLast at byte 3: '*' must be the last segment
///   /a/*/b
///      ^
/// ```
public struct RouteFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of problem; new ones may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public let name: String

        init(_ name: String) { self.name = name }

        /// The file could not be read.
        public static let unreadable = Code("unreadable")
        /// The file is not JSON.
        public static let invalidJSON = Code("invalidJSON")
        /// A key the format does not have (a typo must not silently drop a route).
        public static let unknownKey = Code("unknownKey")
        /// A required key is missing.
        public static let missingKey = Code("missingKey")
        /// A value of the wrong type or out of range.
        public static let invalidValue = Code("invalidValue")
        /// A pattern that does not parse (``RouteFileError/patternError`` says where in it).
        public static let invalidPattern = Code("invalidPattern")
        /// Two scheme keys that differ only in case.
        public static let duplicateScheme = Code("duplicateScheme")
        /// A destination that the app gave no handler for.
        public static let unboundDestination = Code("unboundDestination")

        /// The code's stable name.
        public var description: String { name }
    }

    /// What went wrong.
    public let code: Code
    /// The file's path, as given.
    public let file: String
    /// Where in the file: a JSON path such as `schemes.myapp.routes[2].pattern`; empty for the whole file.
    public let location: String
    /// A sentence that says what is wrong.
    public let message: String
    /// For ``Code/invalidPattern``, the pattern's own error with its position.
    public let patternError: PatternError?

    init(_ code: Code, file: String, at location: String, _ message: String, patternError: PatternError? = nil) {
        self.code = code
        self.file = file
        self.location = location
        self.message = message
        self.patternError = patternError
    }

    /// `file: location: code: message`, with the pattern and a caret under the problem for a bad pattern.
    public var description: String {
        let place = location.isEmpty ? file : "\(file): \(location)"
        return "\(place): \(code): \(patternError.map(String.init(describing:)) ?? message)"
    }
}
