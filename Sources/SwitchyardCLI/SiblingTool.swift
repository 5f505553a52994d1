import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tool built beside this one as a product of its own (`switchyard-serve`, `switchyard-verify-site`), so that
/// `switchyard` builds without a web server or an HTTP client, and that `switchyard serve` and
/// `switchyard verify-site` run.
struct SiblingTool {
    /// The `switchyard` command that runs it: `serve`.
    var command: String
    /// The product's name.
    var name: String
    /// How to run it at once from the package: `swift run switchyard-serve FILE`.
    var build: String

    /// Replaces this process with the tool, given `arguments`, so that signals and the exit status are the tool's
    /// own. Throws (exit 2, with the way to build it) when it is not beside this tool or cannot be started.
    func replaceProcess(arguments: [String]) throws {
        let tool =
            Bundle.main.executableURL?.resolvingSymlinksInPath() ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let path = tool.deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            FileOutput.error(
                """
                error: switchyard \(command) runs \(name), which is not beside this tool (\(path)).
                Build it with `swift build --product \(name)`, or run it with `\(build)`.

                """)
            throw Exit.badInput
        }
        // The strings live until the process is replaced; if it is not, the tool exits at once.
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        FileOutput.error("error: \(name) could not be started: \(String(cString: strerror(errno)))\n")
        throw Exit.badInput
    }
}
