import Logging
import Switchyard

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A route file that the explorer shows, loaded, and the router made from it.
struct LoadedRoutes: Sendable {
    let file: RouteFile
    let router: Router
}

/// What the explorer knows of its route file: the last version that loaded, and why the file on disk does not load
/// now, if it does not.
struct RouteFileSnapshot: Sendable {
    /// The path as the command was given it, for titles and messages.
    let path: String
    /// The last version of the file that loaded; `nil` when none has yet.
    var routes: LoadedRoutes?
    /// Why the file as it is on disk now does not load.
    var problem: RouteFileError?
}

/// Keeps a route file loaded while it is edited: ``current()`` reads the file again when its size, modification time
/// or inode changed since the last look (an editor that saves by renaming a new file over the old one changes the
/// inode), and loads it when its bytes changed. A file that stops loading keeps its last good routes on show, with the
/// problem beside them.
final class RouteFileWatcher: Sendable {
    private struct State {
        var snapshot: RouteFileSnapshot
        /// The file's size, modification time and inode at the last look.
        var signature: String?
        var bytes: Data?
    }

    let path: String
    private let logger: Logger
    private let state: Locked<State>

    /// Loads the file for the first time.
    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
        state = Locked(State(snapshot: RouteFileSnapshot(path: path)))
        _ = current()
    }

    /// The routes as the file is now, read again if it changed on disk. Requests call this, so a page reloaded
    /// after a save shows the saved file; loading runs under the lock, once for concurrent requests.
    func current() -> RouteFileSnapshot {
        state.withLock { state in
            let signature = Self.signature(of: path)
            guard signature != state.signature || signature == nil else { return state.snapshot }
            state.signature = signature
            let bytes: Data
            do throws(RouteFileError) {
                bytes = Data(try RouteFile.bytes(at: path, named: path))
            } catch {
                state.bytes = nil
                return report(error, in: &state)
            }
            guard bytes != state.bytes else { return state.snapshot }
            state.bytes = bytes
            do throws(RouteFileError) {
                let file = try RouteFile(data: bytes, path: path)
                let router = try file.makeRouter()
                let isReload = state.snapshot.routes != nil || state.snapshot.problem != nil
                state.snapshot.routes = LoadedRoutes(file: file, router: router)
                state.snapshot.problem = nil
                logger.info(
                    "\(isReload ? "reloaded" : "loaded") \(path): \(router.routes.count) routes in \(file.settings.count) tables"
                )
            } catch {
                return report(error, in: &state)
            }
            return state.snapshot
        }
    }

    private func report(_ problem: RouteFileError, in state: inout State) -> RouteFileSnapshot {
        if state.snapshot.problem != problem {
            logger.error("\(path) does not load: \(problem)")
        }
        state.snapshot.problem = problem
        return state.snapshot
    }

    /// The file's size, modification time and inode, or `nil` when it cannot be read.
    private static func signature(of path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let size = attributes[.size].map { "\($0)" } ?? "-"
        let modified = (attributes[.modificationDate] as? Date).map { "\($0.timeIntervalSince1970)" } ?? "-"
        let inode = attributes[.systemFileNumber].map { "\($0)" } ?? "-"
        return "\(size) \(modified) \(inode)"
    }
}
