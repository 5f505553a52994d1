/// A `Codable` type that stands for a route: its pattern is declared once, links decode into it, and a value
/// encodes back into its link, so a link can never be built with a missing or misspelled parameter.
///
/// Properties named like the pattern's parameters come from the path; the others come from query items
/// (an array from repeated items). `Int`, `Double`, `Bool`, `String`, `UUID`, enums with raw values, optionals
/// and arrays work; nested types are refused with a clear error.
///
/// ```swift
/// struct ProductLink: DeepLinkRoute {
///     static let pattern = "/product/:id"
///     var id: Int
///     var ref: String?
/// }
///
/// try router.map(ProductLink.self) { link, request in await shop.show(link.id, from: link.ref) }
/// try router.link(for: ProductLink(id: 7, ref: "mail"))  // "/product/7?ref=mail"
/// ```
public protocol DeepLinkRoute: Codable, Sendable {
    /// The route's pattern (see ``RoutePattern``).
    static var pattern: String { get }
    /// The route's name; by default the type's name.
    static var name: String { get }
    /// The route's priority; 0 by default.
    static var priority: Int { get }
    /// The table the route goes in; the global table by default.
    static var table: RouteTable { get }
    /// Who may open the route and whether it confirms (``RouteAccess``); `nil`, every origin and no
    /// confirmation, by default. A link set's members each keep their own.
    static var access: RouteAccess? { get }
}

extension DeepLinkRoute {
    /// The type's name.
    public static var name: String { String(describing: Self.self) }
    /// 0.
    public static var priority: Int { 0 }
    /// The global table.
    public static var table: RouteTable { .global }
    /// `nil`: every origin, no confirmation.
    public static var access: RouteAccess? { nil }
}

/// The error that says why a link did not decode into a typed route: which field, and why.
///
/// ```swift
/// do {
///     _ = try match.decode(ProductLink.self)  // matched "/product/abc"
/// } catch {
///     print(error)  // typeMismatch: id: expected a whole number, found "abc"
/// }
/// ```
public struct RouteDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable name for a kind of decoding problem; new ones may be added.
    public typealias Code = StableCode<RouteDecodingError>

    /// What kind of problem this is.
    public let code: Code
    /// The property that failed, as a dotted path; empty when the problem is not one property's.
    public let field: String
    /// What was wrong, in a few words.
    public let reason: String

    init(_ code: Code, field: String, _ reason: String) {
        self.code = code
        self.field = field
        self.reason = reason
    }

    /// `code: field: reason`.
    public var description: String { field.isEmpty ? "\(code): \(reason)" : "\(code): \(field): \(reason)" }
}

extension StableCode where Domain == RouteDecodingError {
    /// A property that is not optional has no parameter and no query item.
    public static var missingValue: Self { Self("missingValue") }
    /// A value that does not parse as the property's type (`abc` for an `Int`).
    public static var typeMismatch: Self { Self("typeMismatch") }
    /// A value the type's own decoding refused (an enum's raw value that no case has, a malformed UUID).
    public static var invalidValue: Self { Self("invalidValue") }
    /// A property of a type that a link cannot hold (a nested struct).
    public static var unsupportedType: Self { Self("unsupportedType") }
}

extension Router {
    /// Adds the route a typed route declares; its handler receives the decoded value.
    ///
    /// A link whose values do not decode (`product/abc` for an `Int` id) makes the route decline: the next
    /// candidate, the fallback or the default route runs, and if nothing handles the link the outcome is
    /// `RouteOutcome.Status.decodingFailed` with the ``RouteDecodingError``.
    ///
    /// - Parameters:
    ///   - type: the typed route.
    ///   - access: who may open the route (``RouteAccess``); by default the type's own ``DeepLinkRoute/access``.
    ///   - handler: what runs with the decoded value and the request.
    /// - Throws: ``PatternError`` when the type's pattern does not parse.
    public func map<Link: DeepLinkRoute>(
        _ type: Link.Type, access: RouteAccess? = Link.access,
        handler: @escaping @Sendable (Link, RouteRequest) async throws -> Void
    ) throws(PatternError) {
        let action = RouteAction(typed: type, handler)
        try register(
            Link.pattern, name: Link.name, priority: Link.priority, in: Link.table, constraints: [:], action: action,
            access: access)
    }

    /// Returns the link for a typed route's value: its parameters in the path, the other properties as query
    /// items in declaration order (an array as repeated items, `nil` left out).
    ///
    /// ```swift
    /// try router.link(for: ProductLink(id: 7, ref: "a b"))                 // "/product/7?ref=a%20b"
    /// try router.link(for: ProductLink(id: 7, ref: nil), scheme: "app")    // "app://product/7"
    /// ```
    ///
    /// - Throws: ``LinkError`` for a value that cannot be written (a nested type, an empty path value, a number
    ///   that is not finite).
    public func link<Link: DeepLinkRoute>(for value: Link, scheme: String? = nil, host: String? = nil)
        throws(LinkError) -> String
    {
        let pattern: RoutePattern
        do {
            pattern = try RoutePattern(Link.pattern)
        } catch {
            throw LinkError(
                .invalidPattern, "the pattern of \(Link.name) does not parse: \(error.message)", underlying: error)
        }
        let fields: [(name: String, values: [String])]
        do {
            fields = try RouteValueEncoder.encode(value)
        } catch {
            throw LinkError(
                .unrepresentableValue,
                "\(Link.name) cannot be written as a link: \(RouteValueEncoder.reason(error))")
        }
        let names = Set(pattern.parameterNames)
        var parameters: [String: String] = [:]
        var query: [QueryItem] = []
        for field in fields {
            if names.contains(field.name) {
                guard field.values.count == 1, let value = field.values.first else {
                    throw LinkError(.unrepresentableValue, "the path parameter '\(field.name)' needs exactly one value")
                }
                parameters[field.name] = value
            } else {
                query += field.values.map { QueryItem(name: field.name, value: $0) }
            }
        }
        let components = try pattern.components(parameters: parameters, wildcard: [], routeName: Link.name)
        return try checkedLink(
            components: components, query: query, scheme: scheme ?? Link.table.scheme, host: host,
            snapshot: state.snapshot)
    }
}

extension RouteRequest {
    /// Decodes the request's route parameters and query items into a typed route.
    /// - Throws: ``RouteDecodingError`` naming the field that failed.
    public func decode<Link: DeepLinkRoute>(_ type: Link.Type) throws(RouteDecodingError) -> Link {
        try RouteValueDecoder.decode(type, parameters: parameters, query: query)
    }
}

extension RouteMatch {
    /// Decodes the match's route parameters and query items into a typed route.
    /// - Throws: ``RouteDecodingError`` naming the field that failed.
    public func decode<Link: DeepLinkRoute>(_ type: Link.Type) throws(RouteDecodingError) -> Link {
        try RouteValueDecoder.decode(type, parameters: parameters, query: link.query)
    }
}

extension RouteAction {
    /// An action for a typed route: a value that does not decode makes the route decline, with the error.
    convenience init<Link: DeepLinkRoute>(
        typed: Link.Type, _ handler: @escaping @Sendable (Link, RouteRequest) async throws -> Void
    ) {
        self.init(anyContext: { request in
            let value: Link
            do {
                value = try request.decode(Link.self)
            } catch {
                return Result(isHandled: false, declineReason: error)
            }
            try await handler(value, request)
            return Result(isHandled: true)
        })
    }
}
