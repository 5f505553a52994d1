import SwitchyardServer

extension SiteResponse {
    /// A page of the console: private and never cached, as every admin page, under the pages' policy but for two
    /// changes: its forms may be sent, to the site itself (`form-action 'self'`), and the referrer policy is
    /// `same-origin`, which tells the site itself where a request comes from and other sites nothing (with
    /// `no-referrer`, a browser sends a form with `Origin: null`, and the site could not tell its own forms from
    /// another site's).
    static func consolePage(_ html: String, status: Int = 200) -> SiteResponse {
        SiteResponse(
            status: status,
            headers: [
                (name: "Content-Type", value: "text/html; charset=utf-8"), (name: "Cache-Control", value: "no-store"),
                (
                    name: "Content-Security-Policy",
                    value: "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; "
                        + "frame-ancestors 'none'"
                ),
                (name: "X-Content-Type-Options", value: "nosniff"), (name: "Referrer-Policy", value: "same-origin"),
            ], body: Array(html.utf8))
    }
}
