import Foundation
import Testing

/// `switchyard serve`, through the tool: it runs `switchyard-serve`, which prints its address, warns when it listens
/// beyond loopback, and stops cleanly on SIGTERM and SIGINT.
@Suite("switchyard serve", .timeLimit(.minutes(1)))
struct ServeCommandTests {
    /// Starts `switchyard serve` with `arguments`, waits for the address it prints, runs `whileServing` with it, sends
    /// `signal`, and returns the address, the exit status and standard error.
    static func serveThenStop(
        _ arguments: [String], signal: Int32, whileServing: (String) throws -> Void = { _ in }
    ) throws -> (address: String, status: Int32, reason: Process.TerminationReason, errorOutput: String) {
        let process = Process()
        process.executableURL = Tool.binary
        process.arguments = ["serve"] + arguments
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let errorData = Recorded()
        let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        let address = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let served = Result { try whileServing(address) }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try served.get()
        return (
            address, process.terminationStatus, process.terminationReason,
            String(decoding: errorData.get(), as: UTF8.self)
        )
    }

    @Test("it prints its loopback address and stops cleanly on a signal", arguments: [SIGTERM, SIGINT])
    func stopsOnSignal(signal: Int32) throws {
        let run = try Self.serveThenStop([Tool.example, "--port", "0"], signal: signal)
        #expect(run.address.hasPrefix("http://127.0.0.1:"))
        #expect(run.reason == .exit)
        #expect(run.status == 0)
        #expect(run.errorOutput.contains("loaded \(Tool.example): 19 routes in 3 tables"))
        #expect(run.errorOutput.contains("stopped"))
        #expect(!run.errorOutput.contains("no authentication"))
    }

    @Test func anotherAddressIsAChoiceThatIsWarnedAbout() throws {
        let run = try Self.serveThenStop([Tool.example, "--port", "0", "--host", "0.0.0.0"], signal: SIGTERM)
        #expect(run.address.hasPrefix("http://0.0.0.0:"))
        #expect(run.errorOutput.contains("warning"))
        #expect(run.errorOutput.contains("the pages have no authentication"))
        #expect(run.status == 0)
    }

    @Test func aPortInUseIsSaidPlainly() throws {
        let run = try Self.serveThenStop([Tool.example, "--port", "0"], signal: SIGTERM) { address in
            let port = try #require(address.split(separator: ":").last?.split(separator: "/").first)
            let second = try Tool.run(["serve", Tool.example, "--port", String(port)])
            #expect(second.status == 1, "\(second)")
            #expect(
                second.errorOutput.contains(
                    "cannot listen on 127.0.0.1:\(port): the port is in use; choose another with --port, or --port 0"),
                "\(second)")
        }
        #expect(run.status == 0)
    }

    @Test(
        "bad usage exits with 2",
        arguments: [["/no/such/routes.json"], [Tool.example, "--port", "70000"], [Tool.example, "--port", "x"]])
    func badUsage(arguments: [String]) throws {
        let result = try Tool.run(["serve"] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.output.isEmpty)
    }

    @Test func withoutTheExplorerBesideItServeSaysHowToBuildIt() throws {
        // The tool alone, hard-linked into a folder of its own beside the build's products (same file system).
        let folder = Tool.binary.deletingLastPathComponent().appendingPathComponent("serve-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("switchyard")
        try FileManager.default.linkItem(at: Tool.binary, to: alone)
        let process = Process()
        process.executableURL = alone
        process.arguments = ["serve", Tool.example]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("switchyard-serve, which is not beside this tool"))
        #expect(message.contains("swift run switchyard-serve FILE"))
    }

    #if !SWITCHYARD_SANITIZER_SUBSET
        @Test func verifySiteRunsTheVerifierBesideIt() throws {
            // Nothing listens on port 1: the verifier's own report and exit code come back through `switchyard`.
            let result = try Tool.run(["verify-site", "--timeout", "2", Tool.example, "localhost:1"])
            #expect(result.status == 2, "\(result)")
            #expect(result.output.hasPrefix("localhost:1: unreachable\n"))
            #expect(result.output.contains("the connection was refused"))
        }
    #endif
}
