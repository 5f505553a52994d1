import Foundation
import HTTPTypes
import OpenAPIRuntime
import SwitchyardLinkAPI

/// Makes the CSV export an attachment, `Content-Disposition: attachment; filename="links.csv"`, as the document says.
///
/// The generated server writes a response header as a URI component (the document's `simple` style), which would
/// escape this one's quotes, `;` and spaces; so the header is set here, as is, after the handler has answered.
struct ExportAttachment: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, answer) = try await next(request, body, metadata)
        if operationID == Operations.ExportLinks.id, response.headerFields[.contentType]?.hasPrefix("text/csv") == true
        {
            response.headerFields[.contentDisposition] = "attachment; filename=\"links.csv\""
        }
        return (response, answer)
    }
}
