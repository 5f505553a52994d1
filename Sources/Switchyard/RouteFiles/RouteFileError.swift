/// The error that says why a route file could not be loaded, and where.
///
/// ```
/// Examples/shop.json: routes[2].pattern: invalidPattern: wildcardNotLast at byte 3: '*' must be the last segment
///   /a/*/b
///      ^
/// ```
public struct RouteFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of problem; new ones may be added.
    public typealias Code = StableCode<RouteFileError>

    /// What went wrong.
    public let code: Code
    /// The file's path, as given.
    public let file: String
    /// Where in the file: a JSON path such as `schemes.myapp.routes[2].pattern`; empty for the whole file.
    public let location: String
    /// A sentence that says what is wrong.
    public let message: String
    /// The error this one wraps: for `Code.invalidPattern`, the pattern's own error with its position.
    public let underlying: PatternError?

    package init(_ code: Code, file: String, at location: String, _ message: String, underlying: PatternError? = nil) {
        self.code = code
        self.file = file
        self.location = location
        self.message = message
        self.underlying = underlying
    }

    /// `file: location: code: message`, with the pattern and a caret under the problem for a bad pattern.
    public var description: String {
        let place = location.isEmpty ? file : "\(file): \(location)"
        return "\(place): \(code): \(underlying.map(String.init(describing:)) ?? message)"
    }
}

extension StableCode where Domain == RouteFileError {
    /// The file could not be read.
    public static var unreadable: Self { Self("unreadable") }
    /// The file is not JSON.
    public static var invalidJSON: Self { Self("invalidJSON") }
    /// A key the format does not have (a typo must not silently drop a route).
    public static var unknownKey: Self { Self("unknownKey") }
    /// A required key is missing.
    public static var missingKey: Self { Self("missingKey") }
    /// A value of the wrong type or out of range.
    public static var invalidValue: Self { Self("invalidValue") }
    /// A route's `origins` names an origin that is not one of ``LinkOrigin``'s built-in origins (a typo would
    /// otherwise refuse every link from the origin meant). An origin the app names itself is declared in code.
    public static var unknownOrigin: Self { Self("unknownOrigin") }
    /// A pattern that does not parse (``RouteFileError/underlying`` says where in it).
    public static var invalidPattern: Self { Self("invalidPattern") }
    /// Two scheme keys that differ only in case.
    public static var duplicateScheme: Self { Self("duplicateScheme") }
    /// A key given twice in one object: a JSON reader keeps one of its values and drops the other silently (a merge
    /// that left `"routes"` twice would lose half the routes).
    public static var duplicateKey: Self { Self("duplicateKey") }
    /// A destination that the app gave no handler for.
    public static var unboundDestination: Self { Self("unboundDestination") }
}
