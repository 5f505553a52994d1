import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOSSL
import OpenAPIRuntime
import SwitchyardCertificates
import SwitchyardLinkAPI

/// The client's side of every call: the admin token, answers bounded to ``maxSize`` bytes, and a status other than
/// a success thrown as ``SiteRefusal`` with the document's `Error` it carries.
struct SiteCalls: ClientMiddleware {
    static let maxSize = 64 << 20
    let token: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        let (response, answer) = try await next(request, body, baseURL)
        var bytes = Data()
        if let answer { bytes = try await Data(collecting: answer, upTo: Self.maxSize) }
        guard response.status.kind == .successful else {
            let error = try? JSONDecoder().decode(Components.Schemas._Error.self, from: bytes)
            throw SiteRefusal(
                status: Int(response.status.code), error: error,
                text: String(decoding: bytes.prefix(200), as: UTF8.self),
                location: response.headerFields[.location])
        }
        return (response, HTTPBody(bytes))
    }
}

extension SiteCalls {
    /// The HTTP client of the calls: the system's authorities and `caFiles`' certificates trusted, and no redirect
    /// followed (the API never redirects, and a proxy that does is not the site). The caller shuts it down.
    /// - Throws: ``Failure/badUsage(_:)`` when a file cannot be read as PEM certificates (``PEMCertificates``).
    static func httpClient(trusting caFiles: [String]) throws -> HTTPClient {
        var tls = TLSConfiguration.makeClientConfiguration()
        for file in caFiles {
            do {
                tls.additionalTrustRoots.append(.certificates(try PEMCertificates.load(fromFile: file)))
            } catch {
                throw Failure.badUsage("--ca-file: \(error)")
            }
        }
        return HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow))
    }
}

/// An answer of the site that is not a success: its status, and the document's `Error` when it sent one.
struct SiteRefusal: Error {
    let status: Int
    let error: Components.Schemas._Error?
    /// The first 200 bytes of the answer, for one that is not the document's `Error`.
    let text: String
    /// Where a redirect points.
    let location: String?

    /// A redirect: the API never sends one, so the address names something in front of the site, or another site.
    var isRedirect: Bool { (300..<400).contains(status) }

    /// The error's message and each problem at its field, where a redirect points, or the answer's first bytes.
    var message: String {
        if isRedirect {
            // A field's value holds no control character (HTTPTypes replaces them), but may be long.
            let target = (location ?? "nowhere").prefix(200)
            return "a redirect to \(target), not followed: the API never redirects, so the address is not the "
                + "site's API (if the site is at the redirect's address, give that with --site)"
        }
        guard let detail = error?.error else { return text }
        return detail.message + (detail.problems ?? []).map { "\n  \($0.field): \($0.message)" }.joined()
    }
}
