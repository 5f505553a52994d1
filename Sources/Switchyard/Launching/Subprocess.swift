#if os(Linux)
    import Foundation

    /// Runs a program found on `PATH` with arguments (never through a shell) and collects what it printed.
    ///
    /// The program's output is read, and its exit awaited, on Dispatch's threads: ``run(_:_:environment:)`` suspends
    /// the calling task without holding a thread of Swift's concurrency pool, which a launcher's `async` methods run
    /// on.
    enum Subprocess {
        struct Result: Sendable {
            var status: Int32
            var output: String
            var errorOutput: String
        }

        /// Runs the program and suspends until it exited and printed everything.
        /// - Throws: ``LaunchError`` when the program could not be started.
        static func run(_ program: String, _ arguments: [String], environment: [String: String]?)
            async throws(LaunchError) -> Result
        {
            var failure: LaunchError?
            let result: Result? = await withCheckedContinuation { continuation in
                do throws(LaunchError) {
                    try start(program, arguments, environment: environment) { continuation.resume(returning: $0) }
                } catch {
                    failure = error
                    continuation.resume(returning: nil)
                }
            }
            if let failure { throw failure }
            return result ?? Result(status: -1, output: "", errorOutput: "")
        }

        /// Runs the program and blocks the calling thread until it exited: for the command-line tool's synchronous
        /// commands, never for a task.
        /// - Throws: ``LaunchError`` when the program could not be started.
        static func runBlocking(_ program: String, _ arguments: [String], environment: [String: String]?)
            throws(LaunchError) -> Result
        {
            let finished = DispatchSemaphore(value: 0)
            let result = Locked(Result(status: -1, output: "", errorOutput: ""))
            try start(program, arguments, environment: environment) { value in
                result.withLock { $0 = value }
                finished.signal()
            }
            finished.wait()
            return result.snapshot
        }

        /// Starts the program and calls `completion`, on a Dispatch thread, once it exited and both of its pipes
        /// were read to the end (read at once, so that a chatty program cannot fill a pipe and block).
        private static func start(
            _ program: String, _ arguments: [String], environment: [String: String]?,
            completion: @escaping @Sendable (Result) -> Void
        ) throws(LaunchError) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program] + arguments
            if let environment { process.environment = environment }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            let done = DispatchGroup()
            let status = Locked<Int32>(-1)
            done.enter()
            process.terminationHandler = { process in
                status.withLock { $0 = process.terminationStatus }
                done.leave()
            }
            do {
                try process.run()
            } catch {
                // No termination will leave the group: a group released while entered is a crash in Dispatch.
                done.leave()
                throw LaunchError(.launchFailed, "\(program) could not be run: \(error)")
            }
            let outputData = Locked(Data())
            let errorData = Locked(Data())
            DispatchQueue.global().async(group: done) {
                let data = output.fileHandleForReading.readDataToEndOfFile()
                outputData.withLock { $0 = data }
            }
            DispatchQueue.global().async(group: done) {
                let data = errors.fileHandleForReading.readDataToEndOfFile()
                errorData.withLock { $0 = data }
            }
            done.notify(queue: .global()) {
                completion(
                    Result(
                        status: status.snapshot, output: String(decoding: outputData.snapshot, as: UTF8.self),
                        errorOutput: String(decoding: errorData.snapshot, as: UTF8.self)))
            }
        }
    }
#endif
