import Foundation
import Switchyard

#if os(Linux)
    import Glibc
#endif

/// A program a test runs (a built tool, `openssl`, a shell) and what it printed.
///
/// On Linux it is started with the package's own launcher (`Subprocess.spawn`), not Foundation's `Process`: this
/// toolchain's `Process.run()` reads past the end of a buffer while it starts a child and crashed the test process
/// when many tests started tools at once. Elsewhere Foundation's `Process` starts it.
///
/// Captured streams are read as the program writes them, on threads of their own, so that a program that prints
/// much never blocks on a full pipe; nothing here runs on Swift's concurrency pool.
package final class TestProgram: @unchecked Sendable {
    // @unchecked: the streams' buffers and the exit status are written by the reading and waiting threads and read by
    // the test, each under `condition`'s lock.

    /// Where one of the program's output streams goes.
    package enum Destination: Sendable {
        /// Read into memory, for `waitForExit()` and `firstLine()`.
        case captured
        /// Nowhere (`/dev/null`).
        case discarded
        /// Written to the file at the path, which must exist.
        case file(String)
    }

    /// How a program ended and what it printed on the streams that were captured.
    package struct Finished: Sendable, Equatable, CustomStringConvertible {
        /// The exit status, or 128 plus the signal's number when a signal ended the program.
        package var status: Int32
        package var output: String
        package var errorOutput: String

        package init(status: Int32, output: String, errorOutput: String) {
            self.status = status
            self.output = output
            self.errorOutput = errorOutput
        }

        package var description: String { "exit \(status)\nstdout:\n\(output)\nstderr:\n\(errorOutput)" }
    }

    /// The program's process id, for signals.
    package let id: Int32
    private let condition = NSCondition()
    private var output: [UInt8] = []
    private var errors: [UInt8] = []
    private var outputEnded = true
    private var errorsEnded = true
    private var inputEnded = true
    private var status: Int32?

    /// Starts the program at `path` (`/usr/bin/env` finds one on `PATH`), with `environment` in place of the
    /// test's own when given, and `input` written to its standard input (`/dev/null` when `nil`).
    package init(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
        output: Destination = .captured, errors: Destination = .captured
    ) throws {
        let launched = try Self.launch(
            path, arguments, environment: environment, input: input, output: output, errors: errors)
        id = launched.id
        if let reading = launched.output {
            outputEnded = false
            read(reading) { program, bytes, ended in
                program.output += bytes
                program.outputEnded = ended
            }
        }
        if let reading = launched.errors {
            errorsEnded = false
            read(reading) { program, bytes, ended in
                program.errors += bytes
                program.errorsEnded = ended
            }
        }
        Thread { [self] in
            let code = launched.wait()
            locked {
                status = code
                condition.broadcast()
            }
        }.start()
        if let input, let writing = launched.input {
            inputEnded = false
            Thread { [self] in
                #if os(Linux)
                    // A program may end without reading its input; the write then fails with EPIPE, and the SIGPIPE
                    // that comes with it is this thread's: blocked here, it ends with the thread instead of the
                    // test process.
                    var pipeSignal = sigset_t()
                    sigemptyset(&pipeSignal)
                    sigaddset(&pipeSignal, SIGPIPE)
                    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                #endif
                try? writing.write(contentsOf: Data(input.utf8))
                try? writing.close()
                locked {
                    inputEnded = true
                    condition.broadcast()
                }
            }.start()
        }
    }

    /// Runs the program to its end.
    package static func run(
        _ path: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
        output: Destination = .captured, errors: Destination = .captured
    ) throws -> Finished {
        try TestProgram(path, arguments, environment: environment, input: input, output: output, errors: errors)
            .waitForExit()
    }

    /// Whether the program has not ended yet.
    package var isRunning: Bool { locked { status == nil } }

    /// Sends `signal` to the program, unless it has ended (its id may be another process's by then).
    package func send(_ signal: Int32) {
        locked {
            if status == nil { _ = kill(id, signal) }
        }
    }

    /// Standard output up to its first line's end, or all of it if the program ends first.
    package func firstLine() -> String {
        locked {
            while !output.contains(UInt8(ascii: "\n")) && !outputEnded { condition.wait() }
            let line = output.prefix { $0 != UInt8(ascii: "\n") }
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// Waits until the program ended, its captured streams were read to their ends, and its input was written (or
    /// refused, by a program that ended without reading it).
    package func waitForExit() -> Finished {
        locked {
            while status == nil || !outputEnded || !errorsEnded || !inputEnded { condition.wait() }
            return Finished(
                status: status ?? -1, output: String(decoding: output, as: UTF8.self),
                errorOutput: String(decoding: errors, as: UTF8.self))
        }
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// Reads `handle` to its end on a thread of its own, handing each chunk to `record` under the lock as it comes
    /// (`availableData`: `FileContents.readChunks` waits for a whole chunk, and a server's first line is short).
    private func read(_ handle: FileHandle, _ record: @escaping @Sendable (TestProgram, [UInt8], Bool) -> Void) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                locked {
                    record(self, Array(chunk), chunk.isEmpty)
                    condition.broadcast()
                }
                if chunk.isEmpty { break }
            }
            try? handle.close()
        }.start()
    }

    /// A started program: its id, the parent's ends of its captured streams and of its input, and a function that
    /// waits for its end and returns its status.
    private struct Launched {
        let id: Int32
        let input: FileHandle?
        let output: FileHandle?
        let errors: FileHandle?
        let wait: @Sendable () -> Int32
    }

    private static func launch(
        _ path: String, _ arguments: [String], environment: [String: String]?, input: String?,
        output: Destination, errors: Destination
    ) throws -> Launched {
        let output = try ends(output)
        let errors = try ends(errors)
        let inputPipe = input.map { _ in Pipe() }
        // The child's ends are closed here once it has its copies, so that the parent's reads end when it does.
        let childEnds = [output.child, errors.child] + (inputPipe.map { [$0.fileHandleForReading] } ?? [])
        defer { childEnds.forEach { try? $0.close() } }
        let (id, wait) = try start(
            path, arguments, environment: environment, input: inputPipe?.fileHandleForReading, output: output.child,
            errors: errors.child)
        return Launched(
            id: id, input: inputPipe?.fileHandleForWriting, output: output.parent, errors: errors.parent, wait: wait)
    }

    /// The child's end of an output stream, and the parent's when the stream is captured.
    private static func ends(_ destination: Destination) throws -> (child: FileHandle, parent: FileHandle?) {
        switch destination {
        case .captured:
            let pipe = Pipe()
            return (pipe.fileHandleForWriting, pipe.fileHandleForReading)
        case .discarded:
            guard let null = FileHandle(forWritingAtPath: "/dev/null") else {
                throw TestProgramError(message: "/dev/null cannot be opened")
            }
            return (null, nil)
        case .file(let file):
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            try handle.seekToEnd()
            return (handle, nil)
        }
    }

    #if os(Linux)
        /// Starts the program with the package's launcher; `input` `nil` is `/dev/null`.
        private static func start(
            _ path: String, _ arguments: [String], environment: [String: String]?, input: FileHandle?,
            output: FileHandle, errors: FileHandle
        ) throws -> (id: Int32, wait: @Sendable () -> Int32) {
            do {
                let id = try Subprocess.spawn(
                    path, arguments, environment: environment, input: input?.fileDescriptor,
                    output: output.fileDescriptor, errors: errors.fileDescriptor)
                return (id, { Subprocess.waitForExit(id) })
            } catch {
                throw TestProgramError(message: "\(path) could not be started: \(error.message)")
            }
        }
    #else
        /// Starts the program with Foundation's `Process`; `input` `nil` is `/dev/null`.
        private static func start(
            _ path: String, _ arguments: [String], environment: [String: String]?, input: FileHandle?,
            output: FileHandle, errors: FileHandle
        ) throws -> (id: Int32, wait: @Sendable () -> Int32) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            if let environment { process.environment = environment }
            process.standardInput = input ?? FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let waited = ProcessWait(process)
            return (process.processIdentifier, { waited.wait() })
        }

        /// Foundation's process, waited for once.
        private final class ProcessWait: @unchecked Sendable {
            // @unchecked: `process` is only asked to wait, and for its status after, from the one waiting thread.
            private let process: Process

            init(_ process: Process) { self.process = process }

            func wait() -> Int32 {
                process.waitUntilExit()
                let status = process.terminationStatus
                return process.terminationReason == .uncaughtSignal ? 128 + status : status
            }
        }
    #endif
}

/// A program that could not be started.
package struct TestProgramError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
