import Foundation
import SwitchyardTestSupport
import Testing

/// `TestProgram`, which starts every program the tests run: what the other tests rely on it for.
@Suite("Starting a program in a test")
struct TestProgramTests {
    /// A program that ends without reading its input (a tool that refuses its arguments): the write fails, and
    /// nothing of it reaches the test process, which a `SIGPIPE` would end.
    @Test func aProgramThatDoesNotReadItsInputEndsAlone() throws {
        let input = String(repeating: "x", count: 1 << 20)
        let finished = try TestProgram.run("/bin/sh", ["-c", "exit 3"], input: input)
        #expect(finished.status == 3)
    }

    @Test func theInputIsReadAsGiven() throws {
        let input = (0..<10_000).map { "line \($0)\n" }.joined()
        let finished = try TestProgram.run("/bin/sh", ["-c", "cat; printf done >&2"], input: input)
        #expect(finished == TestProgram.Finished(status: 0, output: input, errorOutput: "done"))
    }

    /// The first line comes while the program runs on; a signal then ends it, said as 128 and the signal's number.
    @Test func theFirstLineComesWhileTheProgramRuns() throws {
        let program = try TestProgram("/bin/sh", ["-c", "echo ready; exec sleep 30"])
        #expect(program.firstLine() == "ready")
        #expect(program.isRunning)
        program.send(SIGTERM)
        #expect(program.waitForExit().status == 128 + SIGTERM)
        #expect(!program.isRunning)
    }

    @Test func aStreamMayGoToAFileOrNowhere() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("program-\(UUID()).out")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data("before\n".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let finished = try TestProgram.run(
            "/bin/sh", ["-c", "echo out; echo err >&2"], output: .file(file.path), errors: .discarded)
        #expect(finished == TestProgram.Finished(status: 0, output: "", errorOutput: ""))
        #expect(try String(contentsOf: file, encoding: .utf8) == "before\nout\n")
    }

    @Test func aProgramThatIsNotThereIsAnError() {
        #expect(throws: TestProgramError.self) { try TestProgram.run("/no/such/program", []) }
    }
}
