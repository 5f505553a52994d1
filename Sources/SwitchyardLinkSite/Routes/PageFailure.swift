import HTTPTypes
import Hummingbird
import SwitchyardServer

/// A page that answers instead of the one asked for, thrown by middleware in front of a page.
struct PageFailure: Error, HTTPResponseError {
    let page: SiteResponse
    var status: HTTPResponse.Status { HTTPResponse.Status(code: page.status) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(page, for: request)
    }

    /// The page of a method a page's address does not take, with `Allow`.
    static func methodNotAllowed(allow: String) -> any Error {
        var page = SiteResponse.privatePage("<p>This address takes \(allow).</p>", status: 405)
        page.headers.append((name: "Allow", value: allow))
        return PageFailure(page: page)
    }
}
