import Foundation
import Switchyard

// Matches the GitHub table's links (../shared/bench-routes/github.txt, 203 requests) as `myapp://` URLs, PASSES
// times: `LookupProbe PASSES [TABLE]`. Instructions a lookup are (I(11) − I(1)) / (10 × 203) under callgrind.
let arguments = CommandLine.arguments.dropFirst()
let passes = arguments.first.flatMap { Int($0) } ?? 1
let table =
    arguments.dropFirst().first
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/bench-routes/github.txt").path
guard let text = try? String(contentsOfFile: table, encoding: .utf8) else {
    FileHandle.standardError.write(Data("error: cannot read the route table \(table)\n".utf8))
    exit(1)
}
let paths = text.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
var seen = Set<String>()
let router = Router()
for pattern in paths where seen.insert(pattern).inserted { try router.add(pattern) }
let urls = paths.map { "myapp://" + $0 }
var found = 0
for _ in 0..<passes {
    for url in urls where (try? router.match(url)) != nil { found += 1 }
}
print(found)
