import Switchyard
import Testing

@Suite struct WebTemplateTests {
    static let templates: [(template: String, pieces: [WebTemplate.Piece])] = [
        ("", []),
        ("https://w.example/p", [.text("https://w.example/p")]),
        ("{id}", [.parameter("id")]),
        ("https://w.example/p/{id}", [.text("https://w.example/p/"), .parameter("id")]),
        ("/{a}{b}/", [.text("/"), .parameter("a"), .parameter("b"), .text("/")]),
        ("/{}", [.text("/"), .parameter("")]),
        ("/p/{id", [.text("/p/"), .unclosed("{id")]),
        ("/p/{a}/{b", [.text("/p/"), .parameter("a"), .text("/"), .unclosed("{b")]),
        ("/p}/{id}", [.text("/p}/"), .parameter("id")]),
        // Text beside the braces that is not ASCII is kept whole, and so is a name that is not.
        ("https://w.example/é/{id}/ü", [.text("https://w.example/é/"), .parameter("id"), .text("/ü")]),
        ("/🇫🇷{pays}👍🏽", [.text("/🇫🇷"), .parameter("pays"), .text("👍🏽")]),
        ("/{\u{301}id}", [.text("/"), .parameter("\u{301}id")]),
    ]

    @Test("a template is cut at its braces into text, parameters and an unclosed rest", arguments: templates)
    func templateIsCutAtItsBraces(template: String, pieces: [WebTemplate.Piece]) {
        #expect(WebTemplate.pieces(of: template) == pieces)
    }
}
