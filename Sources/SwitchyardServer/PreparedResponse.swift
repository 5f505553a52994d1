import Hummingbird

/// A site answer together with the Hummingbird response made of it, for an answer served many times: a cached
/// link's answer is made into a response once, when it is kept, and each visit then copies it (its headers and body
/// are shared storage, so a copy is a few retains).
///
/// A `HEAD` request gets a response made anew, with the headers and no body, as ``Response/init(_:for:)`` makes it.
@available(macOS 14, iOS 17, tvOS 17, *)
package struct PreparedResponse: Sendable {
    /// The answer, as the site made it.
    package let answer: SiteResponse
    /// `answer` as the response to a `GET`.
    private let response: Response

    package init(_ answer: SiteResponse) {
        self.answer = answer
        response = Response(answer, withBody: true)
    }

    /// The response to `request`: the one made when this was, unless `request` is a `HEAD`.
    package func response(for request: Request) -> Response {
        request.method == .head ? Response(answer, withBody: false) : response
    }
}
