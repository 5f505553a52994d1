import BenchmarkTables
import Foundation
@_spi(Internal) import Hummingbird
import RoutingKit
import Switchyard

/// Each router built from one table, ready to look paths up.
struct Subjects: @unchecked Sendable {
    // Unchecked: built once before measuring and only read by the benchmark closures afterwards.
    let switchyard: Switchyard.Router
    let routingKit: TrieRouter<Int>
    let hummingbird: RouterTrie<Int>
    let linear: LinearRouter
    let bare: BareTrie

    init(_ table: BenchmarkTable) {
        switchyard = Self.switchyard(table.patterns)
        routingKit = Self.routingKit(table.patterns)
        hummingbird = Self.hummingbird(table.patterns)
        linear = LinearRouter(table.patterns)
        bare = BareTrie(table.patterns)
        check(table)
    }

    /// Ends the process with a message unless each subject finds every route of `table` for its own request (the
    /// pattern itself, each parameter's value its name) and the bare trie's lookups make the values Switchyard's match
    /// has: figures of a subject that finds other routes, or none, would mean nothing. The linear scan only has to
    /// find a route, since it takes the first one registered that matches, as JLRoutes does.
    private func check(_ table: BenchmarkTable) {
        for (index, pattern) in table.patterns.enumerated() {
            let url = "myapp://" + pattern
            let parameters = pattern.split(separator: "/").filter { $0.hasPrefix(":") }
            let values = parameters.map(String.init)
            let match = try? switchyard.match(url)
            var wrong: [String] = []
            if match?.route.pattern.written != pattern
                || parameters.map({ match?.parameters[String($0.dropFirst())] }) != values
            {
                wrong.append("Switchyard")
            }
            let inlineValues = values + Array(repeating: "", count: max(0, 4 - values.count))
            if bare.lookup(url).map({ $0.route == index && $0.values == values }) != true
                || bare.lookupInline(url).map({ $0.route == index && $0.values.list == inlineValues }) != true
                || bare.route(for: url) != index
            {
                wrong.append("the bare trie")
            }
            if routingKit.lookup(pattern) != index { wrong.append("routing-kit") }
            if hummingbird.resolve(pattern)?.value != index { wrong.append("hummingbird") }
            if linear.lookup(pattern) == nil { wrong.append("the linear scan") }
            guard wrong.isEmpty else {
                let names = wrong.joined(separator: ", ")
                FileHandle.standardError.write(Data("error: \(names) did not find \(pattern) in \(table.name)\n".utf8))
                exit(1)
            }
        }
    }

    static func switchyard(_ patterns: [String]) -> Switchyard.Router {
        let router = Switchyard.Router()
        for pattern in patterns { try? router.add(pattern) }
        return router
    }

    static func routingKit(_ patterns: [String]) -> TrieRouter<Int> {
        let router = TrieRouter<Int>()
        for (index, pattern) in patterns.enumerated() { router.register(index, at: pattern.pathComponents) }
        return router
    }

    static func hummingbird(_ patterns: [String]) -> RouterTrie<Int> {
        let builder = RouterPathTrieBuilder<Int>()
        for (index, pattern) in patterns.enumerated() {
            builder.addEntry(RouterPath(stringLiteral: pattern), value: index)
        }
        return builder.build()
    }
}

extension TrieRouter<Int> {
    /// A lookup as Vapor does one: split the path, then walk the trie.
    func lookup(_ path: String) -> Int? {
        var parameters = RoutingKit.Parameters()
        return route(path: path.split(separator: "/").map(String.init), parameters: &parameters)
    }
}

/// A JLRoutes-style router: every route's components compared in turn, parameters collected in a dictionary.
struct LinearRouter: Sendable {
    let routes: [[Substring]]

    init(_ patterns: [String]) {
        routes = patterns.map { $0.split(separator: "/") }
    }

    func lookup(_ path: String) -> [String: Substring]? {
        let components = path.split(separator: "/")
        for route in routes where route.count == components.count {
            var parameters: [String: Substring] = [:]
            var matches = true
            for (segment, component) in zip(route, components) {
                if segment.first == ":" {
                    parameters[String(segment.dropFirst())] = component
                } else if segment != component {
                    matches = false
                    break
                }
            }
            if matches { return parameters }
        }
        return nil
    }
}
