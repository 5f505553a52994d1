import Switchyard
import Testing

/// A screen of the navigation tree read back as a value of the app's link set: its own route's member, with the
/// link's query, and a typed error when it is none.
@Suite("Screens as typed links")
struct ScreenDecodingTests {
    static func routing() throws -> (router: Router, navigator: Navigator) {
        let router = Router()
        router.updateSettings(for: .scheme("myapp")) { $0.fallsBackToGlobalRoutes = true }
        try router.map(ShopLink.self) { _, _ in }
        try router.add("/search", name: "search")
        try router.add("/anonymous/:id")
        return (router, try Navigator(router: router, navigation: Navigation()))
    }

    static let decoded: [(link: String, value: ShopLink)] = [
        ("myapp://product/7?ref=mail", .product(.init(id: 7, ref: "mail"))),
        ("/category/shoes/page/2", .category(.init(slug: "shoes", page: 2))),
        ("myapp://promo/XMAS", .promo(.init(code: "XMAS"))),
    ]

    @Test(arguments: decoded)
    func aScreenDecodesIntoItsRoutesMember(_ link: String, _ value: ShopLink) throws {
        let (router, navigator) = try Self.routing()
        let screen = try navigator.screen(for: link)
        #expect(try screen.decode(ShopLink.self, with: router) == value)
    }

    @Test func aScreenDecodesIntoItsOwnRouteWhereAnotherWouldWinItsLink() throws {
        let (router, _) = try Self.routing()
        // `/product/7` is the numeric route's by precedence; this screen was opened by the slug route.
        let screen = NavigationTree.Screen(
            route: ShopLink.ProductBySlug.name, parameters: ["slug": "7"], link: "/product/7")
        #expect(try screen.decode(ShopLink.self, with: router) == .productBySlug(.init(slug: "7")))
    }

    static let refused: [(screen: NavigationTree.Screen, code: DeepLinkSetError.Code)] = [
        (.init(route: nil, parameters: ["id": "3"], link: "/anonymous/3"), .noMember),
        (.init(route: "search", link: "/search"), .noMember),
        (.init(route: ShopLink.Product.name, parameters: ["id": "abc"], link: "/product/abc?ref=x"), .decodingFailed),
        (.init(route: ShopLink.Product.name, parameters: ["id": "7"], link: "/product/%ZZ"), .rejected),
        (.init(route: ShopLink.Product.name, parameters: ["id": "7"], link: "/elsewhere/7"), .noMember),
    ]

    @Test(arguments: refused)
    func aScreenThatIsNoMemberIsATypedError(_ screen: NavigationTree.Screen, _ code: DeepLinkSetError.Code) throws {
        let (router, _) = try Self.routing()
        #expect {
            _ = try screen.decode(ShopLink.self, with: router)
        } throws: { error in
            (error as? DeepLinkSetError)?.code == code
        }
    }
}
