import Foundation
import Switchyard
import Testing

@Suite("Constraints in route files")
struct RouteFileConstraintTests {
    private func load(_ json: String) throws(RouteFileError) -> RouteFile {
        try RouteFile(data: Data(json.utf8), path: "routes.json")
    }

    @Test func constraintsLoadAndTheRouterTestsThem() throws {
        let file = try load(
            #"{"routes": [{"pattern": "/tab/:tab/item/:id", "destination": "T", "constraints": {"id": "digits", "tab": {"oneOf": ["home", "food"]}}}, {"pattern": "/tab/:tab/item/:slug", "destination": "S"}]}"#
        )
        #expect(file.routes[0].constraints == ["id": .digits, "tab": .oneOf(["home", "food"])])
        #expect(file.routes[1].constraints.isEmpty)
        let router = try file.makeRouter()
        #expect(try router.match("/tab/home/item/7")?.route.pattern.written == "/tab/:tab/item/:id")
        #expect(try router.match("/tab/home/item/seven")?.route.pattern.written == "/tab/:tab/item/:slug")
        #expect(try router.match("/tab/travel/item/7")?.route.pattern.written == "/tab/:tab/item/:slug")
    }

    @Test func aConstraintSaysWhatItAsksForAsTheAPIDoes() {
        #expect(RouteFile.Constraint.digits.description == "digits")
        #expect(RouteFile.Constraint.oneOf(["travel", "home"]).description == "one of home, travel")
        #expect(RouteFile.Constraint.oneOf(["a"]).parameterConstraint.accepts("a"))
        #expect(!RouteFile.Constraint.oneOf(["a"]).parameterConstraint.accepts("A"))
    }

    static let badConstraints: [(json: String, location: String)] = [
        (#"{"id": "odd"}"#, "routes[0].constraints.id"),
        (#"{"name": "digits"}"#, "routes[0].constraints.name"),
        (#"{"id": {"oneOf": []}}"#, "routes[0].constraints.id.oneOf"),
        (#"{"id": {"oneOf": ["a", 1]}}"#, "routes[0].constraints.id.oneOf"),
        (#"{"id": {"oneOf": ["a"], "also": 1}}"#, "routes[0].constraints.id"),
        (#"["digits"]"#, "routes[0].constraints"),
    ]

    @Test("a bad constraint is an error at its place, and the route does not load", arguments: badConstraints)
    func badConstraint(json: String, location: String) {
        let error = #expect(throws: RouteFileError.self) {
            try load(#"{"routes": [{"pattern": "/x/:id", "destination": "X", "constraints": \#(json)}]}"#)
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.location == location)
    }
}
