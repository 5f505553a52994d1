import Foundation
import Switchyard
import Testing

@Suite("Loading route files")
struct RouteFileLoadingTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Examples/shop.json").standardizedFileURL

    @Test func aFileURLLoadsAsItsPathDoes() throws {
        let byURL = try RouteFile(contentsOf: Self.example)
        let byPath = try RouteFile(contentsOf: Self.example.path)
        #expect(byURL.path == Self.example.path)
        #expect(byURL.routes == byPath.routes)
        #expect(byURL.apps == byPath.apps)
    }

    @Test func aMissingFileURLIsUnreadableAndNamed() {
        let missing = URL(fileURLWithPath: "/no/such/routes.json")
        let error = #expect(throws: RouteFileError.self) { try RouteFile(contentsOf: missing) }
        #expect(error?.code == .unreadable)
        #expect(error?.file == "/no/such/routes.json")
        #expect(error?.message == "the file cannot be read: No such file or directory")
    }

    /// A file over the bound is refused without being parsed; one of exactly the bound is read.
    @Test func aFileOverTheMostBytesIsUnreadableAndOneOfThemLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-routes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = try Data(contentsOf: Self.example)
        bytes.append(Data(repeating: UInt8(ascii: " "), count: RouteFile.maxFileBytes - bytes.count))
        let largest = folder.appendingPathComponent("largest.json")
        try bytes.write(to: largest)
        #expect(try RouteFile(contentsOf: largest).routes == RouteFile(contentsOf: Self.example.path).routes)
        bytes.append(UInt8(ascii: " "))
        let over = folder.appendingPathComponent("over.json")
        try bytes.write(to: over)
        let error = #expect(throws: RouteFileError.self) { try RouteFile(contentsOf: over) }
        #expect(error?.code == .unreadable)
        #expect(error?.message == "the file is larger than 8 MiB, more than any route file")
    }

    @Test func aURLThatIsNoFileIsUnreadableWithoutAFetch() throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/routes.json"))
        let error = #expect(throws: RouteFileError.self) { try RouteFile(contentsOf: url) }
        #expect(error?.code == .unreadable)
        #expect(error?.message == "not a file URL: load its bytes with init(data:path:)")
    }
}
