import Dispatch
import Foundation
import Switchyard

/// Runs the lines of some inputs through a function on several threads, block by block, and writes what each block
/// produces to standard output in input order.
///
/// Each thread keeps its own `State` (counts, examples) and the caller merges them at the end, so threads share
/// nothing but the reader and the turn to write. Memory is bounded: at most one block a thread is in flight.
struct LinePipeline: Sendable {
    /// One input: a path, or `-` for standard input.
    var inputs: [String]
    /// How many threads handle blocks at most: no more run than the machine has cores, since each keeps a state of its
    /// own (`audit`'s holds a cache of verdicts) and Dispatch runs no more at once.
    var threads = Self.defaultThreads
    /// Whether to show a progress line on standard error; callers ask for one only when it is a terminal.
    var showsProgress = false

    /// As many threads as the machine has cores.
    static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// The most threads a command may ask for: a bound on the input, well above the cores of the machines it runs on,
    /// so that a script that names a count works on each of them.
    static let mostThreads = 256

    /// Handles every block and returns each thread's state.
    ///
    /// - Parameters:
    ///   - makeState: the state a thread starts with.
    ///   - handle: handles one block: updates the thread's state and appends what to print to the output.
    /// - Throws: ``LineInputError`` when an input cannot be opened or read.
    func run<State: Sendable>(
        makeState: @Sendable () -> State,
        handle: @Sendable (_ block: LineReader.Block, _ state: inout State, _ output: inout [UInt8]) -> Void
    ) throws(LineInputError) -> [State] {
        let shared = SharedInput(inputs: inputs, progress: showsProgress ? Progress(inputs: inputs) : nil)
        let states = Gathered<State>()
        DispatchQueue.concurrentPerform(iterations: min(max(threads, 1), Self.defaultThreads)) { _ in
            var state = makeState()
            var output: [UInt8] = []
            while let block = shared.nextBlock() {
                output.removeAll(keepingCapacity: true)
                handle(block, &state, &output)
                shared.write(output, inTurn: block.index)
            }
            states.append(state)
        }
        shared.progress?.finish()
        if let error = shared.error { throw error }
        return states.values
    }
}

/// Why an input could not be read.
struct LineInputError: Error, CustomStringConvertible {
    var path: String
    var reason: String

    var description: String { "\(path): \(reason)" }
}

/// The reader, shared by the threads under a lock, and the turn to write, under a condition of its own.
///
/// The one place that does not use the package's `Locked`: the reader is a file handle, which is not `Sendable`, and
/// a thread waits for its turn to write, which takes a condition variable (`NSCondition`), not a mutex alone.
private final class SharedInput: @unchecked Sendable {
    // Safe: `remaining`, `reader`, `path`, `nextIndex` and `failure` are used with `readLock` locked; `nextToWrite` with
    // `turn` locked.
    private let readLock = NSLock()
    private var remaining: [String]
    private var reader: LineReader?
    /// The path `reader` reads.
    private var path = ""
    private var nextIndex = 0
    private var failure: LineInputError?
    private let turn = NSCondition()
    private var nextToWrite = 0
    let progress: Progress?

    init(inputs: [String], progress: Progress?) {
        remaining = inputs
        self.progress = progress
    }

    /// Why an input could not be read, once every thread is done.
    var error: LineInputError? { readLock.withLock { failure } }

    /// The next block of any input, numbered, or `nil` once every input is read or one failed.
    func nextBlock() -> LineReader.Block? {
        readLock.lock()
        defer { readLock.unlock() }
        while failure == nil {
            guard reader != nil else {
                guard !remaining.isEmpty else { return nil }
                open(remaining.removeFirst())
                continue
            }
            do {
                if var block = try reader?.next() {
                    block.index = nextIndex
                    nextIndex += 1
                    progress?.advance(over: block)
                    return block
                }
                reader = nil
            } catch {
                failure = LineInputError(
                    path: path, reason: "the file could not be read (\(FileContents.reason(of: error)))")
            }
        }
        return nil
    }

    private func open(_ path: String) {
        self.path = path == "-" ? "standard input" : path
        if path == "-" {
            reader = LineReader(.standardInput)
        } else {
            do {
                reader = LineReader(try FileContents.handle(at: path))
            } catch {
                failure = LineInputError(path: path, reason: "the file \(error.reason)")
            }
        }
    }

    /// Writes `bytes` once every block before `index` is written.
    func write(_ bytes: [UInt8], inTurn index: Int) {
        turn.lock()
        defer { turn.unlock() }
        while nextToWrite != index { turn.wait() }
        if !bytes.isEmpty { FileOutput.out(bytes) }
        nextToWrite += 1
        turn.broadcast()
    }
}

/// Values appended from several threads, read once they are done.
private final class Gathered<Value: Sendable>: Sendable {
    private let stored = Locked<[Value]>([])

    func append(_ value: Value) {
        stored.withLock { $0.append(value) }
    }

    var values: [Value] { stored.snapshot }
}
