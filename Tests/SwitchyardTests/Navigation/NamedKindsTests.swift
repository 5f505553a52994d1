import Foundation
import Switchyard
import Testing

/// The kinds that a later release may add to (presentations, presentation styles, platforms) are structs with
/// static members: each is written and read by its name, and a name this release does not know is refused.
@Suite("Named kinds")
struct NamedKindsTests {
    @Test func placementKindsAreWrittenAndReadByName() throws {
        #expect(Placement.Kind.allCases.map(\.rawValue) == ["push", "sheet", "cover", "root"])
        for kind in Placement.Kind.allCases {
            #expect(Placement.Kind(rawValue: kind.rawValue) == kind)
            let placement = Placement(presentation: kind)
            let json = try JSONEncoder().encode(placement)
            #expect(String(decoding: json, as: UTF8.self).contains("\"presentation\":\"\(kind)\""))
            #expect(try JSONDecoder().decode(Placement.self, from: json) == placement)
        }
        #expect(Placement.Kind(rawValue: "popover") == nil)
        #expect(Placement.Kind(rawValue: "Sheet") == nil)
    }

    @Test func presentationStylesAreWrittenAndReadByName() throws {
        #expect(NavigationTree.PresentationStyle.allCases.map(\.rawValue) == ["sheet", "cover"])
        let screen = NavigationTree.Screen(route: "promo", parameters: ["code": "X"], link: "/promo/X")
        for style in NavigationTree.PresentationStyle.allCases {
            let presentation = NavigationTree.Presentation(style: style, screen: screen)
            let json = try JSONEncoder().encode(presentation)
            #expect(try JSONDecoder().decode(NavigationTree.Presentation.self, from: json) == presentation)
            #expect(presentation.id == "\(style) /promo/X")
        }
    }

    @Test func aSavedPresentationOfAnUnknownStyleDoesNotDecode() {
        let json = #"{"style":"popover","screen":{"route":"promo","parameters":{},"link":"/promo/X"},"path":[]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationTree.Presentation.self, from: Data(json.utf8))
        }
    }

    @Test func platformsAreNamedAsTheSiteReadsThem() {
        #expect(DeferredLinks.Platform.ios.name == "ios")
        #expect(DeferredLinks.Platform.android.name == "android")
    }
}
