import Foundation
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
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if var environment {
            // A sanitizer build of the tool reads its options (leak suppressions) from these.
            for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
                environment[name] = environment[name] ?? ProcessInfo.processInfo.environment[name]
            }
            process.environment = environment
        }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = Recorded()
        let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolResult(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errorOutput: String(decoding: errorData.get(), as: UTF8.self))
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

/// Data handed from a reading thread, read once the thread is done (a semaphore orders the two).
final class Recorded: @unchecked Sendable {
    // Safe: `data` is written once before `done` is signalled and read only after waiting on it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    func set(_ data: Data) {
        self.data = data
        done.signal()
    }

    func get() -> Data {
        done.wait()
        return data
    }
}
