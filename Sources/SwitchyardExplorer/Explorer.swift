import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import SwitchyardServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `switchyard serve`: the route explorer and the test-link page, served from a route file that is read again
/// when it changes.
///
/// ```swift
/// let explorer = Explorer(path: "Examples/shop.json", logger: logger)
/// try await explorer.run(host: "127.0.0.1", port: 8080)
/// ```
@available(macOS 14, iOS 17, tvOS 17, *)
package struct Explorer: Sendable {
    let watcher: RouteFileWatcher
    let logger: Logger

    /// Loads the file; a file that does not load is served all the same, its problem on every page.
    package init(path: String, logger: Logger) {
        self.logger = logger
        watcher = RouteFileWatcher(path: path, logger: logger)
    }

    /// The application: each of the explorer's pages is a route (``ExplorerSite/pages``), `HEAD` answered as
    /// `GET`, any other method refused with 405; every request is logged. `onRunning` gets the port it listens on
    /// once it does (the port asked for, or the one the system chose for `0`).
    package func application(
        host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let site = ExplorerSite(watcher: watcher)
        let router = Hummingbird.Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: ExplorerMiddleware(site: site, logger: logger))
        let refused: [HTTPRequest.Method] = [.post, .put, .patch, .delete, .options, .trace, .connect]
        for (path, page) in ExplorerSite.pages {
            router.get(RouterPath(path)) { request, _ in
                Response(site.answer(page, target: request.uri.description), for: request)
            }
            for method in refused {
                router.on(RouterPath(path), method: method) { request, _ in
                    Response(ExplorerSite.notAllowed, for: request)
                }
            }
        }
        var application = Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) }, logger: logger)
        application.addServices(RouteFileWatching(watcher: watcher, interval: .seconds(1)))
        return application
    }

    /// Serves until SIGINT or SIGTERM, then finishes the requests in flight and returns.
    /// - Throws: ``ListeningError`` when it cannot listen on `host` and `port`.
    package func run(host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        async throws
    {
        try await ListeningError.saying(host: host, port: port) {
            try await application(host: host, port: port, onRunning: onRunning)
                .runService(gracefulShutdownSignals: [.sigint, .sigterm])
        }
    }
}

/// Logs every request of the explorer (method, path, status and time taken), and answers a path the router has
/// no route for with the explorer's 404 page (405 for a method other than `GET` and `HEAD`, as on every page).
@available(macOS 14, iOS 17, tvOS 17, *)
struct ExplorerMiddleware<Context: RequestContext>: RouterMiddleware {
    let site: ExplorerSite
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        var answer: Response
        do {
            answer = try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            let page = request.method == .get || request.method == .head ? site.notFound() : ExplorerSite.notAllowed
            answer = Response(page, for: request)
        }
        let elapsed = ContinuousClock.now - start
        // A long target is cut in the log: the log is for people, and a hostile request could be megabytes.
        let path = request.uri.path
        let shown = path.count > 200 ? path.prefix(200) + "…" : Substring(path)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info("\(request.method) \(shown) \(answer.status.code) \((milliseconds * 10).rounded() / 10) ms")
        return answer
    }
}

/// Looks at the route file every `interval`, so that the log says when it was reloaded or stopped loading, even
/// while no page is open.
@available(macOS 14, iOS 17, tvOS 17, *)
struct RouteFileWatching: Service {
    let watcher: RouteFileWatcher
    let interval: Duration

    func run() async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                _ = watcher.current()
            }
        }
    }
}
