// The floor under `switchyard route` and `switchyard audit` in Swift: read a file of links in blocks as the tool does,
// split it into lines, make each line a `String`, and route nothing.
//
//     swiftc -O Benchmarks/CLI/ReadFloor.swift -o read-floor && ./read-floor links.txt
import Foundation

guard CommandLine.arguments.count == 2, let handle = FileHandle(forReadingAtPath: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: read-floor FILE\n".utf8))
    exit(2)
}
var pending: [UInt8] = []
var lines = 0
var bytes = 0
while let chunk = try handle.read(upToCount: 1 << 18), !chunk.isEmpty {
    pending.append(contentsOf: chunk)
    var start = 0
    while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[start..<end], as: UTF8.self)
        bytes += line.utf8.count
        lines += 1
        start = end + 1
    }
    pending.removeFirst(start)
}
print("\(lines) lines, \(bytes) bytes")
