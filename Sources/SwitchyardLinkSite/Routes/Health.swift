import HTTPTypes
import Hummingbird
import SwitchyardLinkStore
import SwitchyardServer

/// The site's probes, for an orchestrator or a service manager: `GET /healthz` says the process serves, `GET
/// /readyz` that it can serve links (the store answers within ``readinessDeadline`` and has this build's schema).
///
/// Both answer plain text, never cached, without a token, outside every rate limit; a route file's own routes at
/// these two paths are not reached.
enum Health {
    /// How long `/readyz` waits for the store: shorter than a probe's usual timeout (Kubernetes' is 1 s by default,
    /// so a probe there should set `timeoutSeconds: 3`), longer than a busy database's worst answer.
    static let readinessDeadline = Duration.seconds(2)

    static func register(on group: RouterGroup<LinkSiteContext>, _ routes: OperationGroups, service: LinkService) {
        routes.add(path: "/healthz", method: .get, on: group, refusal: PageFailure.methodNotAllowed) { request, _ in
            Response(text(200, "ok"), for: request)
        }
        routes.add(path: "/readyz", method: .get, on: group, refusal: PageFailure.methodNotAllowed) { request, _ in
            do throws(LinkStoreError) {
                try await service.store.checkReady(deadline: readinessDeadline)
                return Response(text(200, "ready"), for: request)
            } catch {
                // The probe is public: it says which check failed, and the log says how (a driver's error may name
                // the database's host).
                service.logger.warning("not ready: \(error)")
                let reason =
                    error.message.hasPrefix("the database has migration") ? error.message : "the store does not answer"
                return Response(text(503, "not ready: \(reason)"), for: request)
            }
        }
    }

    private static func text(_ status: Int, _ line: String) -> SiteResponse {
        SiteResponse(
            status: status,
            headers: [
                (name: "Content-Type", value: "text/plain; charset=utf-8"), (name: "Cache-Control", value: "no-store"),
                (name: "X-Content-Type-Options", value: "nosniff"),
            ],
            body: Array((line + "\n").utf8))
    }
}
