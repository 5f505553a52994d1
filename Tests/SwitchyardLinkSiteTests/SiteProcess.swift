import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `switchyard-link-site` (and `switchyard`) as processes: a site that runs until it is stopped or killed,
/// and commands that run to their end.
final class SiteProcess: @unchecked Sendable {
    // @unchecked: `process` is set once in `start` and only read after; Foundation's Process is thread-safe to
    // signal and wait on.
    static let products: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("switchyard-link-site").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    let process: Process
    let port: Int
    private let output: URL

    private init(process: Process, port: Int, output: URL) {
        self.process = process
        self.port = port
        self.output = output
    }

    /// Starts `switchyard-link-site serve` for the example on any free port, and waits until it listens.
    static func start(database: String, extra: [String] = [], folder: URL) async throws -> SiteProcess {
        try await start(
            arguments: [
                "serve", LinkSiteFixture.example, "--database", database, "--port", "0", "--log-level", "error",
            ]
                + extra, folder: folder)
    }

    /// Starts `switchyard-link-site` with exactly `arguments`, and `environment` added to the test's own.
    static func start(arguments: [String], environment: [String: String] = [:], folder: URL) async throws
        -> SiteProcess
    {
        let output = folder.appendingPathComponent("site-\(UUID()).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = products.appendingPathComponent("switchyard-link-site")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<600 {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first,
                let port = Int(line.split(separator: ":").last?.filter(\.isNumber) ?? "")
            {
                return SiteProcess(process: process, port: port, output: output)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw SiteProcessError(
            message: "the site did not start: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
    }

    /// Kills the site at once, as a crash would: nothing is flushed.
    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Runs a built tool (`switchyard`, `switchyard-link-site`) to its end.
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, output: String, error: String)
    {
        let process = Process()
        process.executableURL = products.appendingPathComponent(tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let folder = FileManager.default.temporaryDirectory
        let (out, err) = (
            folder.appendingPathComponent("out-\(UUID())"), folder.appendingPathComponent("err-\(UUID())")
        )
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        )
    }
}

struct SiteProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
