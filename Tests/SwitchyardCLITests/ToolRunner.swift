import Foundation
import SwitchyardTestSupport
import Testing

/// What one run of the built `switchyard` printed and how it exited.
struct ToolResult: Equatable, CustomTestStringConvertible {
    var status: Int32
    var output: String
    var errorOutput: String

    var testDescription: String { "exit \(status)\nstdout:\n\(output)\nstderr:\n\(errorOutput)" }
}

enum Tool {
    /// The `switchyard` binary beside the test bundle, in the build's products folder.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("switchyard").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("switchyard")
    }()

    /// The package's root, for the bundled example.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/shop.json").path

    /// Runs the tool with `arguments`, feeding `input` to standard input.
    static func run(_ arguments: [String], input: String = "", environment: [String: String]? = nil) throws
        -> ToolResult
    {
        var environment = environment
        if var given = environment {
            // A sanitizer build of the tool reads its options (leak suppressions) from these.
            for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
                given[name] = given[name] ?? ProcessInfo.processInfo.environment[name]
            }
            environment = given
        }
        let finished = try TestProgram.run(binary.path, arguments, environment: environment, input: input)
        return ToolResult(status: finished.status, output: finished.output, errorOutput: finished.errorOutput)
    }

    /// Writes `text` to a new temporary file and returns its path.
    static func temporaryFile(_ text: String, named name: String = "routes.json") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
