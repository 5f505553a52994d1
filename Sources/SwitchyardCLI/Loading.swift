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

/// Lays rows out in columns separated by two spaces; the columns from `rightAlignedFrom` on (numbers) are aligned
/// to the right.
func columns(_ rows: [[String]], rightAlignedFrom firstRight: Int = .max) -> String {
    let widths = rows.reduce(into: [Int]()) { widths, row in
        for (index, cell) in row.enumerated() {
            if index >= widths.count { widths.append(0) }
            widths[index] = max(widths[index], cell.count)
        }
    }
    return rows.map { row in
        row.enumerated().map { index, cell in
            let padding = String(repeating: " ", count: widths[index] - cell.count)
            if index >= firstRight { return padding + cell }
            return index == row.count - 1 ? cell : cell + padding
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}
