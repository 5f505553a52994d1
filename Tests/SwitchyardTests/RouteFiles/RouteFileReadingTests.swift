import Foundation
import Switchyard
import Testing

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

/// A key given twice in one object of a route file: the decoder kept the first value and dropped the other, so a
/// file whose "routes" a merge left twice lost half its routes, and `check` found nothing.
@Suite("Keys given twice in route files")
struct RouteFileDuplicateKeyTests {
    @Test(
        "a key given twice is found where its object is, compared decoded",
        arguments: [
            (#"{"routes": [], "routes": []}"#, "", "routes" as String?),
            (#"{"a": {"b": 1, "c": [{"d": 1}, {"e": 1, "e": 2}]}}"#, "a.c[1]", "e"),
            (#"{"x": 1, "\u0078": 2}"#, "", "x"), (#"{"\ud83d\ude00": 1, "😀": 2}"#, "", "😀"),
            (#"{"a": "a", "b": {"a": 1}, "c": ["a", "a"]}"#, "", nil), (#"{"a\"": 1, "a": 2}"#, "", nil),
            (#"[{"k": 1}, {"k": 1}]"#, "", nil),
        ])
    func aKeyGivenTwice(json: String, location: String, key: String?) {
        let found = JSONDuplicateKeys.first(in: Array(json.utf8))
        #expect(found?.key == key)
        if key != nil { #expect(found?.location == location) }
    }

    /// Text the decoder never took, as a request's body may be: read to its end without a duplicate or a crash.
    @Test(arguments: [
        "]]]}}", #"{"a"#, #"{"a\"#, #"{"\u12"#, #"{"\ud83d\u"#, String(repeating: "[", count: 100_000), "",
    ])
    func textThatIsNoJSONHasNoDuplicate(text: String) {
        #expect(JSONDuplicateKeys.first(in: Array(text.utf8)) == nil)
    }

    /// An object of 100,000 keys whose last repeats its first, inside 1,000 arrays.
    @Test func aWideObjectDeepInsideIsRead() {
        let keys = (0..<100_000).map { #""k\#($0)": 1"# } + [#""k0": 2"#]
        let text =
            String(repeating: "[", count: 1_000) + "{" + keys.joined(separator: ", ") + "}"
            + String(repeating: "]", count: 1_000)
        let found = JSONDuplicateKeys.first(in: Array(text.utf8))
        #expect(found?.key == "k0")
        #expect(found?.location == String(repeating: "[0]", count: 1_000))
    }

    @Test func aRouteFileWithRoutesTwiceIsRefused() {
        let json =
            #"{"routes": [{"pattern": "/a", "destination": "A"}], "routes": [{"pattern": "/b", "destination": "B"}]}"#
        let error = #expect(throws: RouteFileError.self) { try RouteFile(data: Data(json.utf8), path: "routes.json") }
        #expect(error?.code == .duplicateKey)
        #expect(
            error?.message == "the key 'routes' is given twice; a JSON reader would keep one of its values, silently")
    }
}
