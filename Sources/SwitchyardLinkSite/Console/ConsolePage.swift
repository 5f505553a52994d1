import SwitchyardServer

extension SiteResponse {
    /// A page of the console: private and never cached, as every admin page, under the pages' policy but for one
    /// change: its forms may be sent, to the site itself (`form-action 'self'`).
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
                (name: "X-Content-Type-Options", value: "nosniff"), (name: "Referrer-Policy", value: "no-referrer"),
            ], body: Array(html.utf8))
    }
}
