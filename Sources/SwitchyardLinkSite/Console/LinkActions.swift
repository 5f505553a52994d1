import Foundation
import Hummingbird
import Switchyard
import SwitchyardLinkStore
import SwitchyardServer

/// What a signed-in person does to a link from its page: disable it, enable it again, and delete it after a
/// confirmation that names it.
///
/// - `POST /admin/links/{slug}/disable` and `…/enable`: back to the link's page.
/// - `GET /admin/links/{slug}/delete`: the confirmation, which says what goes with the link.
/// - `POST /admin/links/{slug}/delete`: back to the list, which says what was deleted.
///
/// Each `POST` is a form of the session's (``SignInPages/checkedForm(_:_:)``); a change takes effect in this
/// process's cache at once, as through the API.
struct LinkActions {
    let service: LinkService

    func register(on pages: RouterGroup<LinkSiteContext>, _ routes: OperationGroups) {
        for (action, disabled) in [("disable", true), ("enable", false)] {
            routes.add(
                path: "/admin/links/{slug}/\(action)", method: .post, on: pages, refusal: PageFailure.methodNotAllowed
            ) { request, context in
                var request = request
                let slugText = context.parameters.get("slug") ?? ""
                if case .failure(let refusal) = await SignInPages.checkedForm(&request, context) {
                    return Response(refusal.page, for: request)
                }
                return Response(await setDisabled(disabled, slug: slugText), for: request)
            }
        }
        routes.add(path: "/admin/links/{slug}/delete", method: .get, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            Response(
                await confirmation(slug: context.parameters.get("slug") ?? "", session: context.identity?.session),
                for: request)
        }
        routes.add(path: "/admin/links/{slug}/delete", method: .post, on: pages, refusal: PageFailure.methodNotAllowed)
        { request, context in
            var request = request
            if case .failure(let refusal) = await SignInPages.checkedForm(&request, context) {
                return Response(refusal.page, for: request)
            }
            return Response(await delete(slug: context.parameters.get("slug") ?? ""), for: request)
        }
    }

    private func setDisabled(_ disabled: Bool, slug text: String) async -> SiteResponse {
        guard let slug = try? Slug(text) else { return SiteResponse.noSuchLink }
        do {
            guard var stored = try await service.store.link(slug) else {
                return SiteResponse.noSuchLink
            }
            stored.link.isDisabled = disabled
            guard try await service.store.update(stored.link, at: Date()) else {
                return SiteResponse.noSuchLink
            }
            service.remember(stored.link, for: slug)
            return SignInPages.redirect(to: "/admin/links/\(slug.text)")
        } catch {
            return SiteResponse.storeUnavailable
        }
    }

    private func confirmation(slug text: String, session: ConsoleSessions.Session?) async -> SiteResponse {
        guard let slug = try? Slug(text) else { return SiteResponse.noSuchLink }
        do {
            guard let stored = try await service.store.link(slug) else {
                return SiteResponse.noSuchLink
            }
            let clicks = try await service.store.clickCounts(of: slug).reduce(0) { $0 + $1.clicks }
            let address = service.shortLinks.link(for: slug)
            var body = "<h1>Delete <code>\(slug.text)</code>?</h1>\n"
            body += "<p><code>\(HTML.text(address))</code> → <code>\(HTML.text(stored.link.target))</code></p>\n"
            body += "<p>Its \(clicks) \(clicks == 1 ? "click goes" : "clicks go") with it, and the link answers "
            body += "404 from now on, on posters and in mails too. This cannot be undone.</p>\n"
            if let session {
                body += "<form method=\"post\" action=\"/admin/links/\(slug.text)/delete\">"
                body += SignInPages.formTokenField(session)
                body += "<button type=\"submit\">Delete \(slug.text)</button></form>\n"
            } else {
                body += "<p>Sign in to delete it here; a script deletes it through the API.</p>\n"
            }
            body += "<p><a href=\"/admin/links/\(slug.text)\">Keep it</a></p>\n"
            return SiteResponse.consolePage(SignInPages.document(body))
        } catch {
            return SiteResponse.storeUnavailable
        }
    }

    private func delete(slug text: String) async -> SiteResponse {
        guard let slug = try? Slug(text) else { return SiteResponse.noSuchLink }
        do {
            guard try await service.store.delete(slug) else {
                return SiteResponse.noSuchLink
            }
            service.remember(nil, for: slug)
            return SignInPages.redirect(to: "/admin/links?deleted=\(slug.text)")
        } catch {
            return SiteResponse.storeUnavailable
        }
    }
}
