#if os(Linux)
    import Foundation

    /// Runs a program found on `PATH` with arguments (never through a shell) and collects what it printed.
    enum Subprocess {
        struct Result {
            var status: Int32
            var output: String
            var errorOutput: String
        }

        static func run(_ program: String, _ arguments: [String], environment: [String: String]?) throws(LaunchError)
            -> Result
        {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program] + arguments
            if let environment { process.environment = environment }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                throw LaunchError(.launchFailed, "\(program) could not be run: \(error)")
            }
            // Read both pipes to the end before waiting, so a chatty program cannot fill a pipe and block.
            let errorData = Locked(Data())
            let reading = DispatchGroup()
            DispatchQueue.global().async(group: reading) {
                let data = errors.fileHandleForReading.readDataToEndOfFile()
                errorData.withLock { $0 = data }
            }
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            reading.wait()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                errorOutput: String(decoding: errorData.snapshot, as: UTF8.self))
        }
    }
#endif
