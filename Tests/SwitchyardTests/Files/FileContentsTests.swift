import Foundation
import Switchyard
import Testing

/// `FileContents`, which reads the files users name (route files, imports, settings, certificates): the whole file
/// up to a bound, and the system's reason when it cannot.
@Suite("Reading a file no further than a bound")
struct FileContentsTests {
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-file-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// A file's size, the bound, and whether it is read: up to the bound it is, whole, across chunks of 64 KiB.
    @Test(arguments: [(0, 10), (1, 1), (10, 10), (11, 10), (200_000, 200_000), (200_001, 200_000), (70_000, 65_536)])
    func aFileIsReadWholeUpToTheBound(size: Int, bound: Int) throws {
        try Self.withFolder { folder in
            let file = folder.appendingPathComponent("file")
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try Data(bytes).write(to: file)
            if size <= bound {
                #expect(try FileContents.bytes(at: file.path, atMost: bound) == bytes)
            } else {
                let error = #expect(throws: FileContentsError.self) {
                    try FileContents.bytes(at: file.path, atMost: bound)
                }
                #expect(error?.kind == .tooLarge)
                #expect(error?.description == "\(file.path): is larger than \(FileContents.describe(bytes: bound))")
            }
        }
    }

    @Test func aMissingFileAndAFolderAreUnreadableWithTheSystemsReason() throws {
        try Self.withFolder { folder in
            for (path, reason) in [
                (folder.appendingPathComponent("missing").path, "cannot be read: No such file or directory"),
                (folder.path, "cannot be read: Is a directory"),
            ] {
                let error = #expect(throws: FileContentsError.self) { try FileContents.bytes(at: path, atMost: 100) }
                #expect(error?.kind == .unreadable)
                #expect(error?.path == path)
                #expect(error?.reason == reason)
            }
        }
    }

    /// A FIFO that nothing writes to reads as empty at once, rather than waiting for a writer.
    @Test func aFIFOWithoutAWriterIsEmpty() throws {
        try Self.withFolder { folder in
            let fifo = folder.appendingPathComponent("fifo").path
            try #require(mkfifo(fifo, 0o600) == 0)
            #expect(try FileContents.bytes(at: fifo, atMost: 100) == [])
        }
    }

    /// A pipe whose writer writes only after the read began (a shell's `<(command)`) is read as it is written.
    @Test func aPipeIsReadAsItsWriterWrites() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let written = Array("{\"routes\": []}".utf8)
        let writer = ends[1]
        Thread {
            Thread.sleep(forTimeInterval: 0.2)
            _ = written.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
        }.start()
        #expect(try FileContents.bytes(at: "/dev/fd/\(ends[0])", atMost: 100) == written)
    }

    @Test func aHandleReadsAFileAndIsRefusedForAFolderOrAMissingFile() throws {
        try Self.withFolder { folder in
            let file = folder.appendingPathComponent("links.txt")
            try Data("myapp://product/1\n".utf8).write(to: file)
            let handle = try FileContents.handle(at: file.path)
            #expect(try handle.readToEnd() == Data("myapp://product/1\n".utf8))
            for (path, reason) in [
                (folder.path, "cannot be read: Is a directory"),
                (folder.appendingPathComponent("missing").path, "cannot be read: No such file or directory"),
            ] {
                let error = #expect(throws: FileContentsError.self) { try FileContents.handle(at: path) }
                #expect(error?.reason == reason)
            }
        }
    }

    @Test(arguments: [(2 << 20, "2 MiB"), (1 << 20, "1 MiB"), (1000, "1000 bytes"), ((1 << 20) + 1, "1048577 bytes")])
    func sizesAreDescribedInMebibytesWhenWhole(bytes: Int, text: String) {
        #expect(FileContents.describe(bytes: bytes) == text)
    }
}
