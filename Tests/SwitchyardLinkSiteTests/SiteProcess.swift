import Foundation
import SwitchyardTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `switchyard-link-site` (and `switchyard`) as processes: a site that runs until it is stopped or killed,
/// and commands that run to their end.
final class SiteProcess: Sendable {
    static let products: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("switchyard-link-site").path),
            folder.pathComponents.count > 1
        {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    let process: TestProgram
    let port: Int
    private let output: URL

    private init(process: TestProgram, port: Int, output: URL) {
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
        let process = try TestProgram(
            products.appendingPathComponent("switchyard-link-site").path, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, output: .file(output.path),
            errors: .discarded)
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
        process.send(SIGTERM)
        _ = process.waitForExit()
        throw SiteProcessError(
            message: "the site did not start: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
    }

    /// Kills the site at once, as a crash would: nothing is flushed.
    func kill9() {
        process.send(SIGKILL)
        _ = process.waitForExit()
    }

    func stop() {
        process.send(SIGTERM)
        _ = process.waitForExit()
    }

    /// Runs a built tool (`switchyard`, `switchyard-link-site`) to its end.
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, output: String, error: String)
    {
        let finished = try TestProgram.run(
            products.appendingPathComponent(tool).path, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return (finished.status, finished.output, finished.errorOutput)
    }
}

struct SiteProcessError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
