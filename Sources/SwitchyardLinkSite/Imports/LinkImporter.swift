import Foundation
import Switchyard
import SwitchyardLinkStore
import SwitchyardWebLinks

/// An import of a CSV file, as the API and the console run it: each row checked as a link to create is (the site's
/// rules and codes), and for a slug that the store or an earlier row has; then, when asked, the rows written in one
/// transaction, all or none (or the rows not refused).
struct LinkImporter {
    let service: LinkService

    /// A row of a file, checked: the link it makes, or why it makes none.
    struct Row {
        let line: Int
        var slug: String?
        var link: ShortLink?
        var problems: [FieldProblem]
    }

    struct Report {
        let format: LinkImport.Format
        var committed: Bool
        var rows: [Row]
        var made: Int { rows.filter { $0.problems.isEmpty }.count }
        var refused: Int { rows.count - made }
    }

    enum Failure: Error {
        /// The file cannot be read: `invalidCSV` or `tooMany`, and why.
        case unreadable(code: String, message: String)
        case store(LinkStoreError)
    }

    /// Checks the rows of `text`; with `commit`, writes them (all, or with `skipRefused` those not refused).
    func run(_ text: String, commit: Bool, skipRefused: Bool) async throws(Failure) -> Report {
        let file: LinkImport
        do {
            file = try LinkImport(text)
        } catch {
            throw .unreadable(code: error.code, message: error.message)
        }
        var report = Report(format: file.format, committed: false, rows: try await checked(file.rows))
        let accepted = report.rows.filter { $0.problems.isEmpty }
        guard commit, !accepted.isEmpty, accepted.count == report.rows.count || skipRefused else { return report }
        let links = accepted.compactMap(\.link)
        do {
            try await service.store.createAll(links, at: Date())
            report.committed = true
            for link in links { service.remember(link, for: link.slug) }
        } catch {
            guard error.code == .slugTaken else { throw .store(error) }
            // Made meanwhile by another request: nothing was written; say which.
            try await markTaken(in: &report.rows)
        }
        return report
    }

    /// Each row checked by the site's rules, then for a slug that an earlier row or the store has.
    private func checked(_ rows: [LinkImport.Row]) async throws(Failure) -> [Row] {
        var checked: [Row] = []
        var firstLine: [Slug: Int] = [:]
        for row in rows {
            var result = Row(line: row.line, slug: row.request.slug, link: nil, problems: row.problems)
            do {
                let link = try service.rules.makeLink(row.request, generatedSlug: Slug.random())
                result.slug = link.slug.text
                if let earlier = firstLine[link.slug] {
                    result.problems.append(
                        FieldProblem(
                            field: "slug", code: "slugTaken", message: "row \(earlier) of the file has this slug"))
                } else {
                    firstLine[link.slug] = row.line
                    result.link = link
                }
            } catch {
                result.problems += error.problems.map {
                    FieldProblem(field: $0.field, code: $0.code.name, message: $0.message)
                }
            }
            checked.append(result)
        }
        try await markTaken(in: &checked)
        return checked
    }

    /// Refuses the rows whose link's slug the store has.
    private func markTaken(in rows: inout [Row]) async throws(Failure) {
        let slugs = rows.compactMap { $0.link?.slug }
        var taken = Set<Slug>()
        for start in stride(from: 0, to: slugs.count, by: LinkStore.maxSlugsARead) {
            let part = Array(slugs[start..<min(start + LinkStore.maxSlugsARead, slugs.count)])
            do {
                taken.formUnion(try await service.store.links(part).keys)
            } catch {
                throw .store(error)
            }
        }
        for index in rows.indices {
            guard let link = rows[index].link, taken.contains(link.slug) else { continue }
            rows[index].problems.append(
                FieldProblem(
                    field: "slug", code: "slugTaken", message: "a link named '\(link.slug.text)' exists already"))
        }
    }
}
