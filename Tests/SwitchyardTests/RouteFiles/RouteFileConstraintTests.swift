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

/// Numbers in a route file: a priority is a whole number and a limit a positive one, each of at most 15 digits;
/// anything else is one problem at its field, saying which rule it breaks (a limit of 1.5 was reported twice, and
/// a priority of 2^63 as not a whole number).
@Suite("Numbers in route files")
struct RouteFileNumberTests {
    @Test(
        "a number is taken or refused once, with the rule it breaks",
        arguments: [
            (#""priority": 100.0"#, nil as String?), (#""priority": 1e2"#, nil),
            (#""priority": -999999999999999"#, nil),
            (#""priority": 1.5"#, "expected a whole number, found 1.5"),
            (#""priority": "1""#, "expected a whole number, found a string"),
            (#""priority": 9223372036854775807"#, "expected a whole number of at most 15 digits"),
            (#""priority": 1e300"#, "expected a whole number of at most 15 digits"),
            (#""limits": {"maxComponents": 64}"#, nil),
            (#""limits": {"maxComponents": 0}"#, "a limit is a positive whole number"),
            (#""limits": {"maxComponents": -1}"#, "a limit is a positive whole number"),
            (#""limits": {"maxComponents": 1.5}"#, "expected a whole number, found 1.5"),
            (#""limits": {"maxComponents": 99999999999999999999}"#, "expected a whole number of at most 15 digits"),
        ])
    func aNumber(field: String, problem: String?) {
        let route = field.hasPrefix(#""priority""#) ? #", \#(field)"# : ""
        let options = field.hasPrefix(#""limits""#) ? #", "options": {\#(field)}"# : ""
        let json = #"{"routes": [{"pattern": "/a", "destination": "A"\#(route)}]\#(options)}"#
        let messages = RouteFile.check(data: Data(json.utf8), path: "routes.json").filter { !$0.isNote }.map(\.message)
        if let problem {
            #expect(messages.count == 1 && messages.first?.hasSuffix(problem) == true, "\(messages)")
        } else {
            #expect(messages.isEmpty, "\(messages)")
        }
    }
}

/// Text in a route file holds no control character: a route's name with an escape sequence loaded, and the tools
/// printed it raw.
@Suite("Text in route files")
struct RouteFileTextTests {
    @Test(
        "a control character is refused at its field",
        arguments: [
            (#""name": "n\u001b[31m""#, "routes[0].name"), (#""destination": "D\nX""#, "routes[0].destination"),
            (#""destination": "D\u0085""#, "routes[0].destination"),
            (#""name": "a", "tab": "home\t""#, "routes[0].tab"),
        ])
    func aControlCharacter(field: String, location: String) {
        let json = #"{"routes": [{"pattern": "/a", "destination": "A", \#(field)}]}"#
            .replacingOccurrences(of: #""destination": "A", "destination""#, with: #""destination""#)
        let findings = RouteFile.check(data: Data(json.utf8), path: "routes.json")
        let found = findings.first { $0.locations == [location] }
        #expect(found?.message.hasSuffix("a control character cannot be in a route file's text") == true, "\(findings)")
    }
}
