#if os(Linux)
    import Glibc
    import Switchyard
    import Testing

    /// The launcher the system's app launcher and scheme registration run `xdg-open` and `xdg-mime` with: real
    /// programs, started with `posix_spawn`.
    @Suite("Running a program")
    struct SubprocessTests {
        /// A shell script, and the exit status and output it must come back with.
        @Test(
            arguments: [
                ("printf out; printf err >&2; exit 3", 3, "out", "err"),
                ("exit 0", 0, "", ""),
                ("printf 'a\\nb\\n'", 0, "a\nb\n", ""),
                // Standard input is /dev/null: `cat` ends at once instead of waiting for a terminal.
                ("cat; printf done", 0, "done", ""),
                // A signal's end is said as a shell says it: 128 and the signal's number.
                ("kill -TERM $$", 128 + SIGTERM, "", ""),
                ("kill -KILL $$", 128 + SIGKILL, "", ""),
            ] as [(String, Int32, String, String)])
        func aProgramsStatusAndOutputComeBack(script: String, status: Int32, output: String, errors: String)
            async throws
        {
            let result = try await Subprocess.run("sh", ["-c", script], environment: nil)
            #expect(result.status == status)
            #expect(result.output == output)
            #expect(result.errorOutput == errors)
        }

        @Test func theBlockingRunWaitsForTheSameResult() throws {
            let result = try Subprocess.runBlocking("sh", ["-c", "sleep 0.2; printf late; exit 7"], environment: nil)
            #expect(result.status == 7)
            #expect(result.output == "late")
        }

        @Test func aProgramNotOnThePathExitsWith127SayingSo() async throws {
            let result = try await Subprocess.run("switchyard-no-such-program", [], environment: ["PATH": "/usr/bin"])
            #expect(result.status == 127)
            #expect(result.errorOutput.contains("switchyard-no-such-program"))
        }

        /// The given environment replaces the process's, variable for variable; arguments arrive as they were given,
        /// never through a shell.
        @Test func theEnvironmentAndArgumentsArriveAsGiven() async throws {
            let environment = ["PATH": "/usr/bin:/bin", "SWITCHYARD_A": "x y", "SWITCHYARD_B": "$HOME;`id`"]
            let printed = try await Subprocess.run("env", [], environment: environment)
            #expect(
                Set(printed.output.split(separator: "\n").map(String.init)) == Set(environment.map { "\($0)=\($1)" }))
            let arguments = ["a b", "$(id)", "'", "é", ""]
            let echoed = try await Subprocess.run("printf", ["%s|"] + arguments, environment: nil)
            #expect(echoed.output == arguments.map { $0 + "|" }.joined())
        }

        /// More than the launcher keeps, on both streams at once: the program is read to its end (it would block on a
        /// full pipe otherwise) and the first `maxKeptBytes` of each are kept.
        @Test func aChattyProgramIsReadToItsEndAndKeptToTheBound() async throws {
            let size = Subprocess.maxKeptBytes * 3
            let result = try await Subprocess.run(
                "sh", ["-c", "head -c \(size) /dev/zero & head -c \(size) /dev/zero >&2; wait; exit 4"],
                environment: nil)
            #expect(result.status == 4)
            #expect(result.output.utf8.count == Subprocess.maxKeptBytes)
            #expect(result.errorOutput.utf8.count == Subprocess.maxKeptBytes)
        }

        /// A descriptor the parent opened without close-on-exec (a listening socket, say) is not the child's. The
        /// file has a name of its own, looked for among the targets of the child's descriptors; its number is the one
        /// the system gives (a number chosen here could be another test's descriptor, which `dup2` would close).
        @Test func theChildGetsNoOtherDescriptorOfTheParent() async throws {
            let path = "/tmp/switchyard-inherited-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
            try #require(descriptor >= 0)
            defer {
                close(descriptor)
                unlink(path)
            }
            let listed = try await Subprocess.run("ls", ["-l", "/proc/self/fd/"], environment: nil)
            #expect(listed.status == 0)
            #expect(listed.output.contains("pipe:["), "\(listed.output)")
            #expect(!listed.output.contains(path), "\(listed.output)")
        }

        /// A server ignores `SIGPIPE`; the program it starts must not: it gets every signal at its default.
        @Test func theChildDoesNotInheritAnIgnoredSignal() async throws {
            // Left ignored, not restored: NIO ignores SIGPIPE in this process too, once, when it makes its first
            // socket. Restoring the default this test found, while another test's NIO had ignored it meanwhile, gave
            // the whole test process back a SIGPIPE that ended it at the next write to a closed connection (a CI
            // run: `exited with unexpected signal code 13`).
            signal(SIGPIPE, SIG_IGN)
            let result = try await Subprocess.run("grep", ["^SigIgn:", "/proc/self/status"], environment: nil)
            let mask = try #require(
                UInt64(result.output.split(separator: "\t").last?.filter(\.isHexDigit) ?? "", radix: 16))
            #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0, "\(result.output)")
        }

        @Test(
            "a NUL character or a malformed variable is refused before anything runs",
            arguments: [
                (["a\u{0}b"], nil), ([], ["X\u{0}": "1"]), ([], ["X": "1\u{0}"]), ([], ["A=B": "1"]), ([], ["": "1"]),
            ] as [([String], [String: String]?)])
        func aMalformedArgumentIsRefused(arguments: [String], environment: [String: String]?) async {
            let error = await #expect(throws: LaunchError.self) {
                try await Subprocess.run("true", arguments, environment: environment)
            }
            #expect(error?.code == .launchFailed)
            #expect(error?.message.hasPrefix("true could not be run: ") == true)
        }

        /// Many programs started at once from many tasks: each gets its own output (Foundation's `Process`
        /// crashed now and then when started this way).
        @Test func manyProgramsAtOnceEachGetTheirOwnOutput() async throws {
            let outputs = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<64 {
                    group.addTask {
                        (index, try await Subprocess.run("printf", ["%s", "run \(index)"], environment: nil).output)
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(outputs.count == 64)
            #expect(outputs.allSatisfy { $0.value == "run \($0.key)" })
        }
    }
#endif
