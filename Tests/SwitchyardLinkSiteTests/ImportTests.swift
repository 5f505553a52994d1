import Foundation
import Switchyard
import SwitchyardLinkAPI
import SwitchyardServer
import Testing

@testable import SwitchyardLinkSite

/// Imports of CSV files: the reader, the two formats, and the API's dry run and commit on a real site.
@Suite struct ImportTests {
    @Test(arguments: [
        ("a,b\r\n1,2\r\n", [1, 2], [["a", "b"], ["1", "2"]]),
        ("a,b\n1,2", [1, 2], [["a", "b"], ["1", "2"]]),
        ("\u{FEFF}a\n\n\nb\n", [1, 4], [["a"], ["b"]]),
        ("\"x, y\",\"say \"\"hi\"\"\"\n", [1], [["x, y", "say \"hi\""]]),
        ("\"two\nlines\",z\nnext\n", [1, 3], [["two\nlines", "z"], ["next"]]),
        (",,\n", [1], [["", "", ""]]),
        ("\"\"\n", [1], [[""]]),
    ])
    func csvRecordsAreReadAsRFC4180Says(text: String, lines: [Int], fields: [[String]]) throws {
        let records = try CSVReader.records(of: text, maxRecords: 10)
        #expect(records.map(\.line) == lines)
        #expect(records.map(\.fields) == fields)
    }

    @Test(arguments: [
        ("a,\"b\n", "line 1: a quoted field is not closed"),
        ("a\n\"b\"c\n", "line 2: a quoted field has text after its closing quote"),
        ("a\nb\nc\nd\n", "the file has more than 2 rows after its header"),
    ])
    func brokenCSVIsRefusedWithItsLine(text: String, message: String) {
        #expect(throws: CSVReader.Failure.self) { try CSVReader.records(of: text, maxRecords: 3) }
        do {
            _ = try CSVReader.records(of: text, maxRecords: 3)
        } catch {
            #expect(error.message == message)
        }
    }

    /// A file of a million commas is read in one pass (its bound is the API's 2 MiB).
    @Test func aLongLineIsReadInOnePass() throws {
        let records = try CSVReader.records(of: String(repeating: ",", count: 1_000_000), maxRecords: 1)
        #expect(records.first?.fields.count == 1_000_001)
    }

    @Test(arguments: [
        ("https://bit.ly/3xYz", "3xYz"), ("bit.ly/3xYz", "3xYz"), ("go.shop.example.com/spring", "spring"),
        ("https://go.example.com/spring?x=1", "spring"), ("brand.co/a, brand.co/b", "a"), ("", ""),
    ])
    func bitlysBackHalfIsTheSlug(link: String, slug: String) {
        #expect(LinkImport.backHalf(link) == slug)
    }

    @Test(arguments: [
        ("'=SUM(A1)", "=SUM(A1)"), ("'+1", "+1"), ("'-x", "-x"), ("'@a", "@a"), ("'plain", "'plain"), ("=raw", "=raw"),
        ("'", "'"),
    ])
    func theExportsQuoteBeforeAFormulaIsDroppedAndNothingElse(cell: String, value: String) {
        #expect(LinkImport.disarmed(cell) == value)
    }

    @Test func theFormatIsReadFromTheHeader() throws {
        #expect(try LinkImport("slug,target\nx,myapp://cart\n").format == .switchyard)
        #expect(try LinkImport("Title,Link,Destination URL\nT,bit.ly/x,myapp://cart\n").format == .bitly)
        #expect(try LinkImport("long_url,link\nmyapp://cart,bit.ly/x\n").format == .bitly)
        #expect(
            throws: LinkImport.Failure(
                code: "invalidCSV", message: "the column 'colour' is not one of this site's export")
        ) {
            try LinkImport("target,colour\n")
        }
        #expect(
            throws: LinkImport.Failure(
                code: "invalidCSV", message: "the file is empty: its first row names the columns")
        ) {
            try LinkImport("")
        }
    }

    /// A column named twice, in either format and in any case, is the file's mistake: a row's two values of one field
    /// were read as the last one, silently.
    @Test(arguments: ["slug,target,target\n", "slug,Target, TARGET\n", "Destination URL,Title,title\n"])
    func aColumnNamedTwiceIsRefused(header: String) {
        let error = #expect(throws: LinkImport.Failure.self) { try LinkImport(header + "x,myapp://cart,y\n") }
        #expect(error?.code == "invalidCSV")
        let message = error?.message ?? ""
        #expect(message.hasPrefix("the column '") && message.hasSuffix("' is named twice"), "\(message)")
    }

    @Test func aRowsCellsBecomeTheLinksFields() throws {
        let file = try LinkImport(
            "slug,target,utm,expiresAt,disabled,tags,title\n"
                + "a,myapp://cart,source=mail;campaign=x,2026-12-31T23:59:59Z,true,one;two,'=Hi\n"
                + "b,myapp://cart,oops,yesterday,maybe,,\n")
        let first = file.rows[0].request
        #expect(first.utm == ["source": "mail", "campaign": "x"])
        #expect(first.expiresAt == ISO8601DateFormatter().date(from: "2026-12-31T23:59:59Z"))
        #expect(first.disabled == true)
        #expect(first.tags == ["one", "two"])
        #expect(first.title == "=Hi")
        #expect(file.rows[0].problems.isEmpty)
        #expect(file.rows[1].problems.map(\.field) == ["utm", "expiresAt", "disabled"])
    }

    /// A UTM name given twice in a cell is refused, not decided by its order; one with no value is not name=value.
    @Test(arguments: [
        ("source=mail;source=poster", "'source' is given twice"), ("source=", "'source=' is not name=value"),
    ])
    func aMalformedUTMCellIsRefusedAtItsField(cell: String, message: String) throws {
        let file = try LinkImport("slug,target,utm\na,myapp://cart,\(cell)\n")
        #expect(file.rows[0].problems.map(\.field) == ["utm"])
        #expect(file.rows[0].problems.map(\.message) == [message])
    }

    // MARK: The API

    static func importFile(_ site: LinkSiteFixture, _ csv: String, query: String = "") async -> SiteResponse {
        await site.call("POST", "/api/admin/import" + query, json: csv, contentType: "text/csv")
    }

    static func report(_ answer: SiteResponse) throws -> Components.Schemas.ImportReport {
        try JSONDecoder().decode(Components.Schemas.ImportReport.self, from: Data(answer.body))
    }

    static let mixed = """
        slug,target,title
        xmas,myapp://product/1988,Christmas
        bad slug,myapp://cart,
        evil,https://evil.example.com/,
        xmas,myapp://cart,again

        """

    @Test func aDryRunSaysEachRowsOutcomeAndWritesNothing() async throws {
        try await LinkSiteFixture.with { site in
            let answer = await Self.importFile(site, Self.mixed)
            #expect(answer.status == 200)
            let report = try Self.report(answer)
            #expect(report.committed == false)
            #expect((report.made, report.refused) == (1, 3))
            #expect(report.rows.map(\.row) == [2, 3, 4, 5])
            #expect(report.rows.map(\.outcome) == [.made, .refused, .refused, .refused])
            #expect(
                report.rows.map { $0.problems?.first?.code } == [nil, "invalidSlug", "hostNotAllowed", "slugTaken"])
            #expect(try await site.store.list(after: nil, limit: 10).isEmpty)
        }
    }

    @Test func aCommitWithARefusedRowWritesNoneUnlessToldToSkipIt() async throws {
        try await LinkSiteFixture.with { site in
            let none = try Self.report(await Self.importFile(site, Self.mixed, query: "?commit=true"))
            #expect(none.committed == false)
            #expect(try await site.store.list(after: nil, limit: 10).isEmpty)
            let some = try Self.report(await Self.importFile(site, Self.mixed, query: "?commit=true&skipRefused=true"))
            #expect(some.committed == true)
            #expect(try await site.store.list(after: nil, limit: 10).map(\.link.slug.text) == ["xmas"])
            // The same file again: its slug is now the store's.
            let again = try Self.report(await Self.importFile(site, Self.mixed))
            #expect(again.rows[0].problems?.first?.message == "a link named 'xmas' exists already")
            let visit = await site.request("GET", "/s/xmas", headers: ["User-Agent: Mozilla/5.0 (X11; Linux x86_64)"])
            #expect(visit.status == 302, "an imported link answers at once")
        }
    }

    @Test func anExportImportsIntoAnotherSiteWhole() async throws {
        var exported = ""
        try await LinkSiteFixture.with { site in
            for body in [
                #"{"slug": "a", "target": "myapp://product/1988", "title": "=1+1", "utm": {"source": "x"}, "tags": ["p", "q"]}"#,
                #"{"slug": "b", "target": "myapp://cart", "disabled": true, "expiresAt": "2030-01-01T00:00:00Z", "description": "two, \"quoted\""}"#,
            ] {
                #expect(await site.call("POST", "/api/admin/links", json: body).status == 201)
            }
            exported = await site.call("GET", "/api/admin/export?format=csv").text
        }
        try await LinkSiteFixture.with { site in
            let report = try Self.report(await Self.importFile(site, exported, query: "?commit=true"))
            #expect(report.committed && report.made == 2)
            let links = try await site.store.list(after: nil, limit: 10).map(\.link)
            #expect(links.map(\.preview.title) == ["=1+1", nil])
            #expect(links.map(\.tags) == [["p", "q"], []])
            #expect(links.map(\.utm) == [["source": "x"], [:]])
            #expect(links.map(\.isDisabled) == [false, true])
            #expect(links[1].preview.description == "two, \"quoted\"")
            #expect(links[1].expiresAt == ISO8601DateFormatter().date(from: "2030-01-01T00:00:00Z"))
        }
    }

    @Test func bitlysExportImports() async throws {
        try await LinkSiteFixture.with { site in
            let csv = """
                Title,Link,Custom Link,Destination URL,Date Created,Tags,Clicks
                Spring,https://bit.ly/3xYz,go.brand.example/spring,https://shop.example.com/product/7,2024-01-01,"promo, spring",12
                Plain,https://bit.ly/4abc,,myapp://cart,2024-01-02,,3

                """
            let report = try Self.report(await Self.importFile(site, csv, query: "?commit=true"))
            #expect(report.format == .bitly)
            #expect(report.rows.map(\.slug) == ["spring", "4abc"])
            let spring = try #require(try await site.store.link(try Slug("spring"))).link
            #expect(spring.target == "https://shop.example.com/product/7")
            #expect(spring.preview.title == "Spring")
            #expect(spring.tags == ["promo", "spring"])
        }
    }

    @Test(arguments: [
        ("a,b\n1,2\n", "text/csv", 400, "invalidCSV"), ("target\n\"open\n", "text/csv", 400, "invalidCSV"),
        ("target\nmyapp://cart\n", "application/json", 415, "unsupportedMediaType"),
        ("target\n" + String(repeating: "myapp://cart\n", count: 10_001), "text/csv", 400, "tooMany"),
        (String(repeating: "a", count: 2 * 1_024 * 1_024 + 1), "text/csv", 413, "tooLarge"),
    ])
    func aFileTheSiteCannotTakeIsRefusedWithItsCode(body: String, type: String, status: Int, code: String)
        async throws
    {
        try await LinkSiteFixture.with { site in
            let answer = await site.call("POST", "/api/admin/import?commit=true", json: body, contentType: type)
            #expect(answer.status == status)
            #expect(answer.text.contains(#""code":"\#(code)""#))
            let stored = try await site.store.list(after: nil, limit: 1)
            #expect(stored.isEmpty)
        }
    }

    /// The most rows a file may have, written in one call.
    @Test func tenThousandRowsAreWrittenInOneTransaction() async throws {
        try await LinkSiteFixture.with { site in
            let csv = "slug,target\n" + (0..<10_000).map { "r\($0),myapp://cart\n" }.joined()
            let report = try Self.report(await Self.importFile(site, csv, query: "?commit=true"))
            #expect(report.committed && report.made == 10_000)
            #expect(try await site.store.list(after: nil, limit: 1_000).count == 1_000)
        }
    }
}

/// Imports in the console: a file uploaded as a browser sends it (multipart), checked, then written.
@Suite struct ImportPageTests {
    static func upload(
        _ site: LinkSiteFixture, _ session: (cookie: String, formToken: String), file: String? = nil,
        fields: [(String, String)] = [], origin: String = ConsoleSessionTests.origin
    ) async -> SiteResponse {
        let boundary = "----SwitchyardTest7MA4YWxkTrZu0gW"
        var body = ""
        for (name, value) in [("form_token", session.formToken)] + fields {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        if let file {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"links.csv\"\r\n"
            body += "Content-Type: text/csv\r\n\r\n\(file)\r\n"
        }
        body += "--\(boundary)--\r\n"
        return await site.request(
            "POST", "/admin/import", body: body,
            headers: [session.cookie, origin, "Content-Type: multipart/form-data; boundary=\(boundary)"])
    }

    @Test func aFileIsCheckedThenWrittenFromThePageItShows() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await LinkEditorTests.signedIn(site)
            let checked = await Self.upload(site, session, file: ImportTests.mixed, fields: [("intent", "check")])
            #expect(checked.status == 200)
            #expect(
                checked.text.contains(
                    "Read as this site's export: 1 row makes a link, 3 refused. Nothing is written yet."))
            #expect(checked.text.contains("refused: target: hostNotAllowed, the host &#39;evil.example.com&#39;"))
            #expect(try await site.store.list(after: nil, limit: 1).isEmpty)
            // The page holds the file for the second step.
            #expect(checked.text.contains(#"<input type="hidden" name="csv" value="slug,target,title"#))
            let all = await Self.upload(site, session, fields: [("csv", ImportTests.mixed), ("intent", "commit")])
            #expect(all.text.contains("Nothing was written: a row is refused."))
            #expect(try await site.store.list(after: nil, limit: 1).isEmpty)
            let some = await Self.upload(
                site, session, fields: [("csv", ImportTests.mixed), ("intent", "commit"), ("skip_refused", "yes")])
            #expect(some.text.contains("1 link was written."))
            #expect(try await site.store.list(after: nil, limit: 10).map(\.link.slug.text) == ["xmas"])
        }
    }

    @Test func anUploadFromAnotherSiteOrWithoutAFileChangesNothing() async throws {
        try await LinkSiteFixture.with { site in
            let session = try await LinkEditorTests.signedIn(site)
            let foreign = await Self.upload(
                site, session, file: "target\nmyapp://cart\n", fields: [("intent", "commit")],
                origin: "Origin: https://evil.example")
            #expect(foreign.status == 403)
            let empty = await Self.upload(site, session, fields: [("intent", "check")])
            #expect(empty.status == 400)
            #expect(empty.text.contains(#"<p id="file-error" class="error" role="alert">Choose a CSV file.</p>"#))
            let broken = await Self.upload(site, session, file: "a,b\n1,2\n", fields: [("intent", "check")])
            #expect(broken.status == 400)
            #expect(broken.text.contains("The file cannot be read: the columns are neither"))
            #expect(try await site.store.list(after: nil, limit: 1).isEmpty)
        }
    }

    @Test(arguments: [
        ("multipart/form-data; boundary=abc", "abc"), ("multipart/form-data; boundary=\"a b\"", "a b"),
        ("Multipart/Form-Data;charset=utf-8; Boundary=x", "x"), ("multipart/form-data", nil),
        ("application/x-www-form-urlencoded", nil),
        ("multipart/form-data; boundary=" + String(repeating: "b", count: 71), nil),
    ])
    func aMultipartBoundaryIsReadFromTheContentType(contentType: String, boundary: String?) {
        #expect(FormBody.boundary(of: contentType) == boundary)
    }

    @Test func aMultipartBodyGivesItsFieldsAndNothingOfABrokenOne() {
        let body =
            "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\none\r\n--b\r\n"
            + "Content-Disposition: form-data; name=\"f\"; filename=\"x.csv\"\r\nContent-Type: text/csv\r\n\r\nx,y\r\n1,2\r\n"
            + "--b--\r\n"
        #expect(FormBody.multipart(Array(body.utf8), boundary: "b") == ["a": "one", "f": "x,y\r\n1,2"])
        #expect(FormBody.multipart(Array("garbage".utf8), boundary: "b") == [:])
        #expect(FormBody.multipart(Array("--b\r\nno headers end".utf8), boundary: "b") == [:])
    }
}
