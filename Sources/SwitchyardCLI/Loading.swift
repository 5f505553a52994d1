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

/// Splits `key=value` arguments; `allowingFlags` lets a bare `key` stand for an item without a value.
func keyValuePairs(_ arguments: [String], allowingFlags: Bool) throws -> [QueryItem] {
    try arguments.map { argument in
        guard let equals = argument.firstIndex(of: "=") else {
            if allowingFlags, !argument.isEmpty { return QueryItem(name: argument, value: nil) }
            throw ValidationError("'\(argument)' is not of the form key=value")
        }
        let name = String(argument[..<equals])
        guard !name.isEmpty else { throw ValidationError("'\(argument)' has no key before '='") }
        return QueryItem(name: name, value: String(argument[argument.index(after: equals)...]))
    }
}
