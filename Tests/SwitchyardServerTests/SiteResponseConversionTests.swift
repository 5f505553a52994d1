import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import SwitchyardServer

/// A site's answer as Hummingbird sends it: every field as given, a name given twice sent twice, a name that is not
/// a token left out, and `HEAD` without the body.
@Suite struct SiteResponseConversionTests {
    static func request(_ method: HTTPRequest.Method) -> Request {
        Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "go.example.com", path: "/s/spring"),
            body: RequestBody(buffer: ByteBuffer()))
    }

    static let answer = SiteResponse(
        status: 302,
        headers: [
            (name: "Location", value: "https://shop.example.com/"), (name: "Set-Cookie", value: "a=1"),
            (name: "Set-Cookie", value: "b=2"), (name: "X-Example", value: "kept"), (name: "Bad Name", value: "x"),
        ], body: Array("Found".utf8))

    @Test func everyFieldIsSentAsGivenAndANameGivenTwiceTwice() throws {
        let response = Response(Self.answer, for: Self.request(.get))
        #expect(response.status.code == 302)
        #expect(response.headers[.location] == "https://shop.example.com/")
        #expect(response.headers[values: .setCookie] == ["a=1", "b=2"])
        #expect(response.headers[try #require(HTTPField.Name("x-example"))] == "kept")
        // A name that is not a token is left out; Hummingbird adds the length.
        #expect(
            response.headers.map(\.name.canonicalName)
                == ["location", "set-cookie", "set-cookie", "x-example", "content-length"])
        #expect(response.body.contentLength == 5)
    }

    @Test func headGetsTheFieldsWithoutTheBody() {
        let response = Response(Self.answer, for: Self.request(.head))
        #expect(response.headers[values: .setCookie] == ["a=1", "b=2"])
        #expect(response.body.contentLength == 0)
    }

    /// A prepared answer gives each request what the conversion gives it: the response made once to a `GET`, its
    /// fields without the body to a `HEAD`.
    @Test(arguments: [HTTPRequest.Method.get, .head])
    func aPreparedAnswerRespondsAsTheConversionDoes(method: HTTPRequest.Method) async throws {
        let prepared = PreparedResponse(Self.answer)
        for _ in 0..<2 {
            let response = prepared.response(for: Self.request(method))
            let converted = Response(Self.answer, for: Self.request(method))
            #expect(response.status == converted.status)
            #expect(response.headers == converted.headers)
            #expect(response.body.contentLength == (method == .head ? 0 : 5))
        }
        #expect(prepared.answer.status == 302)
    }

    /// The names known without parsing are the names parsed, whatever their case in the answer.
    @Test(arguments: [
        "Content-Type", "Cache-Control", "Location", "Vary", "Content-Security-Policy", "X-Content-Type-Options",
        "Cross-Origin-Resource-Policy", "ETag", "Referrer-Policy", "content-type", "Retry-After",
    ])
    func aKnownNameIsTheNameParsed(name: String) {
        #expect(HTTPField.Name.named(name) == HTTPField.Name(name))
        #expect(HTTPField.Name.named(name)?.canonicalName == name.lowercased())
    }
}
