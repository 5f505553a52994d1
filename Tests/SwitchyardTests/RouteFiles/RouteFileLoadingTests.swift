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
    }
}
