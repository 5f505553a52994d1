import Foundation

/// Reads a file, or standard input, in blocks of whole lines, so that each block can be handled on its own thread.
///
/// A block ends at a newline (or at the end of the input). A line longer than ``maxLineLength`` is not kept: its
/// bytes are skipped up to its newline and the block that follows counts it, so memory stays bounded whatever the
/// input holds.
struct LineReader {
    /// What one read returns.
    struct Block: Sendable {
        /// The block's number among all the blocks of a run, from 0, in input order.
        var index = 0
        /// Whole lines, each ended by a newline but perhaps the last of the input.
        var bytes: [UInt8]
        /// How many lines past ``LineReader/maxLineLength`` were skipped just before these bytes.
        var skippedLongLines = 0
    }

    /// The longest line kept: a link longer than any router's limit, and short enough to hold twice per thread.
    static let maxLineLength = 1 << 20
    /// How much one read asks for.
    static let readSize = 1 << 18

    private let handle: FileHandle
    /// The bytes read past the last newline: the start of the next block.
    private var pending: [UInt8] = []
    private var isAtEnd = false

    /// Reads `handle` from where it is.
    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next block of whole lines, or `nil` at the end of the input.
    /// - Throws: the error of a read that failed.
    mutating func next() throws -> Block? {
        var skipped = 0
        while !isAtEnd {
            let searchStart = pending.count
            let chunk = try handle.read(upToCount: Self.readSize) ?? Data()
            if chunk.isEmpty {
                isAtEnd = true
                break
            }
            pending.append(contentsOf: chunk)
            if let lastNewline = pending[searchStart...].lastIndex(of: UInt8(ascii: "\n")) {
                // The whole lines leave as the block; what follows them stays for the next one.
                var lines = Array(pending[(lastNewline + 1)...])
                pending.removeSubrange((lastNewline + 1)...)
                swap(&lines, &pending)
                return Block(bytes: lines, skippedLongLines: skipped)
            }
            if pending.count > Self.maxLineLength {
                pending = []
                skipped += 1
                try skipToNextLine()
            }
        }
        guard !pending.isEmpty || skipped > 0 else { return nil }
        defer { pending = [] }
        return Block(bytes: pending, skippedLongLines: skipped)
    }

    /// Skips the rest of an overlong line, keeping what follows its newline in ``pending``.
    private mutating func skipToNextLine() throws {
        while let chunk = try handle.read(upToCount: Self.readSize), !chunk.isEmpty {
            if let newline = chunk.firstIndex(of: UInt8(ascii: "\n")) {
                pending = Array(chunk[(newline + 1)...])
                return
            }
        }
        isAtEnd = true
    }
}

extension LineReader.Block {
    /// Calls `body` with each line that is not empty, its newline and a carriage return before it removed.
    func forEachLine(_ body: (_ line: ArraySlice<UInt8>) -> Void) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            if lineEnd > start { body(bytes[start..<lineEnd]) }
            start = end + 1
        }
    }
}
