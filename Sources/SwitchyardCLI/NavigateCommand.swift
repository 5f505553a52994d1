import ArgumentParser
import Foundation
import Switchyard
import SwitchyardReports

struct NavigateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigate",
        abstract: "Show where each link's screen goes in the app: the steps and the resulting tabs, stacks and sheets.",
        discussion: """
            Opens the links in order, as an app receives them: the first from a cold start (each tab at its \
            root), or from the tree in --from; each next one in the app the one before left. For each link: its \
            screen, the plan's steps (dismiss, select a tab, pop, push, present) and the resulting tree. The \
            route file places each route with "tab", "presentation", "parents" and "warm", and declares its \
            "tabs".

            A tree given with --from is restored through the route file's router: a screen whose link no longer \
            opens a route is dropped with those above it, and each drop is noted on standard error.

            Examples:
              switchyard navigate Examples/shop.json 'myapp://product/7/reviews' 'myapp://promo/XMAS'
              switchyard navigate --json --from tree.json Examples/shop.json 'https://shop.example.com/product/8'

            Exits with 1 when a link opens no screen.
            """)

    @Flag(help: "Print one JSON object a link, one a line: the screen, the steps and the tree.")
    var json = false

    @Option(help: "A saved tree (JSON, as the 'tree' of --json) to start from, instead of a cold start.")
    var from: String?

    @Argument(help: "The route file (JSON).")
    var file: String

    @Argument(help: "The links to open, in order.")
    var links: [String]

    func run() throws {
        let routeFile = try loadRouteFile(file)
        let navigator: Navigator
        do {
            navigator = try routeFile.makeNavigator()
        } catch {
            FileOutput.error("error: \(error)\n")
            throw Exit.badInput
        }
        let reports = NavigationReport.open(links, from: try startingTree(navigator), with: navigator)
        let texts = reports.map { json ? $0.json + "\n" : $0.human + "\n" }
        FileOutput.out(texts.joined(separator: json ? "" : "\n"))
        if !reports.allSatisfy(\.isSuccess) { throw Exit.failure }
    }

    /// The tree in `--from`, restored through the router; a cold start without it.
    private func startingTree(_ navigator: Navigator) throws -> NavigationStart {
        guard let from else { return .coldStart }
        let bytes: [UInt8]
        do {
            bytes = try FileContents.bytes(at: from, atMost: Navigator.maxSavedTreeBytes)
        } catch {
            FileOutput.error("error: \(from): the file \(error.reason)\n")
            throw Exit.badInput
        }
        let restored: Restoration
        do {
            restored = try navigator.restore(from: Data(bytes))
        } catch {
            FileOutput.error("error: \(from): \(error)\n")
            throw Exit.badInput
        }
        for drop in restored.dropped { FileOutput.error("note: not restored: \(drop)\n") }
        return .warm(restored.tree)
    }
}
