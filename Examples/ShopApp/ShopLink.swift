import Switchyard

/// The shop's screens that links open, one member for each route of `Examples/shop.json` that shows a screen. Each
/// member's pattern, name and table are the route file's, so the file's routes (and its redirects) decide which
/// member a link is.
enum ShopLink: DeepLinkSet {
    struct Product: DeepLinkRoute, Hashable {
        static let pattern = "/product/:id"
        static let name = "product"
        var id: Int
    }

    struct Reviews: DeepLinkRoute, Hashable {
        static let pattern = "/product/:id/reviews(/:page)"
        static let name = "reviews"
        var id: Int
        var page: Int?
    }

    struct Category: DeepLinkRoute, Hashable {
        static let pattern = "/category/:slug(/page/:page)"
        static let name = "category"
        var slug: String
        var page: Int?
    }

    struct Cart: DeepLinkRoute, Hashable {
        static let pattern = "/cart"
        static let name = "cart"
        static let table = RouteTable.scheme("myapp")
    }

    case product(Product)
    case reviews(Reviews)
    case category(Category)
    case cart(Cart)

    static let members: [DeepLinkSetMember<ShopLink>] = [
        .member(Product.self, ShopLink.product) { if case .product(let link) = $0 { link } else { nil } },
        .member(Reviews.self, ShopLink.reviews) { if case .reviews(let link) = $0 { link } else { nil } },
        .member(Category.self, ShopLink.category) { if case .category(let link) = $0 { link } else { nil } },
        .member(Cart.self, ShopLink.cart) { if case .cart(let link) = $0 { link } else { nil } },
    ]

    /// The cart starts the path over, as a tab does; the others are pushed.
    var presentation: LinkPresentation {
        if case .cart = self { .replace } else { .push }
    }
}
