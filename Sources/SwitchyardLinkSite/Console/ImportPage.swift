import Foundation
import Hummingbird
import SwitchyardServer

/// `/admin/import`: a CSV file uploaded (this site's export, or Bitly's), checked first, then written.
///
/// "Check the file" shows each row's outcome (made, or refused with the API's codes and messages) and writes
/// nothing; the page then holds the file, and "Write the links" writes them in one transaction, all or none, or,
/// with "Leave out the refused rows", the others (``LinkImporter``). The limits are the API's: 10,000 rows, 2 MiB.
struct ImportPage {
    let service: LinkService

    func register(on pages: RouterGroup<LinkSiteContext>, _ routes: OperationGroups) {
        routes.add(path: "/admin/import", method: .get, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            Response(SiteResponse.consolePage(page(session: context.identity?.session)), for: request)
        }
        routes.add(path: "/admin/import", method: .post, on: pages, refusal: PageFailure.methodNotAllowed) {
            request, context in
            var request = request
            // The file and the form's other fields, with room for a multipart body's part headers.
            let fields: [String: String]
            switch await SignInPages.checkedForm(&request, context, limit: LinkImport.maxBytes + 16 * 1_024) {
            case .success(let checked): fields = checked
            case .failure(let refusal): return Response(refusal.page, for: request)
            }
            let text = fields["file"] ?? fields["csv"] ?? ""
            let commit = fields["intent"] == "commit"
            let session = context.identity?.session
            guard !text.isEmpty else {
                return Response(
                    SiteResponse.consolePage(page(session: session, error: "Choose a CSV file."), status: 400),
                    for: request)
            }
            do throws(LinkImporter.Failure) {
                let report = try await LinkImporter(service: service).run(
                    text, commit: commit, skipRefused: fields["skip_refused"] == "yes")
                return Response(
                    SiteResponse.consolePage(page(session: session, report: report, file: text, commit: commit)),
                    for: request)
            } catch {
                switch error {
                case .unreadable(_, let message):
                    return Response(
                        SiteResponse.consolePage(
                            page(session: session, error: "The file cannot be read: \(message)."), status: 400),
                        for: request)
                case .store:
                    return Response(
                        SiteResponse.storeUnavailable,
                        for: request)
                }
            }
        }
    }

    private func page(
        session: ConsoleSessions.Session?, error: String? = nil, report: LinkImporter.Report? = nil,
        file: String = "", commit: Bool = false
    ) -> String {
        var body = session.map(SignInPages.signOutForm) ?? ""
        body += "<p><a href=\"/admin/links\">All links</a></p>\n<h1>Import links</h1>\n"
        guard let session else { return SignInPages.document(body + "<p>Sign in to import links here.</p>\n") }
        if let report {
            body += summary(report, commit: commit)
            body += table(report)
            if !report.committed && report.made > 0 {
                body += "<form method=\"post\" action=\"/admin/import\" enctype=\"multipart/form-data\">"
                body += SignInPages.formTokenField(session)
                body += "<input type=\"hidden\" name=\"csv\" value=\"\(HTML.fieldValue(file))\">\n"
                if report.refused > 0 {
                    body += "<div class=\"field\"><input type=\"checkbox\" id=\"skip_refused\" name=\"skip_refused\" "
                    body +=
                        "value=\"yes\"> <label for=\"skip_refused\" class=\"inline\">Leave out the \(report.refused) "
                    body += "refused \(report.refused == 1 ? "row" : "rows") and write the others</label></div>\n"
                }
                body += "<div class=\"buttons\"><button type=\"submit\" name=\"intent\" value=\"commit\">"
                body += "Write the links</button></div>\n</form>\n"
            }
        }
        body += "<form method=\"post\" action=\"/admin/import\" enctype=\"multipart/form-data\" class=\"editor\">\n"
        body += SignInPages.formTokenField(session)
        body += "<div class=\"field\"><label for=\"file\">A CSV file</label>\n"
        body += "<p id=\"file-help\" class=\"help\">This site's export, or Bitly's; at most 10,000 rows and 2 MiB. "
        body += "Nothing is written until you have seen each row's outcome.</p>\n"
        body += "<input type=\"file\" id=\"file\" name=\"file\" accept=\".csv,text/csv\" required "
        body +=
            "aria-describedby=\"file-help\(error == nil ? "" : " file-error")\"\(error == nil ? "" : " aria-invalid=\"true\"")>\n"
        if let error { body += "<p id=\"file-error\" class=\"error\" role=\"alert\">\(HTML.text(error))</p>\n" }
        body += "</div>\n<div class=\"buttons\"><button type=\"submit\" name=\"intent\" value=\"check\">"
        body += "Check the file</button></div>\n</form>\n"
        return SignInPages.document(body)
    }

    private func summary(_ report: LinkImporter.Report, commit: Bool) -> String {
        let format = report.format == .bitly ? "Bitly's export" : "this site's export"
        let counts =
            "\(report.made) \(report.made == 1 ? "row makes a link" : "rows make links"), \(report.refused) refused"
        let outcome: String
        if report.committed {
            outcome = "\(report.made) \(report.made == 1 ? "link was" : "links were") written."
        } else if commit {
            outcome = "Nothing was written: a row is refused. Leave the refused rows out, or mend the file."
        } else {
            outcome = "Nothing is written yet."
        }
        return "<p class=\"status\" role=\"status\">Read as \(format): \(counts). \(outcome)</p>\n"
    }

    private func table(_ report: LinkImporter.Report) -> String {
        var html = "<table>\n<caption>Each row's outcome</caption>\n<thead><tr><th scope=\"col\">Row</th>"
        html += "<th scope=\"col\">Slug</th><th scope=\"col\">Outcome</th></tr></thead>\n<tbody>\n"
        for row in report.rows {
            html += "<tr><th scope=\"row\">\(row.line)</th><td><code>\(HTML.text(row.slug ?? ""))</code></td><td>"
            if row.problems.isEmpty {
                html += report.committed ? "made" : "will be made"
            } else {
                html +=
                    "refused: "
                    + row.problems.map {
                        "\(HTML.text($0.field)): \(HTML.text($0.code)), \(HTML.text($0.message))"
                    }.joined(separator: "; ")
            }
            html += "</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }
}
