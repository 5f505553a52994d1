import Foundation
import SwitchyardTestSupport
import Testing

/// `switchyard serve`, through the tool: it runs `switchyard-serve`, which prints its address, warns when it listens
/// beyond loopback, and stops cleanly on SIGTERM and SIGINT.
@Suite("switchyard serve", .timeLimit(.minutes(1)))
struct ServeCommandTests {
    /// Starts `switchyard serve` with `arguments`, waits for the address it prints, runs `whileServing` with it, sends
    /// `signal`, and returns the address, the exit status (128 and the signal's number had the signal ended it) and
    /// standard error.
    static func serveThenStop(
        _ arguments: [String], signal: Int32, whileServing: (String) throws -> Void = { _ in }
    ) throws -> (address: String, status: Int32, errorOutput: String) {
        let server = try TestProgram(Tool.binary.path, ["serve"] + arguments)
        let address = server.firstLine().trimmingCharacters(in: .whitespacesAndNewlines)
        let served = Result { try whileServing(address) }
        server.send(signal)
        let finished = server.waitForExit()
        try served.get()
        return (address, finished.status, finished.errorOutput)
    }

    @Test("it prints its loopback address and stops cleanly on a signal", arguments: [SIGTERM, SIGINT])
    func stopsOnSignal(signal: Int32) throws {
        let run = try Self.serveThenStop([Tool.example, "--port", "0"], signal: signal)
        #expect(run.address.hasPrefix("http://127.0.0.1:"))
        #expect(run.status == 0, "it exits by itself, not by the signal")
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
        let finished = try TestProgram.run(alone.path, ["serve", Tool.example], output: .discarded)
        let message = finished.errorOutput
        #expect(finished.status == 2)
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
