import Switchyard
import Testing

/// Everything a match says, as one value to compare whole: the written pattern, the table, the parameters,
/// the query items and the wildcard components.
struct Hit: Hashable, Sendable, CustomTestStringConvertible {
    var pattern: String
    var table: RouteTable = .global
    var parameters: [String: String] = [:]
    var query: [QueryItem] = []
    var wildcard: [String]?

    init(
        _ pattern: String, table: RouteTable = .global, _ parameters: [String: String] = [:],
        query: [QueryItem] = [], wildcard: [String]? = nil
    ) {
        self.pattern = pattern
        self.table = table
        self.parameters = parameters
        self.query = query
        self.wildcard = wildcard
    }

    init(_ match: RouteMatch) {
        self.init(
            match.route.pattern.written, table: match.table, match.parameters.dictionary,
            query: Array(match.link.query),
            wildcard: match.wildcardComponents)
    }

    var testDescription: String {
        var text = "→ \(pattern)"
        if table != .global { text += " T:\(table)" }
        if !parameters.isEmpty { text += " P\(parameters.sorted { $0.key < $1.key })" }
        if !query.isEmpty { text += " Q\(query)" }
        if let wildcard { text += " W\(wildcard)" }
        return text
    }
}

/// A query item with a value.
func item(_ name: String, _ value: String) -> QueryItem { QueryItem(name: name, value: value) }
/// A query item without a value.
func flag(_ name: String) -> QueryItem { QueryItem(name: name, value: nil) }

/// What matching one input gave: a hit, no match, or a rejection.
enum Outcome: Hashable, Sendable, CustomTestStringConvertible {
    case hit(Hit)
    case noMatch
    case rejected(URLRejection.Code)

    var testDescription: String {
        switch self {
        case .hit(let hit): hit.testDescription
        case .noMatch: "no match"
        case .rejected(let code): "rejected(\(code))"
        }
    }
}

extension Router {
    /// The outcome of matching `input`, as one comparable value.
    func outcome(_ input: String) -> Outcome {
        do {
            return try match(input).map { .hit(Hit($0)) } ?? .noMatch
        } catch {
            return .rejected(error.code)
        }
    }

    /// Creates a router with these global routes, added in order.
    convenience init(_ patterns: [String], options: RouterOptions = RouterOptions()) throws {
        self.init(options: options)
        for pattern in patterns { try add(pattern) }
    }
}

/// The rejection `input` gets from `router`, or `nil` when it is accepted.
func rejection(_ input: String, _ router: Router = Router()) -> URLRejection? {
    do {
        _ = try router.match(input)
        return nil
    } catch {
        return error
    }
}

enum Fixture {
    /// A router of JLRoutes' test routes.
    static let gPatterns = [
        "/test", "/user/view/:userID", "/:object/:action/:primaryKey", "/", "/:any",
        "/interleaving/:param1/foo/:param2", "/xyz/wildcard/*", "/route/:param/*",
        "/required/:requiredParam(/optional/:optionalParam)(/moreOptional/:moreOptionalParam)",
    ]
    static let required = gPatterns[8]

    /// A router that routes fragments.
    static let fPatterns = [
        "/user/view/:userID", "/:object/:action/:primaryKey", "/interleaving/:param1/foo/:param2",
        "/xyz/wildcard/*", "/route/:param/*", required,
    ]

    static func g(_ options: RouterOptions = RouterOptions()) throws -> Router {
        try Router(gPatterns, options: options)
    }

    static func f() throws -> Router {
        try Router(fPatterns, options: RouterOptions(routesFragments: true))
    }
}
