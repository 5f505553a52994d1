import Foundation
import PropertyBased
import Switchyard
import Testing

/// A shop's links as one type: two members of the same shape (numeric ids first, slugs after), a member with an
/// optional group, and one that lives in the app's own scheme.
enum ShopLink: DeepLinkSet {
    struct Product: DeepLinkRoute, Hashable {
        static let pattern = "/product/:id"
        var id: Int
        var ref: String?
    }
    struct ProductBySlug: DeepLinkRoute, Hashable {
        static let pattern = "/product/:slug"
        static let priority = -1
        var slug: String
    }
    struct Category: DeepLinkRoute, Hashable {
        static let pattern = "/category/:slug(/page/:page)"
        var slug: String
        var page: Int?
    }
    struct Promo: DeepLinkRoute, Hashable {
        static let pattern = "/promo/:code"
        static let table = RouteTable.scheme("myapp")
        var code: String
    }

    case product(Product)
    case productBySlug(ProductBySlug)
    case category(Category)
    case promo(Promo)

    static let members: [DeepLinkSetMember<ShopLink>] = [
        .member(Product.self, ShopLink.product) { if case .product(let link) = $0 { link } else { nil } },
        .member(ProductBySlug.self, ShopLink.productBySlug) {
            if case .productBySlug(let link) = $0 { link } else { nil }
        },
        .member(Category.self, ShopLink.category) { if case .category(let link) = $0 { link } else { nil } },
        .member(Promo.self, ShopLink.promo) { if case .promo(let link) = $0 { link } else { nil } },
    ]
}

@Suite("Link sets")
struct DeepLinkSetTests {
    private static func router() throws -> Router {
        let router = Router()
        router.updateSettings(for: .scheme("myapp")) { $0.fallsBackToGlobalRoutes = true }
        try router.map(ShopLink.self) { _, _ in }
        return router
    }

    static let decoded: [(url: String, link: ShopLink)] = [
        ("myapp://product/7?ref=mail", .product(.init(id: 7, ref: "mail"))),
        ("https://shop.example.com/product/red-shoes", .productBySlug(.init(slug: "red-shoes"))),
        ("/category/shoes/page/2", .category(.init(slug: "shoes", page: 2))),
        ("/category/shoes", .category(.init(slug: "shoes", page: nil))),
        ("myapp://promo/XMAS", .promo(.init(code: "XMAS"))),
    ]

    @Test("a link decodes into the member the router's precedence picks", arguments: decoded)
    func decodesIntoTheMemberPrecedencePicks(url: String, link: ShopLink) throws {
        #expect(try Self.router().decode(url, as: ShopLink.self) == link)
    }

    @Test func whyALinkIsNoMember() throws {
        let router = try Self.router()
        #expect(Self.refusal("/nowhere", router)?.code == .noMember)
        // The promo route is in the app's scheme only.
        #expect(Self.refusal("https://shop.example.com/promo/XMAS", router)?.code == .noMember)
        let notANumber = Self.refusal("/category/a/page/x", router)
        #expect(notANumber?.code == .decodingFailed)
        #expect(notANumber?.decodingError?.field == "page")
        #expect(notANumber?.decodingError?.code == .typeMismatch)
        let badEscape = Self.refusal("/product/%FF", router)
        #expect(badEscape?.code == .rejected)
        #expect(badEscape?.rejection?.code == .invalidUTF8)
        #expect(badEscape?.description.hasPrefix("the link is rejected: ") == true)
    }

    /// Why `router` does not decode `url` into a shop link; `nil` when it does.
    private static func refusal(_ url: String, _ router: Router) -> DeepLinkSetError? {
        do {
            _ = try router.decode(url, as: ShopLink.self)
            return nil
        } catch {
            return error
        }
    }

    @Test func routesOutsideTheSetAreNotMembers() throws {
        let router = try Self.router()
        try router.add("/product/:id", name: "legacy", priority: 5)
        #expect(try router.decode("/product/7", as: ShopLink.self) == .product(.init(id: 7, ref: nil)))
    }

    @Test func dispatchHandsTheHandlerTheSetsValue() async throws {
        let router = Router()
        let seen = Recorder<ShopLink>()
        try router.map(ShopLink.self) { link, _ in seen.append(link) }
        #expect(await router.route("/product/abc").status == .handled)
        #expect(await router.route("/category/bags/page/3").status == .handled)
        #expect(seen.all == [.productBySlug(.init(slug: "abc")), .category(.init(slug: "bags", page: 3))])
    }

    @Test func eachMemberBuildsItsLinkInItsTable() throws {
        let router = try Self.router()
        #expect(try router.link(for: ShopLink.promo(.init(code: "XMAS"))) == "myapp://promo/XMAS")
        #expect(try router.link(for: ShopLink.category(.init(slug: "a b", page: nil))) == "/category/a%20b")
        #expect(
            try router.link(for: ShopLink.product(.init(id: 7, ref: nil)), scheme: "https", host: "shop.example.com")
                == "https://shop.example.com/product/7")
    }

    @Test func aLinkIsAlsoAFoundationURL() throws {
        let router = try Self.router()
        let promo: URL = try router.url(for: ShopLink.promo(.init(code: "XMAS")))
        let product: URL = try router.url(for: ShopLink.Product(id: 7, ref: "a b"), scheme: "myapp")
        #expect(promo == URL(string: "myapp://promo/XMAS"))
        #expect(product == URL(string: "myapp://product/7?ref=a%20b"))
        // Without a type asked for, the text comes back, as before.
        let text = try router.link(for: ShopLink.promo(.init(code: "XMAS")))
        #expect(text == "myapp://promo/XMAS")
    }

    @Test func aPathOfLinksRoundTripsThroughJSON() throws {
        let path: [ShopLink] = [
            .category(.init(slug: "shoes", page: 2)), .product(.init(id: 7, ref: "mail")),
            .productBySlug(.init(slug: "é/ü")), .promo(.init(code: "XMAS")),
        ]
        let data = try JSONEncoder().encode(path)
        #expect(try JSONDecoder().decode([ShopLink].self, from: data) == path)
    }

    static let text = Gen.oneOf(
        Gen.character(in: "a"..."z"), Gen.character(in: " "..."/"), Gen.character(in: "à"..."ÿ"),
        Gen.character(in: "😀"..."🙏")
    ).string(of: 1...10)

    @Test func generatedValuesRoundTripThroughTheirLinks() async throws {
        let router = try Self.router()
        await propertyCheck(count: 1_000, input: Gen.int(in: -1_000_000...1_000_000), Self.text, Self.text) {
            number, text, other in
            let page: Int? = number.isMultiple(of: 2) ? nil : number
            // A slug that reads as a whole number is the numeric member's: precedence decides, as for any link.
            let slug = Int(text) == nil && text != "." && text != ".." ? text : "x" + text
            let values: [ShopLink] = [
                .product(.init(id: number, ref: other)), .productBySlug(.init(slug: slug)),
                .category(.init(slug: text == "." || text == ".." ? "x" : text, page: page)),
                .promo(.init(code: other == "." || other == ".." ? "x" : other)),
            ]
            for value in values {
                let url = try? router.link(for: value)
                #expect(url.flatMap { try? router.decode($0, as: ShopLink.self) } == value, "\(url ?? "no link")")
            }
        }
    }
}

/// A set whose category links start the path over, as a tab does.
enum TabbedLink: DeepLinkSet {
    case product(ShopLink.Product)
    case category(ShopLink.Category)

    static let members: [DeepLinkSetMember<TabbedLink>] = [
        .member(ShopLink.Product.self, TabbedLink.product) { if case .product(let link) = $0 { link } else { nil } },
        .member(ShopLink.Category.self, TabbedLink.category) { if case .category(let link) = $0 { link } else { nil } },
    ]

    var presentation: LinkPresentation {
        if case .category = self { .replace } else { .push }
    }
}

@Suite("Link paths")
struct LinkPathTests {
    static let shoes = TabbedLink.category(.init(slug: "shoes", page: nil))
    static let seven = TabbedLink.product(.init(id: 7, ref: nil))
    static let eight = TabbedLink.product(.init(id: 8, ref: nil))

    @Test func linksPushOrReplaceAsTheSetSays() {
        var path = LinkPath<TabbedLink>()
        path.open(Self.seven)
        path.open(Self.eight)
        #expect(path.links == [Self.seven, Self.eight])
        path.open(Self.shoes)
        #expect(path.links == [Self.shoes])
        path.open(Self.seven)
        #expect(path.links == [Self.shoes, Self.seven])
        path.open(Self.eight, as: .replace)
        #expect(path.links == [Self.eight])
    }

    @Test func theLinkOnTopOpenedAgainShowsOneScreen() {
        var path = LinkPath([Self.seven])
        path.open(Self.seven)
        #expect(path.links == [Self.seven])
    }

    @Test func aURLOpensTheMemberTheRouterPicksOrSaysWhyNot() throws {
        let router = Router()
        try router.map(TabbedLink.self) { _, _ in }
        var path = LinkPath<TabbedLink>()
        #expect(try path.open("myapp://product/7", with: router) == Self.seven)
        #expect(try path.open("myapp://category/shoes", with: router) == Self.shoes)
        let refusal = #expect(throws: DeepLinkSetError.self) { try path.open("myapp://nowhere", with: router) }
        #expect(refusal?.code == .noMember)
        #expect(path.links == [Self.shoes])
    }

    @Test func aPathRoundTripsThroughJSON() throws {
        let path = LinkPath([Self.shoes, Self.seven, Self.eight])
        #expect(try JSONDecoder().decode(LinkPath<TabbedLink>.self, from: JSONEncoder().encode(path)) == path)
    }
}

/// A link set whose members are a route file's own routes: the same patterns, names and tables.
enum FileLink: DeepLinkSet {
    struct Product: DeepLinkRoute, Hashable {
        static let pattern = "/product/:id"
        static let name = "product"
        var id: Int
    }
    struct Cart: DeepLinkRoute, Hashable {
        static let pattern = "/cart"
        static let name = "cart"
        static let table = RouteTable.scheme("myapp")
    }

    case product(Product)
    case cart(Cart)

    static let members: [DeepLinkSetMember<FileLink>] = [
        .member(Product.self, FileLink.product) { if case .product(let link) = $0 { link } else { nil } },
        .member(Cart.self, FileLink.cart) { if case .cart(let link) = $0 { link } else { nil } },
    ]
}

@Suite("Link paths from what the router did")
struct LinkPathOutcomeTests {
    static let file = #"""
        {"routes": [{"pattern": "/product/:id", "name": "product", "destination": "Product"},
                    {"pattern": "/p/:id", "redirect": "/product/:id"}],
         "schemes": {"myapp": {"fallsBackToGlobal": true, "routes": [{"pattern": "/cart", "name": "cart", "destination": "Cart"}]}}}
        """#

    @Test func aHandledOutcomeOpensItsMemberAndARedirectItsTarget() async throws {
        let router = try RouteFile(data: Data(Self.file.utf8), path: "routes.json").makeRouter()
        var path = LinkPath<FileLink>()
        #expect(path.open(await router.route("myapp://product/7")) == .product(.init(id: 7)))
        #expect(path.open(await router.route("myapp://p/8")) == .product(.init(id: 8)))
        #expect(path.open(await router.route("myapp://cart")) == .cart(.init()))
        #expect(path.open(await router.route("myapp://nowhere")) == nil)
        #expect(path.links == [.product(.init(id: 7)), .product(.init(id: 8)), .cart(.init())])
    }

    @Test func aLinkHeldOnAColdStartOpensWhenTheAppIsReady() async throws {
        let router = try RouteFile(data: Data(Self.file.utf8), path: "routes.json").makeRouter()
        let gate = HeldLinksFilter()
        router.addFilter(gate)
        var path = LinkPath<FileLink>()
        // The app is not ready: the link is held, and nothing opens yet.
        #expect(path.open(await router.route("https://shop.example.com/p/42")) == nil)
        #expect(path.links.isEmpty)
        var outcomes = router.deferredOutcomes.makeAsyncIterator()
        await gate.markReady()
        let replayed = try #require(await outcomes.next())
        #expect(path.open(replayed) == .product(.init(id: 42)))
        #expect(path.links == [.product(.init(id: 42))])
    }
}
