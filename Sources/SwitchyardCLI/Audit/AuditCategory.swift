import Switchyard

/// How a link's outcome changes from the old route file to the new one.
enum AuditCategory: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// The same outcome under both files.
    case unchanged
    /// A match under the old file, the default route (or nothing) under the new one.
    case newlyUnmatched
    /// Accepted under the old file, rejected under the new one.
    case newlyRejected
    /// Another route name or destination under the new file.
    case moved
    /// The same route, with other parameter values or wildcard components.
    case parametersChanged
    /// No match, or a rejection, under the old file; a match under the new one.
    case newlyMatched
    /// The same redirect route, leading somewhere else.
    case redirectChanged
    /// The same route, which now accepts other origins or asks for confirmation where it did not (or no longer
    /// does): where the link may come from changed. Listed only when some link did.
    case originsChanged

    /// The name used on the command line and in JSON: `newly-unmatched`.
    var description: String {
        switch self {
        case .unchanged: "unchanged"
        case .newlyUnmatched: "newly-unmatched"
        case .newlyRejected: "newly-rejected"
        case .moved: "moved"
        case .parametersChanged: "parameters-changed"
        case .newlyMatched: "newly-matched"
        case .redirectChanged: "redirect-changed"
        case .originsChanged: "origins-changed"
        }
    }

    /// The category named `name` (as ``description`` writes it).
    init?(name: String) {
        guard let category = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = category
    }

    /// What the summary calls it.
    var title: String { description.replacingOccurrences(of: "-", with: " ") }

    /// Whether a link of this category may break (see ``AuditVerdict``).
    var mayBreak: Bool { self == .newlyUnmatched || self == .newlyRejected || self == .moved }
}

/// What one link's outcomes under the two files come to.
struct AuditVerdict: Equatable {
    var category: AuditCategory
    /// Whether the link no longer reaches what it reached: newly unmatched (having matched), newly rejected, or
    /// moved to a route that is not a redirect.
    var breaks: Bool
    /// The code of the new file's rejection, when it rejects the link.
    var rejection: URLRejection.Code?

    /// Compares the outcomes of one link under the old file and the new one, which it takes apart (a match holds
    /// many references, and copying one costs more than comparing).
    ///
    /// A link rejected under the old file and unmatched under the new one is newly unmatched, but does not break:
    /// it did not reach a route before either.
    init(old: consuming LinkOutcome, new: consuming LinkOutcome, files: borrowing AuditFiles) {
        switch consume new {
        case .matched(let after):
            guard case .matched(let before) = consume old else {
                self.init(.newlyMatched, breaks: false)
                return
            }
            let category = Self.compare(before, after, files)
            let breaks: Bool =
                switch category {
                case .moved: files.new.declaration(of: after.route)?.redirect == nil
                case .originsChanged: Self.refusesMore(before, after, files)
                default: false
                }
            self.init(category, breaks: breaks)
        case .unmatched:
            switch consume old {
            case .unmatched: self.init(.unchanged, breaks: false)
            case .rejected: self.init(.newlyUnmatched, breaks: false)
            case .matched: self.init(.newlyUnmatched, breaks: true)
            }
        case .rejected(let code):
            if case .rejected = consume old {
                self.init(.unchanged, breaks: false, rejection: code)
            } else {
                self.init(.newlyRejected, breaks: true, rejection: code)
            }
        }
    }

    init(_ category: AuditCategory, breaks: Bool, rejection: URLRejection.Code? = nil) {
        self.category = category
        self.breaks = breaks
        self.rejection = rejection
    }

    /// How two matches of one link differ: the route's name or destination, then where a redirect leads, then the
    /// parameters. A redirect's target is filled only when the redirect's pattern or the parameters changed.
    private static func compare(_ old: RouteMatch, _ new: RouteMatch, _ files: borrowing AuditFiles) -> AuditCategory {
        let oldDeclaration = files.old.declaration(of: old.route)
        let newDeclaration = files.new.declaration(of: new.route)
        if old.route.name != new.route.name || oldDeclaration?.destination != newDeclaration?.destination {
            return .moved
        }
        let sameParameters = old.parameters == new.parameters && old.wildcardComponents == new.wildcardComponents
        let oldRedirect = oldDeclaration?.redirect
        let newRedirect = newDeclaration?.redirect
        if oldRedirect != nil || newRedirect != nil, oldRedirect != newRedirect || !sameParameters,
            files.old.redirectTarget(for: old) != files.new.redirectTarget(for: new)
        {
            return .redirectChanged
        }
        if oldDeclaration?.access != newDeclaration?.access { return .originsChanged }
        return sameParameters ? .unchanged : .parametersChanged
    }

    /// Whether the new file refuses an origin, or asks for a confirmation, that the old one let through at once:
    /// a caller from that origin no longer reaches the route.
    private static func refusesMore(_ old: RouteMatch, _ new: RouteMatch, _ files: borrowing AuditFiles) -> Bool {
        let before = files.old.declaration(of: old.route)?.access ?? RouteAccess()
        let after = files.new.declaration(of: new.route)?.access ?? RouteAccess()
        let origins: [LinkOrigin?] = LinkOrigin.builtIn + [nil]
        return origins.contains { origin in
            (before.admits(origin) && !after.admits(origin))
                || (!before.needsConfirmation(from: origin) && after.needsConfirmation(from: origin))
        }
    }
}

/// The two route files an audit compares.
struct AuditFiles: Sendable {
    var old: RouteFile
    var new: RouteFile
}
