import Foundation
import Switchyard
import SwitchyardLinkAPI
import SwitchyardWebLinks

/// A CSV file of links read as requests to create them: this site's export (the same columns, so an export
/// imports again), or Bitly's.
///
/// Cells are data: nothing in them is evaluated. The export writes `'` before a cell a spreadsheet would take for a
/// formula; that `'` is dropped again here, and only there.
package struct LinkImport {
    enum Format: String {
        case switchyard, bitly
    }

    /// A row of the file, as a request to create a link, or the problems that kept it from being one.
    struct Row {
        /// The row's line in the file.
        let line: Int
        var request: ShortLinkRequest
        var problems: [FieldProblem] = []
    }

    static let maxRows = 10_000
    /// The most bytes of a file imported, the API's and the console's (`switchyard links import` refuses a larger
    /// one before sending it).
    package static let maxBytes = 2 * 1_024 * 1_024

    let format: Format
    let rows: [Row]

    struct Failure: Error, Equatable {
        /// `invalidCSV` or `tooMany`, as the API says them.
        let code: String
        let message: String
    }

    /// Reads `text`, whose first record names the columns.
    /// - Throws: ``Failure``: not CSV, no header, a column named twice, columns of neither format, more than
    ///   ``maxRows`` rows.
    init(_ text: String) throws(Failure) {
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(of: text, maxRecords: Self.maxRows + 1)
        } catch {
            throw Failure(code: error.isTooMany ? "tooMany" : "invalidCSV", message: error.message)
        }
        guard let header = records.first else {
            throw Failure(code: "invalidCSV", message: "the file is empty: its first row names the columns")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        // A column named twice would give each row two values of one field, one of which would silently win.
        var seen: Set<String> = []
        if let repeated = names.first(where: { !$0.isEmpty && !seen.insert($0).inserted }) {
            throw Failure(code: "invalidCSV", message: "the column '\(repeated)' is named twice")
        }
        if names.contains("target") {
            format = .switchyard
            let known = Set(Components.Schemas.Link.csvColumns.map { $0.lowercased() })
            if let unknown = names.first(where: { !known.contains($0) }) {
                throw Failure(code: "invalidCSV", message: "the column '\(unknown)' is not one of this site's export")
            }
            rows = records.dropFirst().map { Self.switchyardRow($0, names: names) }
        } else if names.contains("destination url") || names.contains("long_url") {
            format = .bitly
            rows = records.dropFirst().map { Self.bitlyRow($0, names: names) }
        } else {
            throw Failure(
                code: "invalidCSV",
                message:
                    "the columns are neither this site's export's (with 'target') nor Bitly's (with 'Destination URL')"
            )
        }
    }

    /// The value of each named column of `record`; an empty cell is no value.
    private static func cells(_ record: CSVReader.Record, names: [String]) -> [String: String] {
        var cells: [String: String] = [:]
        for (name, value) in zip(names, record.fields) where !value.isEmpty { cells[name] = value }
        return cells
    }

    private static func switchyardRow(_ record: CSVReader.Record, names: [String]) -> Row {
        let cells = cells(record, names: names).mapValues(Self.disarmed)
        var row = Row(line: record.line, request: ShortLinkRequest(target: cells["target"], slug: cells["slug"]))
        if record.fields.count != names.count {
            row.problems.append(
                FieldProblem(
                    field: "row", code: "invalidValue",
                    message: "the row has \(record.fields.count) cells; the header names \(names.count)"))
        }
        row.request.ios = cells["ios"]
        row.request.android = cells["android"]
        row.request.desktop = cells["desktop"]
        row.request.title = cells["title"]
        row.request.description = cells["description"]
        row.request.imageURL = cells["imageurl"]
        if let text = cells["utm"] {
            var utm: [String: String] = [:]
            for pair in text.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else {
                    row.problems.append(
                        FieldProblem(field: "utm", code: "invalidValue", message: "'\(pair)' is not name=value"))
                    continue
                }
                guard utm.updateValue(String(parts[1]), forKey: String(parts[0])) == nil else {
                    row.problems.append(
                        FieldProblem(field: "utm", code: "invalidValue", message: "'\(parts[0])' is given twice"))
                    continue
                }
            }
            row.request.utm = utm
        }
        if let text = cells["expiresat"] {
            if let date = InternetTime.date(from: text) {
                row.request.expiresAt = date
            } else {
                row.problems.append(
                    FieldProblem(field: "expiresAt", code: "invalidValue", message: "'\(text)' is not an ISO 8601 time")
                )
            }
        }
        switch cells["disabled"]?.lowercased() {
        case nil, "false": break
        case "true": row.request.disabled = true
        case let other?:
            row.problems.append(
                .init(field: "disabled", code: "invalidValue", message: "'\(other)' is not true or false"))
        }
        if let text = cells["tags"] { row.request.tags = text.split(separator: ";").map(String.init) }
        return row
    }

    /// Bitly's export: the destination, the link's back-half (a custom one first), its title and tags; its other
    /// columns (dates, clicks) are not the link's.
    private static func bitlyRow(_ record: CSVReader.Record, names: [String]) -> Row {
        let cells = cells(record, names: names)
        let target = cells["destination url"] ?? cells["long_url"]
        let link =
            [cells["custom link"], cells["custom_bitlinks"], cells["link"], cells["bitlink"]].compactMap { $0 }
            .first { !$0.isEmpty }
        var row = Row(line: record.line, request: ShortLinkRequest(target: target, slug: link.map(backHalf)))
        row.request.title = cells["title"]
        if let tags = cells["tags"] {
            row.request.tags = tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        return row
    }

    /// The last component of a link's path, `spring` of `https://go.example.com/spring` or `bit.ly/spring`; of
    /// several links in a cell, the first.
    static func backHalf(_ link: String) -> String {
        let first = link.split(separator: ",").first.map(String.init) ?? link
        let path = first.trimmingCharacters(in: .whitespaces).split(separator: "?").first ?? ""
        return String(path.split(separator: "/").last ?? "")
    }

    /// A cell as written, but for the `'` the export puts before a formula's first character.
    static func disarmed(_ cell: String) -> String {
        guard cell.hasPrefix("'"), let second = cell.unicodeScalars.dropFirst().first,
            CSV.formulaStarts.contains(second)
        else { return cell }
        return String(cell.dropFirst())
    }
}
