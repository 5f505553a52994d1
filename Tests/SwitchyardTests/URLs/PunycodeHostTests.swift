import Foundation
import Switchyard
import Testing

/// An `xn--` label must be the Punycode of a Unicode label: one that is not is refused with `invalidHost` at the
/// label, under every table; real ones pass, as Foundation reads them.
@Suite("Punycode labels")
struct PunycodeHostTests {
    /// A router that keeps every host as a host and matches every path.
    static func router(unicode: Bool) throws -> Router {
        let router = try Router(["/*"])
        router.updateSettings(for: .global) {
            $0.hostPolicy = .ignored
            $0.allowsUnicodeHostNames = unicode
        }
        return router
    }

    /// Labels that decode to nothing: the URL parser conformance suite's example, an empty label, a digit that is not
    /// one, a number past Unicode, one that decodes to ASCII alone, and each of those upper case or escaped.
    static let refused: [(link: String, position: Int)] = [
        ("http://a.b.c.xn--pokxncvks", 13),
        ("https://xn--/a", 8),
        ("https://shop.xn--a!b.com/a", 13),
        ("https://xn--99999999999999/a", 8),
        ("https://xn--abc-/a", 8),
        ("https://www.XN--POKXNCVKS.com/a", 12),
        ("myapp://xn--pokxncvks/product/1", 8),
        ("https://www.xn-%2Dpokxncvks.com/a", 8),
    ]

    @Test(arguments: refused, [false, true])
    func aLabelThatIsNotPunycodeIsRefusedAtTheLabel(_ refused: (link: String, position: Int), unicode: Bool) throws {
        let error = #expect(throws: URLRejection.self) { try Self.router(unicode: unicode).match(refused.link) }
        #expect(error?.code == .invalidHost)
        #expect(error?.position == refused.position)
    }

    /// Real labels, as Switchyard keeps them and as Foundation reads them (in Unicode).
    static let accepted: [(link: String, host: String, foundation: String)] = [
        ("https://xn--exmple-cua.com/a", "xn--exmple-cua.com", "exämple.com"),
        ("https://XN--EXMPLE-CUA.COM/a", "xn--exmple-cua.com", "exämple.com"),
        ("https://xn--mnchen-3ya.de/a", "xn--mnchen-3ya.de", "münchen.de"),
        ("https://xn--ls8h.la/a", "xn--ls8h.la", "💩.la"),
        ("https://ab--cd.example/a", "ab--cd.example", "ab--cd.example"),
    ]

    @Test(arguments: accepted)
    func realPunycodeLabelsPassAsFoundationReadsThem(_ accepted: (link: String, host: String, foundation: String))
        throws
    {
        #expect(try Self.router(unicode: false).match(accepted.link)?.link.host == accepted.host)
        #expect(try Self.router(unicode: true).match(accepted.link)?.link.host == accepted.host)
        #expect(URLComponents(string: accepted.link)?.host?.lowercased() == accepted.foundation)
    }

    @Test func aUnicodeNameThisLibraryEncodesReadsBackWritten() throws {
        // No case is mapped beyond ASCII, so ÄÖ is encoded as it is; its label must come back when a link writes it.
        let router = try Self.router(unicode: true)
        #expect(try router.match("https://ÄÖ.de/a")?.link.host == "xn--7ba0b.de")
        #expect(try router.match("https://xn--7ba0b.de/a")?.link.host == "xn--7ba0b.de")
    }

    /// The differential check: Foundation finds no host in each label refused here, as it maps the label to
    /// Unicode. It reads an escaped host as written (`xn-%2D…` is not a label to it), which Switchyard decodes first.
    @Test func foundationFindsNoHostInTheLabelsRefusedHere() {
        for (link, _) in Self.refused where !link.contains("%") {
            #expect(URLComponents(string: link)?.host == nil, "\(link)")
        }
    }
}
