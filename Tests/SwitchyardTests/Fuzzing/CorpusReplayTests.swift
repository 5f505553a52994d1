import Foundation
import Testing

/// Replays every committed fuzz input (the corpus the fuzz runs produced, and crash regressions) through the
/// fuzz targets' invariants, so a fixed bug stays fixed without a fuzzer.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    static let targets: [(String, @Sendable ([UInt8]) -> String?)] = [
        ("splitter", FuzzChecks.checkSplitter), ("pattern", FuzzChecks.checkPattern),
        ("matcher", FuzzChecks.checkMatcher), ("reverse", FuzzChecks.checkReverse),
    ]

    @Test("every committed input keeps its invariants", arguments: 0..<4)
    func replay(target: Int) throws {
        let (name, check) = Self.targets[target]
        let folder = Self.root.appendingPathComponent(name)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!files.isEmpty, "no corpus for \(name)")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            if let violation = check(bytes) { Issue.record("\(name)/\(file): \(violation)") }
        }
    }
}
