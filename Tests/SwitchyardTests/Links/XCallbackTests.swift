import Switchyard
import Testing

/// x-callback-url both ways: an incoming request's callbacks, the link a result builds, hostile targets refused
/// with a code and nothing launched, and the callbacks of an outgoing call.
@Suite("x-callback-url")
struct XCallbackTests {
    static let policy = XCallbackPolicy(allowedSchemes: ["otherapp", "myapp"], ownSchemes: ["myapp"])

    @Test func aRequestExposesItsCallbacksAndAResultBuildsTheLinkBack() async throws {
        let launcher = RecordingLauncher()
        let router = Router()
        try router.map("/pay/:amount") { request in
            let callback = try #require(request.xCallback)
            #expect(callback.source == "Other App")
            try await launcher.callBack(
                callback, with: .success([QueryItem(name: "receipt", value: "a b&c")]), policy: Self.policy)
        }
        let link =
            "myapp://pay/5?x-source=Other%20App&x-success=otherapp%3A%2F%2Fdone%3Fid%3D1"
            + "&x-error=otherapp%3A%2F%2Ffailed&x-cancel=otherapp%3A%2F%2Fcancelled"
        #expect(await router.route(link, origin: .customScheme).status == .handled)
        #expect(launcher.opened.all == ["otherapp://done?id=1&receipt=a%20b%26c"])
    }

    @Test func errorAndCancelGoToTheirOwnTargets() throws {
        let callback = XCallback(success: "otherapp://ok", error: "otherapp://failed", cancel: "otherapp://cancelled")
        #expect(
            try callback.link(for: .error(code: "declined", message: "Card declined"), policy: Self.policy)
                == "otherapp://failed?errorCode=declined&errorMessage=Card%20declined")
        #expect(try callback.link(for: .cancel, policy: Self.policy) == "otherapp://cancelled")
        #expect(try XCallback(success: "otherapp://ok").link(for: .cancel, policy: Self.policy) == nil)
        #expect(XCallback(QueryItems([QueryItem(name: "a", value: "b")])) == nil)
    }

    static let hostile: [(name: String, callback: XCallback, result: XCallback.Result, code: XCallbackError.Code)] = [
        ("a script", XCallback(success: "javascript:alert(1)"), .success([]), .schemeNotAllowed),
        ("a script, listed", XCallback(success: "JavaScript:alert(1)"), .success([]), .schemeNotAllowed),
        ("the app's own scheme", XCallback(success: "myapp://account/delete"), .success([]), .schemeNotAllowed),
        ("a scheme not listed", XCallback(success: "evil://steal"), .success([]), .schemeNotAllowed),
        ("CR/LF in the target", XCallback(success: "otherapp://ok\r\nX: y"), .success([]), .invalidTarget),
        ("no scheme", XCallback(success: "//otherapp/ok"), .success([]), .invalidTarget),
        ("CR/LF in a value", XCallback(error: "otherapp://e"), .error(code: "x", message: "a\r\nb"), .invalidValue),
        (
            "a 100 KB value", XCallback(success: "otherapp://ok"),
            .success([QueryItem(name: "v", value: String(repeating: "x", count: 100_000))]), .tooLong
        ),
    ]

    @Test(arguments: hostile)
    func aHostileCallbackIsRefusedAndNothingIsLaunched(
        _ hostile: (name: String, callback: XCallback, result: XCallback.Result, code: XCallbackError.Code)
    ) async throws {
        let launcher = RecordingLauncher()
        let policy = XCallbackPolicy(allowedSchemes: ["otherapp", "myapp", "javascript"], ownSchemes: ["myapp"])
        do {
            try await launcher.callBack(hostile.callback, with: hostile.result, policy: policy)
            Issue.record("\(hostile.name): the callback was made")
        } catch let error as XCallbackError {
            #expect(error.code == hostile.code, "\(hostile.name): \(error)")
        }
        #expect(launcher.opened.all.isEmpty, "\(hostile.name)")
    }

    /// Each scheme that runs code or reads files, in two spellings, refused even where the policy lists it: the
    /// forbidden list alone refuses it.
    @Test(arguments: ["javascript", "data", "vbscript", "file", "blob", "about"])
    func aForbiddenSchemeIsRefusedEvenWhenThePolicyListsIt(scheme: String) throws {
        let policy = XCallbackPolicy(allowedSchemes: [scheme, "otherapp"])
        for target in [
            "\(scheme):x", "\(scheme.uppercased())://x/y", "\(scheme.prefix(1).uppercased())\(scheme.dropFirst()):x",
        ] {
            let error = #expect(throws: XCallbackError.self) {
                try XCallback(success: target).link(for: .success([]), policy: policy)
            }
            #expect(error?.code == .schemeNotAllowed, "\(target)")
        }
        #expect(XCallbackPolicy.forbiddenSchemes.contains(scheme))
    }

    /// The result's values go into the target's query, before its fragment, after a `&` only where the query
    /// already has items.
    @Test(arguments: [
        ("notes://done", "notes://done?receipt=42"),
        ("notes://done#top", "notes://done?receipt=42#top"),
        ("notes://done?", "notes://done?receipt=42"),
        ("notes://done?#top", "notes://done?receipt=42#top"),
        ("notes://done?a=1#top", "notes://done?a=1&receipt=42#top"),
        ("notes://done?a=1&", "notes://done?a=1&receipt=42"),
        ("notes://done#top?x=1", "notes://done?receipt=42#top?x=1"),
        ("notes://done#", "notes://done?receipt=42#"),
    ])
    func callbackValuesGoIntoTheQueryBeforeTheFragment(target: String, expected: String) throws {
        let policy = XCallbackPolicy(allowedSchemes: ["notes"])
        let link = try XCallback(success: target).link(
            for: .success([QueryItem(name: "receipt", value: "42")]), policy: policy)
        #expect(link == expected)
        // The calling app reads the value where it looks for it: in the query.
        let caller = Router()
        try caller.add("/done", in: .scheme("notes"))
        #expect(try caller.match(try #require(link))?.link.query.first("receipt") == "42")
    }

    @Test func theAppsOwnSchemeIsCalledOnlyWhenAllowed() throws {
        let policy = XCallbackPolicy(allowedSchemes: ["myapp"], ownSchemes: ["MyApp"], allowsOwnSchemes: true)
        #expect(try XCallback(success: "myapp://done").link(for: .success([]), policy: policy) == "myapp://done")
    }

    @Test func anOutgoingCallCarriesItsCallbacksEncoded() throws {
        let router = Router()
        try router.add("/pay/:amount", name: "pay", in: .scheme("otherapp"))
        let callbacks = XCallback(source: "Shop & Co", success: "myapp://paid?order=7", cancel: "myapp://cart")
        let link = try router.link(for: "pay", parameters: ["amount": "5"], query: callbacks.queryItems)
        #expect(
            link
                == "otherapp://pay/5?x-source=Shop%20%26%20Co&x-success=myapp%3A%2F%2Fpaid%3Forder%3D7&x-cancel=myapp%3A%2F%2Fcart"
        )
        #expect(XCallback(try #require(try router.match(link)).link.query) == callbacks)
    }
}
