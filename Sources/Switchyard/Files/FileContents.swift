import Foundation

/// The bytes of a file a user named (a route file, a CSV file to import, a settings file, a PEM file), read no
/// further than a bound, and when it cannot be read, the system's reason: `No such file or directory`, `Is a
/// directory`, `Permission denied`.
///
/// Foundation's `Data(contentsOf:)` reads any file whole, and says of a folder only that the operation could not be
/// completed.
///
/// ```swift
/// let bytes = try FileContents.bytes(at: "links.csv", atMost: 2 << 20)
/// ```
package enum FileContents {
    /// The bytes of the file at `path`.
    /// - Throws: ``FileContentsError``: `unreadable` with the system's reason, or `tooLarge` when the file holds more
    ///   than `maxBytes` (reading stops there).
    package static func bytes(at path: String, atMost maxBytes: Int) throws(FileContentsError) -> [UInt8] {
        let handle = FileHandle(fileDescriptor: try openForReading(path), closeOnDealloc: false)
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        var isTooLarge = false
        let failure = readChunks(of: handle) { chunk in
            isTooLarge = bytes.count + chunk.count > maxBytes
            if !isTooLarge { bytes += chunk }
            return !isTooLarge
        }
        if let failure { throw FileContentsError(.unreadable, path: path, reason: "cannot be read: \(failure)") }
        if isTooLarge {
            throw FileContentsError(.tooLarge, path: path, reason: "is larger than \(describe(bytes: maxBytes))")
        }
        return bytes
    }

    /// Reads `handle` in chunks of 64 KiB (each read waits for a whole chunk or the end), handing each to `body`,
    /// until the end or until `body` returns `false`; the system's reason when a read fails (`Is a directory`), else
    /// `nil`. Files and a child's output are read through it, to their ends.
    package static func readChunks(of handle: FileHandle, _ body: (Data) -> Bool) -> String? {
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 16)
            } catch {
                return reason(of: error)
            }
            guard let chunk, !chunk.isEmpty, body(chunk) else { return nil }
        }
    }

    /// A handle on the file at `path`, for a file read as a stream (the links `switchyard audit` reads), refused as
    /// ``bytes(at:atMost:)`` refuses it when it cannot be opened or is a folder.
    package static func handle(at path: String) throws(FileContentsError) -> FileHandle {
        let descriptor = try openForReading(path)
        var status = stat()
        if fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw FileContentsError(
                .unreadable, path: path, reason: "cannot be read: \(String(cString: strerror(EISDIR)))")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// A descriptor open for reading `path`, whose reads wait for data.
    ///
    /// It is opened without waiting, so that a FIFO no process writes to opens at once (and then reads as empty)
    /// rather than hanging; then its reads are made to wait again, so that a pipe whose writer has not written yet
    /// (a shell's `<(command)`) is read as it is written, not refused with `EAGAIN`.
    private static func openForReading(_ path: String) throws(FileContentsError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw FileContentsError(.unreadable, path: path, reason: "cannot be read: \(systemError())")
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let reason = systemError()
            close(descriptor)
            throw FileContentsError(.unreadable, path: path, reason: "cannot be read: \(reason)")
        }
        return descriptor
    }

    /// The system's reason for a file operation of Foundation's that failed (`Not a directory`, `Permission
    /// denied`), where Foundation's own sentence says only that the file does not exist or the operation could not be
    /// completed; that sentence when the error wraps no system error.
    package static func reason(of error: any Error) -> String {
        // Foundation wraps the system's error, as a POSIXError or as an NSError of the POSIX domain, whose code is
        // the error's number.
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey]
        if let posix = underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        guard let system = underlying as? NSError, system.domain == NSPOSIXErrorDomain else {
            return error.localizedDescription
        }
        return String(cString: strerror(Int32(system.code)))
    }

    /// Why no file can be at `path`, as the file system says it, for a library that says only that it failed to
    /// open one (SQLite): the path is a folder, or its folder is missing or is a file. `nil` when neither.
    package static func whyNoFile(canBeAt path: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            return isFolder.boolValue ? "it is a folder" : nil
        }
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return "its folder \(folder) does not exist"
        }
        return isFolder.boolValue ? nil : "\(folder) is a file, not a folder"
    }

    /// `n` bytes as a person reads them: `2 MiB` for a whole number of MiB, `1000 bytes` otherwise.
    package static func describe(bytes n: Int) -> String {
        n >= 1 << 20 && n % (1 << 20) == 0 ? "\(n >> 20) MiB" : "\(n) bytes"
    }

    /// What the last failed system call says went wrong (`errno`'s text).
    private static func systemError() -> String { String(cString: strerror(errno)) }
}

/// A file that ``FileContents`` could not read whole: which, and why.
package struct FileContentsError: Error, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// The system refused to open or read it; ``reason`` is its word.
        case unreadable
        /// It holds more than the bound.
        case tooLarge
    }

    package let kind: Kind
    package let path: String
    /// What is wrong, to follow the path: `cannot be read: No such file or directory`, `is larger than 2 MiB`.
    package let reason: String

    /// `PATH: REASON`.
    package var description: String { "\(path): \(reason)" }

    init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }
}
