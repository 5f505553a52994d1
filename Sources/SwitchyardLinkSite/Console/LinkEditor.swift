import Foundation
import Hummingbird
import Switchyard
import SwitchyardLinkStore
import SwitchyardReports
import SwitchyardServer
import SwitchyardWebLinks

/// The console's form to make a link (`/admin/create`) and to change one (`/admin/links/{slug}/edit`), with a
/// preview of what the site will answer.
///
/// The form is checked by the API's rules, and its problems are said at their fields with the API's messages.
/// "Preview" shows, for the link as the form holds it, which route of the route file its target opens and which
/// screen, and what an iPhone, an Android phone, a desktop browser and a link-preview crawler get, with the social
/// card a chat app would draw: each answer is made by the code that answers visitors (``ShortLinkAnswers``), and
/// the card is read from the crawler's answer. "Create" or "Save" writes the link and opens its page.
///
/// The same check and preview answer `POST …/preview` as JSON, which the console's script (``ConsoleScript``) asks
/// for as a person types; the form works the same without it.
struct LinkEditor {
    let service: LinkService

    func register(on pages: RouterGroup<LinkSiteContext>, _ routes: OperationGroups) {
        routes.add(path: "/admin/create", method: .get, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            Response(
                SiteResponse.consolePage(
                    page(LinkForm(values: [:]), editing: nil, session: context.identity?.session), runsScript: true),
                for: request)
        }
        routes.add(path: "/admin/create", method: .post, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            Response(await submit(request, context, editing: nil), for: request)
        }
        routes.add(path: "/admin/links/{slug}/edit", method: .get, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            guard let stored = await stored(context.parameters.get("slug") ?? "") else {
                return Response(SiteResponse.noSuchLink, for: request)
            }
            let html = page(LinkForm(link: stored.link), editing: stored, session: context.identity?.session)
            return Response(SiteResponse.consolePage(html, runsScript: true), for: request)
        }
        routes.add(path: "/admin/links/{slug}/edit", method: .post, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            guard let stored = await stored(context.parameters.get("slug") ?? "") else {
                return Response(SiteResponse.noSuchLink, for: request)
            }
            return Response(await submit(request, context, editing: stored), for: request)
        }
        routes.add(path: "/admin/create/preview", method: .post, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            Response(await livePreview(request, context, editing: nil), for: request)
        }
        routes.add(
            path: "/admin/links/{slug}/edit/preview", method: .post, on: pages, refusal: PageFailure.methodNotAllowed
        ) { request, context in
            guard let stored = await stored(context.parameters.get("slug") ?? "") else {
                return Response(SiteResponse.noSuchLink, for: request)
            }
            return Response(await livePreview(request, context, editing: stored), for: request)
        }
        routes.add(path: ConsoleScript.path, method: .get, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, _ in
            Response(ConsoleScript.response, for: request)
        }
    }

    private func stored(_ text: String) async -> LinkStore.Stored? {
        guard let slug = try? Slug(text) else { return nil }
        return try? await service.store.link(slug)
    }

    /// The form as sent, what is wrong with it by the API's rules, and the link it makes when nothing is.
    private struct Checked {
        var form: LinkForm
        var problems: [FieldProblem]
        var link: ShortLink?
        /// The button pressed: `preview` or `save` (none for the script's preview).
        var intent: String?
    }

    /// The form a signed-in person sent from the site's own page, checked by the API's rules; or the page that
    /// refuses it. "Preview", "Save" and the script's preview all read their form this way.
    private func checkedForm(_ request: Request, _ context: LinkSiteContext, editing: LinkStore.Stored?) async
        -> Result<Checked, PageFailure>
    {
        var request = request
        return await SignInPages.checkedForm(&request, context, limit: Self.formLimit).map {
            check($0, editing: editing)
        }
    }

    private func check(_ fields: [String: String], editing: LinkStore.Stored?) -> Checked {
        var form = LinkForm(values: fields)
        if let editing { form.values["slug"] = editing.link.slug.text }
        let (linkRequest, readProblems) = form.request()
        var checked = Checked(form: form, problems: readProblems, intent: fields["intent"])
        do {
            var made = try service.rules.makeLink(linkRequest, generatedSlug: Slug.random())
            // A change keeps what the form does not hold.
            made.isDisabled = editing?.link.isDisabled ?? false
            checked.link = made
        } catch {
            checked.problems += error.problems.map {
                FieldProblem(field: $0.field, code: $0.code.name, message: $0.message)
            }
        }
        return checked
    }

    private func submit(_ request: Request, _ context: LinkSiteContext, editing: LinkStore.Stored?) async
        -> SiteResponse
    {
        let checked: Checked
        switch await checkedForm(request, context, editing: editing) {
        case .success(let form): checked = form
        case .failure(let refusal): return refusal.page
        }
        let (form, problems, link) = (checked.form, checked.problems, checked.link)
        let session = context.identity?.session
        guard checked.intent == "save", problems.isEmpty, let link else {
            let status = checked.intent == "save" ? 422 : 200
            return SiteResponse.consolePage(
                page(form, editing: editing, session: session, problems: problems, preview: link), status: status,
                runsScript: true)
        }
        do {
            if editing == nil {
                try await service.store.create(link, at: Date())
            } else {
                guard try await service.store.update(link, at: Date()) else { return SiteResponse.noSuchLink }
            }
        } catch {
            guard error.code == .slugTaken else { return SiteResponse.storeUnavailable }
            let taken = FieldProblem(field: "slug", code: "slugTaken", message: error.message)
            return SiteResponse.consolePage(
                page(form, editing: editing, session: session, problems: [taken], preview: link), status: 409,
                runsScript: true)
        }
        service.remember(link, for: link.slug)
        return SignInPages.redirect(to: "/admin/links/\(link.slug.text)")
    }

    /// The most a form of the editor may hold.
    static let formLimit = 64 * 1_024

    /// What the console's script shows as a person types (``ConsoleScript``): the form checked and previewed as
    /// "Preview" would, as JSON, with nothing written. `status` is one sentence for a screen reader, `problems` are
    /// said at their fields, and `preview` is the preview's HTML (escaped here), empty while the link has problems.
    private func livePreview(_ request: Request, _ context: LinkSiteContext, editing: LinkStore.Stored?) async
        -> SiteResponse
    {
        let checked: Checked
        switch await checkedForm(request, context, editing: editing) {
        case .success(let form): checked = form
        case .failure(let refusal): return refusal.page
        }
        let answer = LivePreview(
            status: status(checked), preview: checked.problems.isEmpty ? checked.link.map(preview) ?? "" : "",
            problems: checked.problems.map { .init(field: $0.formField, message: $0.message) })
        let body = (try? JSONEncoder().encode(answer)).map(Array.init) ?? Array("{}".utf8)
        return SiteResponse(
            status: 200,
            headers: [
                (name: "Content-Type", value: "application/json"), (name: "Cache-Control", value: "no-store"),
                (name: "X-Content-Type-Options", value: "nosniff"),
            ], body: body)
    }

    private struct LivePreview: Encodable {
        struct Problem: Encodable {
            let field: String
            let message: String
        }
        let status: String
        let preview: String
        let problems: [Problem]
    }

    /// The one sentence a screen reader hears when the preview changes.
    private func status(_ checked: Checked) -> String {
        guard checked.problems.isEmpty, let link = checked.link else {
            let count = checked.problems.count
            return "\(count) \(count == 1 ? "problem" : "problems"): "
                + checked.problems.map(\.message).joined(separator: "; ") + "."
        }
        let report = RouteReport(link.target, file: service.answers.file, router: service.answers.router)
        guard report.outcome == "matched" else { return "The target is a web page." }
        return "The target opens " + (report.destination.map { "the screen \($0)" } ?? "the route")
            + " (\(report.pattern ?? ""))."
    }

    // MARK: The page

    private func page(
        _ form: LinkForm, editing: LinkStore.Stored?, session: ConsoleSessions.Session?,
        problems: [FieldProblem] = [], preview: ShortLink? = nil
    ) -> String {
        let action = editing.map { "/admin/links/\($0.link.slug.text)/edit" } ?? "/admin/create"
        var body = session.map(SignInPages.signOutForm) ?? ""
        body += "<p><a href=\"/admin/links\">All links</a></p>\n"
        body += editing.map { "<h1>Change <code>\($0.link.slug.text)</code></h1>\n" } ?? "<h1>Make a link</h1>\n"
        if !problems.isEmpty {
            body += "<div class=\"problems\" role=\"alert\"><h2>The link cannot be saved</h2><ul>\n"
            for problem in problems {
                body += "<li><a href=\"#\(problem.formField)\">\(HTML.text(problem.message))</a></li>\n"
            }
            body += "</ul></div>\n"
        }
        guard let session else {
            return SignInPages.document(body + "<p>Sign in to make and change links here.</p>\n")
        }
        // The script puts its preview in `preview-region` and its sentence in `preview-status` as a person types.
        body += "<p id=\"preview-status\" role=\"status\"></p>\n"
        body += "<div id=\"preview-region\">\(preview.map(self.preview) ?? "")</div>\n"
        body += "<form class=\"editor\" method=\"post\" action=\"\(action)\" data-preview=\"\(action)/preview\">\n"
        body += SignInPages.formTokenField(session) + "\n"
        let groups: [(String, [String])] = [
            ("Where it goes", ["target", "slug"]), ("Per platform", ["ios", "android", "desktop"]),
            ("Social preview", ["title", "description", "imageURL"]),
            (
                "UTM parameters, added to web targets",
                ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]
            ),
            ("Expiry and tags", ["expiresAt", "tags"]),
        ]
        for (legend, names) in groups {
            body += "<fieldset><legend>\(legend)</legend>\n"
            for name in names {
                guard let field = LinkForm.fields.first(where: { $0.name == name }) else { continue }
                if name == "slug", let editing {
                    body += "<p>Slug: <code>\(editing.link.slug.text)</code> (a link's slug does not change)</p>\n"
                    continue
                }
                body += input(field, value: form.values[name], problems: problems.filter { $0.formField == name })
            }
            body += "</fieldset>\n"
        }
        body += "<div class=\"buttons\"><button type=\"submit\" name=\"intent\" value=\"preview\">Preview</button>"
        body += "<button type=\"submit\" name=\"intent\" value=\"save\">"
        body += editing == nil ? "Create the link" : "Save the changes"
        body += "</button></div>\n</form>\n"
        return SignInPages.document(body, script: ConsoleScript.path)
    }

    private func input(
        _ field: (name: String, label: String, help: String?), value: String?, problems: [FieldProblem]
    ) -> String {
        let name = field.name
        var described: [String] = []
        var html = "<div class=\"field\"><label for=\"\(name)\">\(field.label)</label>\n"
        if let help = field.help {
            html += "<p id=\"\(name)-help\" class=\"help\">\(HTML.text(help))</p>\n"
            described.append("\(name)-help")
        }
        if !problems.isEmpty { described.append("\(name)-error") }
        let kind = name == "description" ? "textarea" : "input"
        var attributes = "id=\"\(name)\" name=\"\(name)\""
        if !described.isEmpty { attributes += " aria-describedby=\"\(described.joined(separator: " "))\"" }
        if !problems.isEmpty { attributes += " aria-invalid=\"true\"" }
        if name == "target" { attributes += " required" }
        if kind == "textarea" {
            html += "<textarea \(attributes) rows=\"3\">\(HTML.fieldValue(value ?? ""))</textarea>\n"
        } else {
            html += "<input type=\"text\" \(attributes) value=\"\(HTML.fieldValue(value ?? ""))\">\n"
        }
        if !problems.isEmpty {
            html += "<p id=\"\(name)-error\" class=\"error\">"
            html += problems.map { HTML.text($0.message) }.joined(separator: "; ") + "</p>\n"
        }
        return html + "</div>\n"
    }

    /// What the site would answer for `link`: the route and screen of its target, each kind of visitor's answer,
    /// and the social card, from the answers the site gives visitors.
    private func preview(_ link: ShortLink) -> String {
        let answers = service.answers
        var html = "<section class=\"preview\" aria-labelledby=\"preview-title\">\n"
        html += "<h2 id=\"preview-title\">What the site will answer</h2>\n"
        html += "<p class=\"address\"><code>\(HTML.text(service.shortLinks.link(for: link.slug)))</code></p>\n"
        let report = RouteReport(link.target, file: answers.file, router: answers.router)
        switch report.outcome {
        case "matched":
            html += "<p>The target opens the route <code>\(HTML.text(report.pattern ?? ""))</code>"
            if let destination = report.destination { html += ", screen <strong>\(HTML.text(destination))</strong>" }
            let parameters = report.parameters.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
            if !parameters.isEmpty { html += " (\(HTML.text(parameters.joined(separator: ", "))))" }
            html += ".</p>\n"
        default:
            html += "<p>The target is a web page: no route of the app takes it.</p>\n"
        }
        html += "<table><caption>Each visitor's answer</caption>\n<tbody>\n"
        let now = Date()
        for (visitor, name) in [
            (Visitor.ios, "iPhone"), (.android, "Android phone"), (.desktop, "Desktop browser"),
            (.bot, "Link-preview crawler"),
        ] {
            let answer = answers.response(for: link, visitor: visitor, now: now)
            html += "<tr><th scope=\"row\">\(name)</th><td>\(describe(answer, visitor: visitor))</td></tr>\n"
        }
        html += "</tbody></table>\n"
        let card = Self.card(of: answers.response(for: link, visitor: .bot, now: now))
        html += "<figure class=\"card\"><figcaption>The card a chat app draws</figcaption>\n"
        html += "<p class=\"card-site\">\(HTML.text(service.shortLinks.host))</p>\n"
        html += "<p class=\"card-title\">\(card.title ?? "")</p>\n"
        if let description = card.description { html += "<p>\(description)</p>\n" }
        if let image = card.image { html += "<p class=\"card-image\">Picture: <code>\(image)</code></p>\n" }
        html += "</figure>\n</section>\n"
        return html
    }

    private func describe(_ answer: SiteResponse, visitor: Visitor) -> String {
        let location = answer.headers.first { $0.name == "Location" }?.value
        switch answer.status {
        case 301, 302, 303, 307, 308:
            return "sent on (\(answer.status)) to <code>\(HTML.text(location ?? ""))</code>"
        case 200 where visitor == .bot:
            return "the preview page (200), with the card below"
        case 200:
            let body = String(decoding: answer.body, as: UTF8.self)
            return body.contains("Get the app")
                ? "the landing page (200): open in the app, or get the app with the link kept"
                : "the landing page (200): open in the app"
        case 410:
            return "gone (410): the link is disabled or expired"
        default:
            return "\(answer.status)"
        }
    }

    /// The Open Graph title, description and image of a preview page, as written there (escaped).
    static func card(of answer: SiteResponse) -> (title: String?, description: String?, image: String?) {
        let html = String(decoding: answer.body, as: UTF8.self)
        func content(_ property: String) -> String? {
            guard let start = html.range(of: "<meta property=\"\(property)\" content=\"") else { return nil }
            return String(html[start.upperBound...].prefix { $0 != "\"" })
        }
        return (content("og:title"), content("og:description"), content("og:image"))
    }
}
