import Switchyard
import Testing

/// Entry points other than a URL: each becomes a link with its origin and its context, or a typed error; hostile
/// payloads are bounded.
@Suite("Entry points")
struct EntryPointTests {
    @Test func aNotificationRoutesItsLinkWithTheRestAsTypedContext() async throws {
        let seen = Recorder<NotificationPayload>()
        let router = Router()
        try router.map("/orders/:id", context: NotificationPayload.self) { payload, request in
            #expect(request.origin == .notification)
            seen.append(payload)
        }
        let entry = try EntryPoint.notification(payload: ["link": "myapp://orders/7", "state": "shipped"]).link()
        #expect(entry.origin == .notification)
        #expect(await router.route(entry).status == .handled)
        #expect(seen.all.map(\.values) == [["state": "shipped"]])
    }

    static let refused: [(name: String, entry: EntryPoint, code: EntryPointError.Code)] = [
        ("a notification without its key", .notification(payload: ["url": "myapp://orders/7"]), .missingLink),
        ("an empty link", .notification(payload: ["link": ""]), .invalidLink),
        (
            "a 10 KB link", .notification(payload: ["link": "myapp://" + String(repeating: "a", count: 10_000)]),
            .invalidLink
        ),
        (
            "a huge context, in values",
            .notification(payload: Dictionary(uniqueKeysWithValues: (0..<300).map { ("k\($0)", "v") })),
            .contextTooLarge
        ),
        (
            "a huge context, in bytes",
            .notification(payload: ["link": "/a", "blob": String(repeating: "x", count: 70_000)]), .contextTooLarge
        ),
        ("a quick action with no link", .shortcut(type: "com.example.unknown", userInfo: [:]), .missingLink),
        (
            "an activity with nothing to open",
            .userActivity(type: "x", webpageURL: nil, identifier: nil, userInfo: [:]), .missingLink
        ),
        ("an intent with no URL", .intent(url: ""), .invalidLink),
    ]

    @Test(arguments: refused)
    func anEntryPointWithoutAUsableLinkIsATypedError(
        _ refused: (name: String, entry: EntryPoint, code: EntryPointError.Code)
    ) {
        #expect(throws: EntryPointError.self, "\(refused.name)") { try refused.entry.link() }
        do {
            _ = try refused.entry.link()
        } catch {
            #expect(error.code == refused.code, "\(refused.name): \(error)")
        }
    }

    @Test func aHostileLinkInAPayloadIsTheRoutersToRefuse() async throws {
        let ran = Recorder<String>()
        let router = Router()
        try router.map("/orders/:id") { _ in ran.append("order") }
        let cases: [(String, RouteOutcome.Status)] = [
            ("javascript:alert(1)", .notHandled), ("myapp://orders/%ZZ", .rejected),
            ("myapp://orders/1\r\nX: y", .rejected),
        ]
        for (link, status) in cases {
            let outcome = await router.route(try EntryPoint.notification(payload: ["link": link]).link())
            #expect(outcome.status == status, "\(link.debugDescription)")
        }
        #expect(ran.all.isEmpty)
    }

    @Test func quickActionsSpotlightHandoffAndIntentsHaveTheirOrigins() throws {
        let mapped = try EntryPoint.shortcut(type: "com.example.cart", userInfo: [:]).link(shortcuts: [
            "com.example.cart": "myapp://cart"
        ])
        #expect(mapped.url == "myapp://cart" && mapped.origin == .shortcut)
        let carried = try EntryPoint.shortcut(type: "t", userInfo: ["link": "/a"]).link(shortcuts: ["t": "/b"])
        #expect(carried.url == "/a", "the user info's link comes before the app's mapping")
        #expect((carried.context as? ShortcutItem)?.type == "t")
        let handoff = try EntryPoint.userActivity(
            type: "NSUserActivityTypeBrowsingWeb", webpageURL: "https://shop.example.com/product/7", identifier: nil,
            userInfo: [:]
        ).link()
        #expect(handoff.origin == .universalLink && handoff.url == "https://shop.example.com/product/7")
        let spotlight = try EntryPoint.userActivity(
            type: "com.apple.corespotlightitem", webpageURL: nil, identifier: "myapp://product/7", userInfo: [:]
        ).link()
        #expect(spotlight.origin == .userActivity && spotlight.url == "myapp://product/7")
        #expect(
            (spotlight.context as? UserActivityContext)?.identifier == "myapp://product/7")
        let intent = try EntryPoint.intent(url: "myapp://orders/7").link()
        #expect(intent.origin == .intent && intent.context == nil)
    }
}
