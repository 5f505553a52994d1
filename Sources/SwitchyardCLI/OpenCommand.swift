import ArgumentParser
import Switchyard

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a link with the app registered for its scheme.",
        discussion: """
            On Linux this asks the desktop's registry (xdg-mime) and opens the link with xdg-open, which needs \
            DISPLAY or WAYLAND_DISPLAY to be set for scheme handlers.

            Example:
              switchyard open 'myapp://product/1988'

            Exits with 1 when no app opens the link, 2 when it is not a link (it has no scheme).
            """)

    @Argument(help: "The link to open.")
    var link: String

    func run() async throws {
        #if os(Linux) || canImport(AppKit)
            do {
                try await SystemAppLauncher().open(link)
            } catch {
                FileOutput.error("error: \(error)\n")
                throw error.code == .invalidLink ? Exit.badInput : Exit.failure
            }
        #else
            FileOutput.error("error: this platform has no system launcher for the tool\n")
            throw Exit.failure
        #endif
    }
}
