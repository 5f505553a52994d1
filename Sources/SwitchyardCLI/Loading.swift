import ArgumentParser
import Foundation
import Switchyard

/// Loads a route file for a subcommand; a file that does not load ends the tool with exit code 2.
func loadRouteFile(_ path: String) throws -> RouteFile {
    do {
        return try RouteFile(contentsOf: path)
    } catch {
        FileOutput.error("error: \(error)\n")
        throw Exit.badInput
    }
}

/// Makes the router for a loaded file.
func makeRouter(_ file: RouteFile) throws -> Router {
    do {
        return try file.makeRouter()
    } catch {
        FileOutput.error("error: \(error)\n")
        throw Exit.badInput
    }
}

/// Runs `pipeline`; an input that cannot be read ends the tool with exit code 2.
func runReportingErrors<State: Sendable>(
    _ pipeline: LinePipeline, makeState: @Sendable () -> State,
    handle: @Sendable (LineReader.Block, inout State, inout [UInt8]) -> Void
) throws -> [State] {
    do {
        return try pipeline.run(makeState: makeState, handle: handle)
    } catch {
        FileOutput.error("error: \(error)\n")
        throw Exit.badInput
    }
}
