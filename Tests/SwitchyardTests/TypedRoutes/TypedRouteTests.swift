import Foundation
import PropertyBased
import Switchyard
import Testing

struct Product: DeepLinkRoute, Equatable {
    static let pattern = "/product/:id"
    var id: Int
    var ref: String?
}

struct Listing: DeepLinkRoute, Equatable {
    static let pattern = "/list"
    var tags: [String]
    var page: Int?
}

struct Everything: DeepLinkRoute, Equatable {
    enum Tab: String, Codable, Sendable { case home, travel, food }
    static let pattern = "/all/:id/:tab"
    static let name = "everything"
    static let table = RouteTable.scheme("app")
    var id: UUID
    var tab: Tab
    var price: Double
    var debug: Bool
    var count: Int8
    var note: String?
    var sizes: [Int]
}

struct Item: DeepLinkRoute, Equatable {
    static let pattern = "/test/:id"
    var id: Int
}

struct Nested: DeepLinkRoute {
    struct Inner: Codable, Sendable { var a: Int }
    static let pattern = "/nested"
    var inner: Inner
}

/// Typed routes.
@Suite("Typed routes")
struct TypedRouteTests {
    @Test func decodesParametersAndOptionalQueryItems() async throws {
        let seen = Recorder<Product>()
        let router = Router()
        try router.map(Product.self) { product, _ in seen.append(product) }
        #expect(await router.route("app://product/42?ref=mail").status == .handled)
        #expect(await router.route("app://product/42").status == .handled)
        #expect(seen.all == [Product(id: 42, ref: "mail"), Product(id: 42, ref: nil)])
        let items = Router()
        let item = Recorder<Item>()
        try items.map(Item.self) { value, _ in item.append(value) }
        _ = await items.route("tests://test/5")
        #expect(item.all == [Item(id: 5)])
    }

    @Test func encodesBackToALink() throws {
        let router = Router()
        try router.map(Product.self) { _, _ in }
        let routeString = try router.link(for: Product(id: 7, ref: "a b"))
        #expect(routeString == "/product/7?ref=a%20b")
        #expect(try router.link(for: Product(id: 7, ref: "a b"), scheme: "app") == "app://product/7?ref=a%20b")
        #expect(try router.link(for: Product(id: 7, ref: nil)) == "/product/7")
        #expect(try router.match(routeString)?.decode(Product.self) == Product(id: 7, ref: "a b"))
    }

    @Test func arraysComeFromRepeatedQueryItems() throws {
        let router = Router()
        try router.map(Listing.self) { _, _ in }
        #expect(
            try router.match("app://list?tags=a&tags=b")?.decode(Listing.self) == Listing(tags: ["a", "b"], page: nil))
        #expect(try router.match("app://list")?.decode(Listing.self) == Listing(tags: [], page: nil))
        #expect(try router.link(for: Listing(tags: ["x", "y z"], page: 2)) == "/list?tags=x&tags=y%20z&page=2")
    }

    @Test func everySupportedTypeRoundTrips() throws {
        let router = Router()
        try router.map(Everything.self) { _, _ in }
        let value = Everything(
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(), tab: .travel, price: 12.5,
            debug: true, count: -3, note: "a&b=c", sizes: [1, 2, 3])
        let url = try router.link(for: value)
        #expect(
            url
                == "app://all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/travel?price=12.5&debug=true&count=-3&note=a%26b%3Dc&sizes=1&sizes=2&sizes=3"
        )
        #expect(try router.match(url)?.decode(Everything.self) == value)
    }

    @Test func valuelessFlagIsTrue() throws {
        let router = Router()
        try router.add(Everything.pattern, in: .scheme("app"))
        let match = try #require(
            try router.match("app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/home?price=1&debug&count=0"))
        #expect(try match.decode(Everything.self).debug)
        #expect(try match.decode(Everything.self).sizes == [])
    }

    static let failures: [(String, String)] = [
        ("/product/abc", "typeMismatch: id: expected a whole number, found \"abc\""),
        (
            "app:///all/not-a-uuid/home?price=1&debug=true&count=1",
            "invalidValue: id: Attempted to decode UUID from invalid UUID string."
        ),
        (
            "app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/space?price=1&debug=true&count=1",
            "invalidValue: tab: Cannot initialize Tab from invalid String value space"
        ),
        ("app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/home?debug=true&count=1", "missingValue: price: missing"),
        (
            "app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/home?price=x&debug=true&count=1",
            "typeMismatch: price: expected a number, found \"x\""
        ),
        (
            "app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/home?price=1&debug=maybe&count=1",
            "typeMismatch: debug: expected true or false, found \"maybe\""
        ),
        (
            "app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/home?price=1&debug=1&count=300",
            "typeMismatch: count: expected a whole number, found \"300\""
        ),
        (
            "app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/home?price=1&debug=1&count=1&sizes=1&sizes=x",
            "typeMismatch: sizes.[1]: expected a whole number, found \"x\""
        ),
    ]

    @Test("a value that does not decode names its field", arguments: failures)
    func decodingFailures(url: String, message: String) throws {
        let router = Router()
        try router.map(Product.self) { _, _ in }
        try router.map(Everything.self) { _, _ in }
        let match = try #require(try router.match(url))
        #expect {
            if match.route.name == "everything" {
                _ = try match.decode(Everything.self)
            } else {
                _ = try match.decode(Product.self)
            }
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func undecodableRouteDeclinesAndTheNextRouteRuns() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map(Product.self) { _, _ in ran.append("typed") }
        try router.map("/product/:slug") { request in ran.append("slug \(request.parameters["slug"] ?? "")") }
        #expect(await router.route("app://product/abc").status == .handled)
        #expect(ran.all == ["slug abc"])

        let alone = Router()
        try alone.map(Product.self) { _, _ in ran.append("typed") }
        let outcome = await alone.route("app://product/abc")
        #expect(outcome.status == .decodingFailed)
        #expect((outcome.error as? RouteDecodingError)?.field == "id")
        #expect((outcome.error as? RouteDecodingError)?.code == .typeMismatch)
        #expect(outcome.skippedRoutes.map(\.name) == ["Product"])
        alone.mapDefault { _ in ran.append("default") }
        #expect(await alone.route("app://product/abc").status == .handledByDefault)
        #expect(ran.all == ["slug abc", "default"])
    }

    @Test func nestedTypesAreRefusedClearly() throws {
        let router = Router()
        try router.map(Nested.self) { _, _ in }
        #expect {
            try router.match("app://nested?inner=1")?.decode(Nested.self)
        } throws: { error in
            "\(error)" == "unsupportedType: inner: nested types are not supported in a typed route; use scalar fields"
        }
        let error = #expect(throws: LinkError.self) { try router.link(for: Nested(inner: .init(a: 1))) }
        #expect(
            error?.message
                == "Nested cannot be written as a link: inner: nested types are not supported in a typed route")
    }

    /// A number a link carries is finite, both ways: `nan`, `inf` and an overflow (`1e309`) were decoded as such,
    /// and a `Double.nan` written as `price=nan`.
    @Test(arguments: ["nan", "inf", "-infinity", "1e309"])
    func aNumberThatIsNotFiniteIsNoValue(text: String) throws {
        let router = Router()
        try router.map(Everything.self) { _, _ in }
        let match = try #require(
            try router.match("app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/home?price=\(text)&debug=1&count=1"))
        let error = #expect(throws: RouteDecodingError.self) { try match.decode(Everything.self) }
        #expect(error?.code == .typeMismatch)
        #expect(error?.field == "price")
        var value = try #require(
            try router.match("app:///all/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/home?price=1&debug=1&count=1")
        )
        .decode(Everything.self)
        value.price = .nan
        let refused = #expect(throws: LinkError.self) { try router.link(for: value) }
        #expect(refused?.code == .unrepresentableValue)
        #expect(refused?.message.hasSuffix("price: nan is not a finite number, which no link carries") == true)
    }

    static let text = Gen.oneOf(
        Gen.character(in: "a"..."z"), Gen.character(in: " "..."/"), Gen.character(in: "à"..."ÿ"),
        Gen.character(in: "😀"..."🙏")
    ).string(of: 0...10)

    @Test func valuesRoundTripThroughLinks() async throws {
        let router = Router()
        try router.map(Product.self) { _, _ in }
        try router.map(Listing.self) { _, _ in }
        await propertyCheck(
            count: 1_000, input: Gen.int(in: -1_000_000...1_000_000), Self.text, Self.text.array(of: 0...4)
        ) {
            id, ref, tags in
            let product = Product(id: id, ref: ref)
            let listing = Listing(tags: tags, page: id)
            let productURL = try? router.link(for: product)
            let listingURL = try? router.link(for: listing)
            #expect(productURL.flatMap { try? router.match($0)?.decode(Product.self) } == product)
            #expect(listingURL.flatMap { try? router.match($0)?.decode(Listing.self) } == listing)
        }
    }
}
