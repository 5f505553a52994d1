#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A declarative route file (JSON): tables, routes with destinations or redirects, host policies, allowed
/// hosts, fallback and options, shared by an app and the `switchyard` tool.
///
/// ```json
/// {
///   "routes": [
///     { "pattern": "/product/:id", "name": "product", "destination": "ProductScreen",
///       "constraints": { "id": "digits" } },
///     { "pattern": "/p/:id", "redirect": "/product/:id" }
///   ],
///   "schemes": { "myapp": { "fallsBackToGlobal": true, "routes": [] } },
///   "default": "NotFound",
///   "options": { "decodePlusInPath": false }
/// }
/// ```
///
/// ```swift
/// let file = try RouteFile(contentsOf: "routes.json")
/// let router = try file.makeRouter(handlers: ["ProductScreen": { request in … }, "NotFound": { _ in … }])
/// ```
public struct RouteFile: Sendable {
    /// One route as the file declares it.
    public struct RouteDeclaration: Sendable, Hashable {
        /// The pattern as written.
        public internal(set) var pattern: String
        /// The route's name.
        public var name: String?
        /// The route's priority.
        public var priority: Int
        /// What the route leads to: a handler's name in the app.
        public var destination: String?
        /// A pattern whose parameters are filled from the match: the route redirects there.
        public internal(set) var redirect: String?
        /// The tests its parameters' values must pass, by parameter name.
        public var constraints: [String: Constraint] = [:]
        /// Where a browser that opens the route's universal link without the app goes: a URL template whose
        /// `{name}` parts are filled with the match's parameters.
        public var web: String?
        /// Whether the route's links open the app from the web: `false` keeps them out of the association files.
        public var isUniversalLink = true
        /// Where the route's screen goes (`tab`, `presentation`, `parents`, `warm`); `nil` when the file places it
        /// nowhere (pushed in the selected tab).
        public var placement: Placement?
        /// Who may open the route (`origins`) and whether its action waits for confirmation (`confirm`); `nil`
        /// when the file says neither (every origin, at once).
        public var access: RouteAccess?
        /// The table the route is in.
        public var table: RouteTable
        /// Where it is in the file: `routes[0]`, `schemes.myapp.routes[2]`.
        public var location: String
        /// ``pattern``, parsed once when the file was read: what `check`, the redirect filter, navigation and the
        /// explorer read. Both are set together, and neither changes after.
        package let parsedPattern: RoutePattern
        /// ``redirect``, parsed once when the file was read.
        package let parsedRedirect: RoutePattern?
    }

    /// The file's path, as given.
    public let path: String
    /// Router-wide options.
    public var options = RouterOptions()
    /// Each table's settings; the global table's come from the top level.
    public var settings: [RouteTable: TableSettings] = [.global: TableSettings()]
    /// Every route, table by table (global first), in file order.
    public var routes: [RouteDeclaration] = []
    /// The default route's destination.
    public var defaultDestination: String?
    /// The apps that the association files name, for universal links and App Links.
    public var apps = AppAssociations()
    /// The app's tabs, in order, each with its root route (`"tabs": [{"name": "home", "root": "home"}]`).
    public var tabs: [Navigation.Tab] = []
    /// What a link does to an app that is already open, for routes that do not say (`"warm"`).
    public var warm = WarmPolicy.push
    /// Where the app's short links live (`"shortLinks": {"host": "go.example.com", "prefix": "/s"}`): what a
    /// ``ShortLinkResolver`` reads, and what `check` keeps clear of the file's routes.
    public var shortLinks: ShortLinkSite?

    /// Reads and loads a route file.
    /// - Throws: ``RouteFileError`` for the first problem: unreadable, not JSON, an unknown key, a bad value
    ///   or an invalid pattern.
    public init(contentsOf path: String) throws(RouteFileError) {
        try self.init(reading: URL(fileURLWithPath: path), named: path)
    }

    /// Reads and loads a route file from a file URL; its path names it in errors.
    ///
    /// ```swift
    /// let file = try RouteFile(contentsOf: URL(fileURLWithPath: "Config/routes.json"))
    /// ```
    ///
    /// - Throws: ``RouteFileError`` for the first problem, `unreadable` when the URL cannot be read.
    public init(contentsOf url: URL) throws(RouteFileError) {
        try self.init(reading: url, named: url.isFileURL ? url.path : url.absoluteString)
    }

    /// The most bytes read of a route file: a file of thousands of routes is a few hundred kilobytes, and a larger
    /// one is refused as `unreadable` without being read to its end.
    public static let maxFileBytes = 8 << 20

    /// Reads and loads the file at `url`; `name` names it in errors.
    private init(reading url: URL, named name: String) throws(RouteFileError) {
        guard url.isFileURL else {
            throw RouteFileError(
                .unreadable, file: name, at: "", "not a file URL: load its bytes with init(data:path:)")
        }
        try self.init(data: Data(try Self.bytes(at: url.path, named: name)), path: name)
    }

    /// The bytes of the route file at `path`, at most ``maxFileBytes``; `name` names it in errors.
    /// - Throws: ``RouteFileError`` with `unreadable` and the system's reason, or that the file is too large.
    package static func bytes(at path: String, named name: String) throws(RouteFileError) -> [UInt8] {
        do {
            return try FileContents.bytes(at: path, atMost: maxFileBytes)
        } catch {
            let reason =
                error.kind == .tooLarge
                ? "the file \(error.reason), more than any route file" : "the file \(error.reason)"
            throw RouteFileError(.unreadable, file: name, at: "", reason)
        }
    }

    /// Loads a route file from its bytes; `path` names it in errors.
    /// - Throws: ``RouteFileError`` for the first problem.
    public init(data: Data, path: String) throws(RouteFileError) {
        let (file, problems) = Self.load(data: data, path: path)
        if let first = problems.first { throw first }
        self = file
    }

    init(path: String) { self.path = path }

    /// Loads what can be loaded and lists every problem, for `switchyard check`.
    package static func load(data: Data, path: String) -> (RouteFile, [RouteFileError]) {
        var reader = RouteFileReader(path: path)
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            return (RouteFile(path: path), [RouteFileError(.invalidJSON, file: path, at: "", Self.describe(error))])
        }
        if let (location, key) = JSONDuplicateKeys.first(in: Array(data)) {
            let problem = "the key '\(key)' is given twice; a JSON reader would keep one of its values, silently"
            return (RouteFile(path: path), [RouteFileError(.duplicateKey, file: path, at: location, problem)])
        }
        let file = reader.read(root)
        return (file, reader.problems)
    }

    private static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return "the file is not valid JSON: \(context.debugDescription)\(underlying)"
        }
        return "the file is not valid JSON"
    }
}
