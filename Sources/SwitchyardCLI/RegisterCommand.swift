import ArgumentParser
import Switchyard

struct RegisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Make a scheme open a command (Linux).",
        discussion: """
            Writes a desktop entry into $XDG_DATA_HOME/applications (or ~/.local/share/applications) and makes \
            it the default handler for x-scheme-handler/SCHEME: the Linux counterpart of an Info.plist's URL \
            types. The link is passed to the command as its last argument.

            Example:
              switchyard register myapp --command '/usr/local/bin/myapp --open'
              xdg-open 'myapp://product/1988'   # runs: /usr/local/bin/myapp --open myapp://product/1988
            """)

    @Argument(help: "The scheme to register.")
    var scheme: String

    @Option(help: "The command that receives the links.")
    var command: String

    @Option(help: "The name shown for the entry (the scheme by default).")
    var name: String?

    func run() throws {
        #if os(Linux)
            do {
                let path = try SchemeRegistration.register(scheme: scheme, command: command, name: name)
                print("registered \(scheme) → \(command) (\(path))")
            } catch {
                FileOutput.error("error: \(error)\n")
                throw Exit.failure
            }
        #else
            FileOutput.error("error: register works on Linux; use URL types in Info.plist elsewhere\n")
            throw Exit.failure
        #endif
    }
}
