import Foundation
import Switchyard

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The invariants the fuzz targets check, shared with `swift test`, which replays the committed corpus through
/// them (this file is linked into the fuzz package's `FuzzChecks` module).
///
/// Each check returns a description of the first violated invariant, or `nil`.
public enum FuzzChecks {
    /// Routers with each host policy and option that changes how a link is split.
    static let splitRouters: [Router] = {
        let plain = Router()
        let options = RouterOptions(
            decodesPlusInPath: true, routesFragments: true, matchesLiteralsCaseInsensitively: true)
        let folded = Router(options: options)
        let path = Router()
        path.updateSettings(for: .global) { $0.hostPolicy = .pathComponent }
        let allow = Router()
        allow.updateSettings(for: .global) { $0.allowedHosts = ["example.com"] }
        let fragments = Router(options: RouterOptions(routesFragments: true))
        for router in [plain, folded, path, allow, fragments] { try? router.add("/*") }
        return [plain, folded, path, allow, fragments]
    }()

    /// A router that keeps every host as a host and matches every path, for comparing with Foundation.
    static let foundationRouter: Router = {
        let router = Router()
        router.updateSettings(for: .global) { $0.hostPolicy = .ignored }
        try? router.add("/*")
        return router
    }()

    /// The URL splitter: a link is rejected with a position inside it, or its parts hold no control character
    /// and no dot segment, within the limits.
    public static func checkSplitter(_ bytes: [UInt8]) -> String? {
        let input = String(decoding: bytes, as: UTF8.self)
        for router in splitRouters {
            do {
                guard let match = try router.match(input) else { return "/* did not match \(input.debugDescription)" }
                let link = match.link
                let texts =
                    link.pathComponents + link.query.flatMap { [$0.name] + ($0.value.map { [$0] } ?? []) }
                    + (link.fragment.map { [$0] } ?? []) + (link.host.map { [$0] } ?? [])
                if texts.contains(where: hasControl) {
                    return "a control character got through: \(input.debugDescription)"
                }
                if link.pathComponents.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                    return "an empty or dot component got through: \(input.debugDescription)"
                }
                if link.pathComponents.count > router.options.limits.maxComponents {
                    return "too many components got through"
                }
                if match.wildcardComponents?.count != link.pathComponents.count {
                    return "/* did not take every component"
                }
                // The link makes its list when read; without `+` decoding it must be what the wildcard took.
                if !router.options.decodesPlusInPath, match.wildcardComponents != link.pathComponents {
                    return "the link's components are not those matching saw: \(input.debugDescription)"
                }
                if let disagreement = foundationDisagrees(input, foundationRouter) { return disagreement }
            } catch {
                if error.position < 0 || error.position > input.utf8.count {
                    return "a rejection points outside the input: \(error.position) in \(input.utf8.count) bytes"
                }
            }
        }
        return nil
    }

    /// The pattern parser: a pattern parses, or fails with a position inside it; each expansion parses back to
    /// itself alone.
    public static func checkPattern(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let pattern = try RoutePattern(text)
            guard (1...(1 << RoutePattern.maxOptionalGroups)).contains(pattern.expansions.count) else {
                return "\(pattern.expansions.count) expansions"
            }
            for expansion in pattern.expansions {
                guard let again = try? RoutePattern(expansion), again.expansions == [expansion] else {
                    return "the expansion \(expansion.debugDescription) does not parse back to itself"
                }
            }
        } catch {
            if let position = error.position, position < 0 || position > text.utf8.count {
                return "a pattern error points outside the pattern"
            }
        }
        return nil
    }

    /// A fixed table with every kind of segment, priorities, groups and constraints.
    static let table: Router = {
        let router = Router()
        let patterns = [
            "/", "/a", "/a/:x", "/a/b", "/a/:x/c", "/a/b/d", "/files/*", "/files/:name", "/:x/b", "/user/view/:id",
            "/:object/:action/:key", "/the(/foo/:p)(/bar/:q)", "/x/café", "/x/a%2Fb", "/time/12:30",
        ]
        for (index, pattern) in patterns.enumerated() { try? router.add(pattern, name: "r\(index)") }
        try? router.add("/p/:n", name: "digits", priority: 2, constraints: ["n": .digits])
        try? router.add("/*", name: "everything", priority: -1)
        try? router.add("/s/:v", name: "scheme", in: .scheme("app"))
        router.updateSettings(for: .scheme("app")) { $0.fallsBackToGlobalRoutes = true }
        return router
    }()

    /// The matcher: the best match is the first of all the candidates, and every candidate's parameters are the
    /// components its pattern captures.
    public static func checkMatcher(_ bytes: [UInt8]) -> String? {
        let input = String(decoding: bytes, as: UTF8.self)
        let best = try? table.match(input)
        let all = try? table.matches(input)
        if best?.route != all?.first?.route || best?.parameters != all?.first?.parameters {
            return "match and matches disagree on \(input.debugDescription)"
        }
        for candidate in all ?? [] {
            let names = Set(
                candidate.route.expansion.split(separator: "/").filter { $0.hasPrefix(":") }.map {
                    String($0.dropFirst())
                })
            if Set(candidate.parameters.names) != names { return "parameters do not fit \(candidate.route.expansion)" }
        }
        return nil
    }

    /// Reverse routing: a link built from values matches back to the same route with the same values.
    public static func checkReverse(_ bytes: [UInt8]) -> String? {
        let parts = bytes.split(separator: 0xFF, maxSplits: 2, omittingEmptySubsequences: false)
        let values = parts.map { String(decoding: $0, as: UTF8.self) }
        let first = values.first ?? ""
        let second = values.count > 1 ? values[1] : "x"
        let query = values.count > 2 ? [QueryItem(name: "q", value: values[2])] : []
        let cases: [(String, [String: String])] = [
            ("r2", ["x": first]), ("r10", ["object": first, "action": second, "key": "k"]), ("r11", ["q": second]),
            ("r11", ["p": first, "q": second]), ("scheme", ["v": first]),
        ]
        for (name, parameters) in cases {
            guard let url = try? table.link(for: name, parameters: parameters, query: query) else { continue }
            guard let match = try? table.matches(url).first(where: { $0.route.name == name }) else {
                return "\(url.debugDescription) built for \(name) does not match it"
            }
            if match.parameters.dictionary.mapValues({ Array($0.utf8) }) != parameters.mapValues({ Array($0.utf8) }) {
                return "\(url.debugDescription) gave back other parameters"
            }
            if query.map({ [Array($0.name.utf8), Array(($0.value ?? "").utf8)] })
                != Array(match.link.query).map({ [Array($0.name.utf8), Array(($0.value ?? "").utf8)] })
            {
                return "\(url.debugDescription) gave back other query items"
            }
        }
        // A host the caller names (the first value): a link is built only when it comes back to its route, with
        // the host kept apart from the path.
        if let url = try? table.link(for: "r2", parameters: ["x": second], scheme: "https", host: first) {
            guard let match = try? table.matches(url).first(where: { $0.route.name == "r2" }) else {
                return "\(url.debugDescription) built with the host \(first.debugDescription) does not match it"
            }
            if match.link.host == nil || match.parameters["x"] != second {
                return "\(url.debugDescription) built with the host \(first.debugDescription) gave back another link"
            }
        }
        return nil
    }

    private static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// How Foundation's `URLComponents(string:)` reads a link (`scheme://…`) that `router` (which keeps hosts as
    /// hosts) accepts differently: refuses it, or gives another host or other decoded path components; `nil` when it
    /// agrees, when the router refuses the link, or for an internal route string, which is not a URL. The deliberate
    /// differences:
    /// - Switchyard takes raw characters a URL must encode (a space, `"<>[\]^`{|}`, non-ASCII) after the authority as
    ///   the characters they are (people paste such links); Foundation refuses the string, so they are encoded for
    ///   it, after the authority only.
    /// - An IPv6 literal is compared as an address: Switchyard writes it as RFC 5952 does, Foundation as written.
    /// - With `unicode`, a name is compared in its `xn--` form; Foundation maps names by IDNA (full-width letters,
    ///   zero-width characters, case), Switchyard maps nothing, so only names that IDNA leaves as they are agree.
    public static func foundationDisagrees(_ input: String, _ router: Router, unicode: Bool = false) -> String? {
        guard let link = (try? router.match(input))?.link, let scheme = link.scheme,
            input.utf8.count > scheme.utf8.count + 2,
            input.utf8.dropFirst(scheme.utf8.count).starts(with: "://".utf8)
        else { return nil }
        guard let components = URLComponents(string: foundationForm(input)) else {
            return "Foundation refuses a link Switchyard accepts: \(input.debugDescription)"
        }
        let theirs = components.percentEncodedHost.flatMap { $0.isEmpty ? nil : $0 }
        switch (link.host, theirs) {
        case (nil, nil): break
        case (let ours?, let theirs?) where ours.hasPrefix("[") && !ours.hasPrefix("[v"):
            guard let address = ipv6Bytes(ours), address == ipv6Bytes(theirs) else {
                return "another IP literal: \(ours) against \(theirs) in \(input.debugDescription)"
            }
        case (let ours?, _?):
            let name = ((unicode ? components.encodedHost : components.host) ?? "").lowercased()
            guard ours == name else { return "another host: \(ours) against \(name) in \(input.debugDescription)" }
        default:
            return "a host on one side only: \(link.host ?? "none"), \(theirs ?? "none") in \(input.debugDescription)"
        }
        let path = components.percentEncodedPath.split(separator: "/").map { $0.removingPercentEncoding }
        guard link.pathComponents == path else {
            return "other path components: \(link.pathComponents) against \(path) in \(input.debugDescription)"
        }
        return nil
    }

    /// The link as Foundation must be given it: after the authority, characters a URL cannot hold raw encoded.
    static func foundationForm(_ link: String) -> String {
        guard let slashes = link.range(of: "://") else { return link }
        let rest = link[slashes.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var text = String(link[..<authorityEnd])
        for byte in link[authorityEnd...].utf8 {
            if byte >= 0x80 || byte <= 0x20 || #""<>[\]^`{|}"#.utf8.contains(byte) {
                text += "%" + String(byte, radix: 16, uppercase: true)
            } else {
                text += String(decoding: [byte], as: UTF8.self)
            }
        }
        return text
    }

    /// The 16 bytes of a bracketed IPv6 address, read by the C library.
    static func ipv6Bytes(_ literal: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, String(literal.dropFirst().dropLast()), &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
