/// A router's tables: the global one, which always exists, kept apart so that the usual lookup and registration
/// reach it without hashing, and the scheme tables by their lowercased scheme.
///
/// All of them are behind one reference: a lookup's snapshot of the tables costs one retain and one release.
struct RouteTables: Sendable {
    private var storage: CopyOnWrite<Storage>

    private struct Storage: Sendable {
        var global: CompiledTable
        var schemes: [String: CompiledTable] = [:]
    }

    init(foldsLiteralCase: Bool) {
        storage = CopyOnWrite(Storage(global: CompiledTable(table: .global, foldsLiteralCase: foldsLiteralCase)))
    }

    /// The table, or `nil` when it does not exist.
    subscript(table: RouteTable) -> CompiledTable? {
        guard let scheme = table.scheme else { return storage.value.global }
        return storage.value.schemes[scheme]
    }

    /// The global table.
    var global: CompiledTable { storage.value.global }

    /// The table of `scheme`, as the splitter read it, if it has one.
    @inline(__always)
    func table(forScheme scheme: Slice<TextBytes>) -> CompiledTable? {
        guard !storage.value.schemes.isEmpty else { return nil }
        return storage.value.schemes[URLSplitter.schemeText(scheme)]
    }

    /// The tables that exist: the global one first, then schemes in alphabetical order.
    var names: [RouteTable] { [.global] + storage.value.schemes.keys.sorted().map(RouteTable.scheme) }

    /// Changes a table in place, creating it first when it does not exist.
    mutating func update<Result>(
        _ table: RouteTable, foldsLiteralCase: Bool, _ body: (inout CompiledTable) -> Result
    ) -> Result {
        storage.update { storage in
            guard let scheme = table.scheme else { return body(&storage.global) }
            return body(
                &storage.schemes[scheme, default: CompiledTable(table: table, foldsLiteralCase: foldsLiteralCase)])
        }
    }

    /// Changes a table in place when it exists.
    /// - Returns: what `body` returned, or `nil` when the table does not exist.
    mutating func updateIfPresent<Result>(_ table: RouteTable, _ body: (inout CompiledTable) -> Result) -> Result? {
        guard let scheme = table.scheme else { return storage.update { body(&$0.global) } }
        guard let index = storage.value.schemes.index(forKey: scheme) else { return nil }
        return storage.update { body(&$0.schemes.values[index]) }
    }

    /// Removes a scheme's table; the global table cannot be removed.
    /// - Returns: whether a table was removed.
    mutating func remove(_ table: RouteTable) -> Bool {
        guard let scheme = table.scheme else { return false }
        guard storage.value.schemes[scheme] != nil else { return false }
        return storage.update { $0.schemes.removeValue(forKey: scheme) != nil }
    }
}
