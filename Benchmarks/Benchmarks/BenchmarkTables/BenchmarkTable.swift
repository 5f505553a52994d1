import Foundation

/// A route table to benchmark: patterns (`/repos/:owner/:repo`) and the paths requested.
public struct BenchmarkTable: Sendable {
    /// The table's name: the file it came from, or `generated` and its size.
    public var name: String
    /// Distinct patterns, in file order.
    public var patterns: [String]
    /// The paths requested in one pass, in order.
    public var requests: [String]

    /// The tables of julienschmidt/go-http-routing-benchmark, in ../shared/bench-routes, requested as that
    /// benchmark does: every route once, in file order, each parameter's value its own name.
    ///
    /// Ends the process with a message when the file cannot be read: a benchmark of an empty table would report
    /// figures that mean nothing.
    public static func shared(_ file: String) -> BenchmarkTable {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/bench-routes")
        let path = folder.appendingPathComponent("\(file).txt").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty else {
            FileHandle.standardError.write(Data("error: cannot read the route table \(path)\n".utf8))
            exit(1)
        }
        let paths = text.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
        var seen = Set<String>()
        return BenchmarkTable(name: file, patterns: paths.filter { seen.insert($0).inserted }, requests: paths)
    }

    /// `count` routes, static and parameterised mixed (fixed seed); requests are one hit per route, up to 1,000
    /// routes spread over the table, and as many misses.
    public static func generated(_ count: Int) -> BenchmarkTable {
        var random = SplitMix(seed: 42)
        var patterns: [String] = []
        var seen = Set<String>()
        while patterns.count < count {
            let depth = 1 + random.next(4)
            let segments = (0..<depth).map { index in
                random.next(3) == 0 ? ":p\(index)" : "s\(random.next(max(count / 4, 8)))"
            }
            let shape = segments.map { $0.hasPrefix(":") ? ":" : $0 }.joined(separator: "/")
            if seen.insert(shape).inserted { patterns.append("/" + segments.joined(separator: "/")) }
        }
        let step = max(1, count / 1_000)
        let hits = stride(from: 0, to: count, by: step).map { patterns[$0] }
        return BenchmarkTable(name: "generated\(count)", patterns: patterns, requests: hits)
    }

    /// Paths that match no route of a generated table.
    public var misses: [String] { requests.map { $0 + "/zz/zz/zz/zz" } }
}

/// A deterministic generator, so generated tables are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
