import Switchyard
import Testing

/// Routes that declare the origins they accept, every origin against routes that accept all, some or one, and what
/// a refused link does: nothing.
@Suite("Origins")
struct OriginTests {
    enum Declared: String, CaseIterable, Sendable {
        case all, some, one, confirms, someAndConfirms

        var access: RouteAccess? {
            switch self {
            case .all: nil
            case .some: RouteAccess(origins: [.universalLink, .inApp])
            case .one: RouteAccess(origins: [.notification])
            case .confirms: RouteAccess(confirms: true)
            case .someAndConfirms: RouteAccess(origins: [.universalLink, .inApp], confirms: true)
            }
        }

        /// What a link from `origin` comes to.
        func expected(_ origin: LinkOrigin?) -> RouteOutcome.Status {
            switch self {
            case .all: .handled
            case .some: origin == .universalLink || origin == .inApp ? .handled : .originRefused
            case .one: origin == .notification ? .handled : .originRefused
            case .confirms: origin == .inApp ? .handled : .awaitingConfirmation
            case .someAndConfirms:
                origin == .inApp ? .handled : origin == .universalLink ? .awaitingConfirmation : .originRefused
            }
        }
    }

    static let origins: [LinkOrigin?] = LinkOrigin.builtIn + [LinkOrigin(named: "watch"), nil]

    @Test(arguments: Declared.allCases, origins)
    func aLinkFromAnOriginMeetsTheRoutesDeclaration(_ declared: Declared, _ origin: LinkOrigin?) async throws {
        let ran = Recorder<String>()
        let filtered = Recorder<String>()
        let router = Router()
        try router.map("/account/delete", access: declared.access) { _ in ran.append("delete") }
        router.mapDefault { _ in ran.append("default") }
        router.addFilter { request, next in
            filtered.append(request.route?.expansion ?? "-")
            return await next(request)
        }
        let outcome = await router.route("myapp://account/delete", origin: origin)
        #expect(outcome.status == declared.expected(origin))
        #expect(outcome.request?.origin == origin)
        switch outcome.status {
        case .handled:
            #expect(ran.all == ["delete"])
            #expect(filtered.all == ["/account/delete"])
        case .originRefused:
            #expect(ran.all.isEmpty, "a refused link runs nothing, not the default route")
            #expect(filtered.all.isEmpty, "no filter sees a refused link")
            #expect(outcome.request?.route?.expansion == "/account/delete")
        default:
            #expect(ran.all.isEmpty, "a link that waits for confirmation runs nothing yet")
            #expect(filtered.all == ["/account/delete"], "the filters run before the confirmation")
            #expect(outcome.confirmation != nil)
        }
    }

    @Test func aRouteThatRefusesTheOriginIsNoCandidateAndTheNextOneRuns() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/orders/:id", priority: 10, access: RouteAccess(origins: [.inApp])) { _ in ran.append("inApp") }
        try router.map("/orders/:id") { request in ran.append("public \(request.candidates.count)") }
        #expect(await router.route("/orders/7", origin: .inApp).status == .handled)
        #expect(await router.route("myapp://orders/7", origin: .customScheme).status == .handled)
        #expect(ran.all == ["inApp", "public 1"])
    }

    @Test func theOriginFollowsARedirect() async throws {
        let router = Router()
        try router.add("/secret", access: RouteAccess(origins: [.inApp]))
        try router.add("/old")
        router.addFilter { request, next in
            request.route?.expansion == "/old" ? await next.redirect(to: "/secret") : await next(request)
        }
        #expect(await router.route("/old", origin: .inApp).status == .handled)
        #expect(await router.route("myapp://old", origin: .customScheme).status == .originRefused)
    }

    @Test func routesWithoutAccessRouteAsBeforeWhateverTheOrigin() async throws {
        let router = try Router(["/a", "/b/:id"])
        for origin in Self.origins {
            #expect(await router.route("myapp://b/1", origin: origin).status == .handled)
        }
        #expect(await router.route("myapp://b/1").status == .handled)
    }

    @Test func aRouteFileDeclaresOriginsAndConfirmation() async throws {
        let file = try NavigationFixture.file(
            """
            { "routes": [
                { "pattern": "/account/delete", "name": "delete", "origins": ["universalLink", "inApp"], "confirm": true },
                { "pattern": "/open", "name": "open" }
            ] }
            """)
        #expect(file.routes[0].access == RouteAccess(origins: [.universalLink, .inApp], confirms: true))
        #expect(file.routes[1].access == nil)
        let router = try file.makeRouter()
        #expect(await router.route("myapp://account/delete", origin: .customScheme).status == .originRefused)
        #expect(await router.route("/account/delete", origin: .inApp).status == .handled)
        #expect(
            await router.route("https://x.example/account/delete", origin: .universalLink).status
                == .awaitingConfirmation)
    }
}

@Suite("Origins of opened URLs")
struct OpenedURLOriginTests {
    @Test(arguments: [
        ("https://shop.example.com/product/7", LinkOrigin.universalLink), ("HTTP://shop.example.com/", .universalLink),
        ("myapp://product/7", .customScheme), ("httpx://a", .customScheme), ("product/7", .customScheme),
    ])
    func aWebURLIsAUniversalLinkAndAnyOtherSchemeACustomOne(_ url: String, _ origin: LinkOrigin) {
        #expect(LinkOrigin.ofOpenedURL(url) == origin)
    }
}
