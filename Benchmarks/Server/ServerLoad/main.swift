// The server that Server/run.sh loads: Examples/shop.json served by SwitchyardServer, or, as the peer measured in the
// same run, a plain Hummingbird handler that returns a fixed string for every path (a GET, or a POST after reading
// its body). `plain-hop` is the plain handler waiting, before it answers, for one job on NIO's thread pool that does
// nothing: the floor of a handler that waits once for blocking work, as a site's SQLite read does, without the read.
//
//     ServerLoad switchyard|plain|plain-hop PORT [ROUTE-FILE]
import Foundation
import Hummingbird
import Logging
import NIOPosix
import Switchyard
import SwitchyardServer

let arguments = CommandLine.arguments
let modes = ["switchyard", "plain", "plain-hop"]
guard arguments.count >= 3, modes.contains(arguments[1]), let port = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: ServerLoad \(modes.joined(separator: "|")) PORT [ROUTE-FILE]\n".utf8))
    exit(2)
}
// Both modules have a `Router`: the site's is Hummingbird's.
let router = Hummingbird.Router()
if arguments[1] == "switchyard" {
    let file = try RouteFile(contentsOf: arguments.count > 3 ? arguments[3] : "Examples/shop.json")
    router.add(middleware: try UniversalLinkMiddleware(routeFile: file))
} else if arguments[1] == "plain-hop" {
    router.get("**") { _, _ in
        try await NIOThreadPool.singleton.runIfActive {}
        return "Open in Shop"
    }
} else {
    router.get("**") { _, _ in "Open in Shop" }
    // The floor of a JSON POST (claims.sh's redemptions): the body read, a fixed answer.
    router.post("**") { request, _ in
        _ = try await request.body.collect(upTo: 64 * 1_024)
        return #"{"slug":"bench","target":"myapp://product/1988"}"#
    }
}
var logger = Logger(label: "server-load")
logger.logLevel = .error
let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
try await app.runService()
