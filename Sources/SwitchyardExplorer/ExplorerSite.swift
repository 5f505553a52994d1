import Switchyard
import SwitchyardReports
import SwitchyardServer

/// What the explorer answers, decided from the route file alone: each page is a function of the file as it is and
/// the request's query, and the router (``Explorer/application(host:port:onRunning:)``) sends each path to its page.
///
/// - `/`: the routes and the match box (`?url=` fills it); `/match?url=`: the result alone, for the live box.
/// - `/links`: the test links (`?route=NAME&p.PARAMETER=VALUE` edits one route's values); `/links/build`: one
///   route's links alone.
/// - `/screens`: where a link's screen goes, from a cold start and in an open app (`?url=…&opened=…`);
///   `/screens/result`: the phones alone.
/// - `/api/routes`: what `switchyard routes --json` prints; `/api/match?url=`: what `switchyard route --json` prints;
///   `/api/navigate?url=…&url=…`: what `switchyard navigate --json` prints.
/// - `/assets/…`: the style sheet and the script.
struct ExplorerSite: Sendable {
    let watcher: RouteFileWatcher

    /// A page: its answer for the route file as it is and the request's query.
    typealias Page = @Sendable (ExplorerSite, RouteFileSnapshot, FormQuery) -> SiteResponse

    /// Each path the explorer answers, with `GET` and `HEAD`, and its page.
    static let pages: [(path: String, page: Page)] = [
        ("/", { _, file, query in .explorerPage(RoutesPage.page(file, link: query["url"], origin: query["origin"])) }),
        (
            "/match",
            { _, file, query in .explorerPage(MatchResult.fragment(file, link: query["url"], origin: query["origin"])) }
        ),
        ("/links", { _, file, query in .explorerPage(LinksPage.page(file, edited: edited(query))) }),
        ("/links/build", { site, file, query in site.linksFragment(file, query: query) }),
        (
            "/screens",
            { _, file, query in .explorerPage(ScreensPage.page(file, link: query["url"], opened: query["opened"])) }
        ),
        (
            "/screens/result",
            { _, file, query in .explorerPage(ScreensPage.result(file, link: query["url"], opened: query["opened"])) }
        ),
        (
            "/api/routes",
            { _, file, _ in
                guard let loaded = loaded(file) else { return notLoaded(file) }
                return .json(RouteListing.jsonLines(loaded.router, file: loaded.file), lines: true)
            }
        ),
        (
            "/api/match",
            { _, file, query in
                guard let loaded = loaded(file) else { return notLoaded(file) }
                guard let link = query["url"] else {
                    return apiError(400, "missingURL", "give the link to match as ?url=…, percent-encoded")
                }
                let report = RouteReport(link, file: loaded.file, router: loaded.router)
                return .json(Array((report.json + "\n").utf8), lines: false)
            }
        ),
        ("/api/navigate", { site, file, query in site.navigate(file, query: query) }),
        (Assets.stylePath, { _, _, _ in .asset(Assets.style, type: "text/css; charset=utf-8") }),
        (Assets.scriptPath, { _, _, _ in .asset(Assets.script, type: "text/javascript; charset=utf-8") }),
    ]

    /// The answer of `page` to a request for `target` (its path and query, as sent): a query that is not
    /// percent-encoded UTF-8 gets 400 (in JSON under `/api/`), whatever the page.
    func answer(_ page: Page, target: String) -> SiteResponse {
        let path = target.prefix { $0 != "?" && $0 != "#" }
        let rest = target[path.endIndex...]
        let queryText = rest.first == "?" ? rest.dropFirst().prefix { $0 != "#" } : ""
        let snapshot = watcher.current()
        do {
            return page(self, snapshot, try FormQuery(queryText))
        } catch {
            switch error {
            case .undecodable(let name):
                guard path.hasPrefix("/api/") else { return Self.badQuery(snapshot, name: name) }
                return Self.apiError(400, "badQuery", Self.badQueryText(name))
            }
        }
    }

    /// The page of a path the explorer does not have.
    func notFound() -> SiteResponse {
        let page = Layout.message(
            title: "Not found", text: "The explorer has no page at this address.", snapshot: watcher.current())
        return .explorerPage(page, status: 404)
    }

    /// The answer to a method other than `GET` and `HEAD`.
    static let notAllowed = SiteResponse(
        status: 405, headers: [(name: "Allow", value: "GET, HEAD")] + textHeaders,
        body: Array("The explorer answers GET and HEAD only.\n".utf8))

    /// What `switchyard navigate --json FILE LINK…` prints for the `url` items, in order, from a cold start.
    private func navigate(_ snapshot: RouteFileSnapshot, query: FormQuery) -> SiteResponse {
        guard let loaded = Self.loaded(snapshot), let navigator = try? loaded.file.makeNavigator(router: loaded.router)
        else { return Self.notLoaded(snapshot) }
        let links = query.items.filter { $0.name == "url" }.map(\.value)
        guard !links.isEmpty else {
            return Self.apiError(400, "missingURL", "give the links to open as ?url=…&url=…, percent-encoded")
        }
        guard links.count <= ScreensPage.maxOpenedLinks + 1 else {
            return Self.apiError(400, "tooManyLinks", "give at most \(ScreensPage.maxOpenedLinks + 1) links")
        }
        let lines = NavigationReport.open(links, from: .coldStart, with: navigator).map { $0.json + "\n" }
        return .json(Array(lines.joined().utf8), lines: true)
    }

    private func linksFragment(_ snapshot: RouteFileSnapshot, query: FormQuery) -> SiteResponse {
        guard let loaded = snapshot.routes, let (name, values) = Self.edited(query),
            let link = TestLink.named(name, in: loaded.file)
        else { return .explorerPage("<p class=\"error\">No route of that name.</p>\n", status: 404) }
        return .explorerPage(LinksPage.links(link, values: values, snapshot: snapshot, loaded: loaded))
    }

    /// The route and values of a `/links` form: `route=NAME`, `p.PARAMETER=VALUE` and `query=ITEMS`.
    private static func edited(_ query: FormQuery) -> (route: String, values: TestLink.Values)? {
        guard let route = query["route"] else { return nil }
        let values = query.items.filter { $0.name.hasPrefix("p.") }.map { (String($0.name.dropFirst(2)), $0.value) }
        let parameters = Dictionary(values, uniquingKeysWith: { first, _ in first })
        return (route, TestLink.Values(parameters: parameters, query: query["query"] ?? ""))
    }

    /// The API answers for the file as it is on disk: while it does not load, a `503` says why.
    private static func loaded(_ snapshot: RouteFileSnapshot) -> LoadedRoutes? {
        snapshot.problem == nil ? snapshot.routes : nil
    }

    private static func notLoaded(_ snapshot: RouteFileSnapshot) -> SiteResponse {
        let problem = snapshot.problem
        return apiError(
            503, problem?.code.description ?? "notLoaded", problem?.description ?? "the file has not loaded")
    }

    private static func badQueryText(_ name: String) -> String {
        "the query item '\(name)' is not percent-encoded UTF-8"
    }

    private static func badQuery(_ snapshot: RouteFileSnapshot, name: String) -> SiteResponse {
        .explorerPage(
            Layout.message(
                title: "Bad request", text: "The address cannot be read: " + badQueryText(name) + ".",
                snapshot: snapshot),
            status: 400)
    }

    private static func apiError(_ status: Int, _ code: String, _ message: String) -> SiteResponse {
        var writer = JSONWriter()
        writer.openObject()
        writer.openObject("error")
        writer.field("code", code)
        writer.field("message", message)
        writer.closeObject()
        writer.closeObject()
        return SiteResponse(
            status: status, headers: jsonHeaders(lines: false), body: writer.bytes + [UInt8(ascii: "\n")])
    }

    static let textHeaders = [(name: "Content-Type", value: "text/plain; charset=utf-8")] + noStore

    static func jsonHeaders(lines: Bool) -> [(name: String, value: String)] {
        [(name: "Content-Type", value: lines ? "application/x-ndjson" : "application/json")] + noStore
    }

    /// Every answer follows the file as it changes.
    static let noStore = [
        (name: "Cache-Control", value: "no-store"), (name: "X-Content-Type-Options", value: "nosniff"),
    ]
}

extension SiteResponse {
    /// An explorer page or fragment. Its own script and style may run and load, nothing else: no inline script, no
    /// other origin, no frame.
    static func explorerPage(_ html: String, status: Int = 200) -> SiteResponse {
        SiteResponse(
            status: status,
            headers: [
                (name: "Content-Type", value: "text/html; charset=utf-8"),
                (
                    name: "Content-Security-Policy",
                    value: "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
                ),
                (name: "Referrer-Policy", value: "no-referrer"),
            ] + ExplorerSite.noStore,
            body: Array(html.utf8))
    }

    static func json(_ bytes: [UInt8], lines: Bool) -> SiteResponse {
        SiteResponse(status: 200, headers: ExplorerSite.jsonHeaders(lines: lines), body: bytes)
    }

    static func asset(_ text: String, type: String) -> SiteResponse {
        SiteResponse(
            status: 200, headers: [(name: "Content-Type", value: type)] + ExplorerSite.noStore, body: Array(text.utf8))
    }
}
