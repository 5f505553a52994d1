#if os(Linux)
    import Dispatch
    import Foundation
    import Glibc

    /// Runs a program found on `PATH` with arguments (never through a shell) and collects what it printed.
    ///
    /// The program is started with `posix_spawn`, not Foundation's `Process`: on Linux the latter reads each entry of
    /// `/proc/self/fd` past its end while it starts a child, which crashes the parent now and then
    /// (swift-corelibs-foundation#5472, mended after the toolchain this package builds with).
    ///
    /// What the child is given, whatever the parent holds: standard input from `/dev/null`; standard output and
    /// standard error each on a pipe of its own; no other descriptor of the parent (its own pipes are opened
    /// close-on-exec, and the rest closed from 3 up where the C library offers it, glibc 2.34 and later); signals at
    /// their default handling and none blocked, so that a server's ignored `SIGPIPE` is not passed on. The program is
    /// looked up through `/usr/bin/env`, on the `PATH` of the environment it is given.
    ///
    /// The output is read, and the exit awaited, on Dispatch's threads: ``run(_:_:environment:)`` suspends the calling
    /// task without holding a thread of Swift's concurrency pool, which a launcher's `async` methods run on. Of each
    /// stream the first ``maxKeptBytes`` are kept; the rest is read and dropped, so that a chatty program neither
    /// blocks on a full pipe nor costs its output's size in memory.
    ///
    /// The unsafe code of the launcher is in ``spawn(_:_:environment:input:output:errors:)`` and `CStrings`: the C strings and spawn
    /// settings it builds live until `posix_spawn` returns (the child has its own copy of memory by then) and are
    /// freed before it returns.
    package enum Subprocess {
        package struct Result: Sendable {
            /// The exit status, or 128 plus the signal's number when a signal ended the program (as shells say it).
            package var status: Int32
            package var output: String
            package var errorOutput: String
        }

        /// What is kept of each of the program's two streams.
        package static let maxKeptBytes = 1 << 20

        /// Runs the program and suspends until it exited and printed everything.
        /// - Throws: ``LaunchError`` when the program could not be started.
        package static func run(_ program: String, _ arguments: [String], environment: [String: String]?)
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
        package static func runBlocking(_ program: String, _ arguments: [String], environment: [String: String]?)
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
            let failure = { (reason: String) in LaunchError(.launchFailed, "\(program) could not be run: \(reason)") }
            guard let output = Pipe() else { throw failure(describe(errno)) }
            guard let errors = Pipe() else {
                let code = errno
                output.close()
                throw failure(describe(code))
            }
            let spawned = Swift.Result { () throws(LaunchError) in
                try spawn(
                    "/usr/bin/env", [program] + arguments, environment: environment, input: nil, output: output.writing,
                    errors: errors.writing)
            }
            // The child holds its own copies of the writing ends; the parent's are closed so that reads end at its
            // exit.
            Glibc.close(output.writing)
            Glibc.close(errors.writing)
            guard case .success(let child) = spawned else {
                Glibc.close(output.reading)
                Glibc.close(errors.reading)
                if case .failure(let error) = spawned { throw failure(error.message) }
                return
            }
            let done = DispatchGroup()
            let status = Locked<Int32>(-1)
            let printed = Locked<(output: [UInt8], errors: [UInt8])>(([], []))
            DispatchQueue.global().async(group: done) {
                let bytes = readToEnd(output.reading)
                printed.withLock { $0.output = bytes }
            }
            DispatchQueue.global().async(group: done) {
                let bytes = readToEnd(errors.reading)
                printed.withLock { $0.errors = bytes }
            }
            DispatchQueue.global().async(group: done) {
                let code = waitForExit(child)
                status.withLock { $0 = code }
            }
            done.notify(queue: .global()) {
                let streams = printed.snapshot
                completion(
                    Result(
                        status: status.snapshot, output: String(decoding: streams.output, as: UTF8.self),
                        errorOutput: String(decoding: streams.errors, as: UTF8.self)))
            }
        }

        /// A pipe's two descriptors, both close-on-exec.
        ///
        /// Swift's Glibc module does not declare `pipe2`, so the flag is set just after `pipe`: a child another
        /// thread starts in between would inherit the two, unless its launcher closes what it does not give (this
        /// one does, and so does Foundation's).
        private struct Pipe {
            let reading: Int32
            let writing: Int32

            init?() {
                var descriptors: [Int32] = [-1, -1]
                guard pipe(&descriptors) == 0 else { return nil }
                reading = descriptors[0]
                writing = descriptors[1]
                _ = fcntl(reading, F_SETFD, FD_CLOEXEC)
                _ = fcntl(writing, F_SETFD, FD_CLOEXEC)
            }

            func close() {
                Glibc.close(reading)
                Glibc.close(writing)
            }
        }

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not
        /// declare; `nil` where the C library lacks it.
        private static let addCloseFrom:
            (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
                guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
                return unsafeBitCast(
                    symbol,
                    to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
            }()

        /// Starts the program at `path` with `arguments`, its standard streams the descriptors given (`/dev/null` as
        /// input when `input` is `nil`) and no other descriptor of this process, every signal at its default; returns
        /// its id, for ``waitForExit(_:)``. `environment` replaces the process's when given.
        ///
        /// The tests start the built tools with it too: Foundation's `Process` is the one that crashes.
        /// - Throws: ``LaunchError`` (`launchFailed`) for a NUL in a word or a variable, a variable's name that is
        ///   empty or holds `=`, or the system's refusal (`No such file or directory`).
        package static func spawn(
            _ path: String, _ arguments: [String], environment: [String: String]?, input: Int32?, output: Int32,
            errors: Int32
        ) throws(LaunchError) -> pid_t {
            let words = [path] + arguments
            let variables = environment.map { $0.map { "\($0.key)=\($0.value)" } }
            if let bad = (words + (variables ?? [])).first(where: { $0.utf8.contains(0) }) {
                throw LaunchError(.launchFailed, "'\(bad)' holds a NUL character")
            }
            if let bad = environment?.keys.first(where: { $0.isEmpty || $0.contains("=") }) {
                throw LaunchError(.launchFailed, "'\(bad)' cannot name a variable")
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let input {
                posix_spawn_file_actions_adddup2(&actions, input, 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, errors, 2)
            _ = addCloseFrom?(&actions, 3)

            var settings = posix_spawnattr_t()
            posix_spawnattr_init(&settings)
            defer { posix_spawnattr_destroy(&settings) }
            var none = sigset_t()
            sigemptyset(&none)
            var all = sigset_t()
            sigfillset(&all)
            posix_spawnattr_setsigmask(&settings, &none)
            posix_spawnattr_setsigdefault(&settings, &all)
            posix_spawnattr_setflags(&settings, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            let argumentStrings = CStrings(words)
            let variableStrings = variables.map(CStrings.init)
            defer {
                argumentStrings.free()
                variableStrings?.free()
            }
            var child: pid_t = 0
            let code = posix_spawn(
                &child, path, &actions, &settings, argumentStrings.pointers, variableStrings?.pointers ?? environ)
            guard code == 0 else { throw LaunchError(.launchFailed, describe(code)) }
            return child
        }

        /// A `NULL`-ended array of C strings for `posix_spawn`, owned until ``free()``.
        private struct CStrings {
            let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

            init(_ strings: [String]) {
                pointers = .allocate(capacity: strings.count + 1)
                for (index, string) in strings.enumerated() { (pointers + index).initialize(to: strdup(string)) }
                (pointers + strings.count).initialize(to: nil)
            }

            func free() {
                var index = 0
                while let string = pointers[index] {
                    Glibc.free(string)
                    index += 1
                }
                pointers.deallocate()
            }
        }

        /// Reads `descriptor` to its end, keeping the first ``maxKeptBytes``, and closes it. A read that fails ends
        /// the reading as the stream's end does.
        private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
            defer { try? handle.close() }
            var kept: [UInt8] = []
            _ = FileContents.readChunks(of: handle) { chunk in
                kept += chunk.prefix(max(0, maxKeptBytes - kept.count))
                return true
            }
            return kept
        }

        /// Waits for `child` to end; its exit status, or 128 plus the number of the signal that ended it.
        package static func waitForExit(_ child: pid_t) -> Int32 {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 {
                guard errno == EINTR else { return -1 }
            }
            // `WIFEXITED` and its kin are C macros, which Swift does not import: the low 7 bits are the signal that
            // ended the program (0 when it exited), the next byte its exit status.
            let signal = status & 0x7f
            return signal == 0 ? (status >> 8) & 0xff : 128 + signal
        }

        private static func describe(_ code: Int32) -> String {
            String(cString: strerror(code))
        }
    }
#endif
