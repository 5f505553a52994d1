import SwitchyardServer

extension SiteResponse {
    /// A page of the console: private and never cached, as every admin page, under the pages' policy but for three
    /// changes: its forms may be sent, to the site itself (`form-action 'self'`); with `runsScript`, it runs the
    /// site's own script (``ConsoleScript``, no inline code), which may ask the site itself; and the referrer policy is
    /// `same-origin`, which tells the site itself where a request comes from and other sites nothing (with
    /// `no-referrer`, a browser sends a form with `Origin: null`, and the site could not tell its own forms from
    /// another site's).
    static func consolePage(_ html: String, status: Int = 200, runsScript: Bool = false) -> SiteResponse {
        // Only the editor runs a script (``ConsoleScript``); every other page of the console allows none.
        let script = runsScript ? "script-src 'self'; connect-src 'self'; " : ""
        return SiteResponse(
            status: status,
            headers: [
                (name: "Content-Type", value: "text/html; charset=utf-8"), (name: "Cache-Control", value: "no-store"),
                (
                    name: "Content-Security-Policy",
                    value: "default-src 'none'; style-src 'unsafe-inline'; \(script)base-uri 'none'; "
                        + "form-action 'self'; frame-ancestors 'none'"
                ),
                (name: "X-Content-Type-Options", value: "nosniff"), (name: "Referrer-Policy", value: "same-origin"),
            ], body: Array(html.utf8))
    }
}

extension SiteResponse {
    /// The admin pages' answer for a slug that names no link (404).
    static let noSuchLink = privatePage("<p>No such link.</p>", status: 404)

    /// The admin pages' answer when the store cannot answer (503); a person may try again in a few seconds.
    static var storeUnavailable: SiteResponse {
        var answer = privatePage("<p>The store cannot answer; try again shortly.</p>", status: 503)
        answer.headers.append((name: "Retry-After", value: "5"))
        return answer
    }
}
