import Foundation
import OpenAPIRuntime
import Switchyard
import SwitchyardLinkAPI
import SwitchyardLinkStore
import SwitchyardWebLinks

extension LinkSiteAPI {
    /// `POST /api/admin/import`: each row of a CSV file checked as `createLink` checks a link, and against the store
    /// and the file's other rows for its slug; with `commit`, written in one transaction, all or none (or, with
    /// `skipRefused`, the rows not refused).
    func importLinks(_ input: Operations.ImportLinks.Input) async throws -> Operations.ImportLinks.Output {
        guard case .csv(let body) = input.body else { throw APIFailure.invalidValue("the body is a CSV file") }
        let data: Data
        do {
            data = try await Data(collecting: body, upTo: LinkImport.maxBytes)
        } catch {
            throw APIFailure(.contentTooLarge, "tooLarge", "a file has at most \(LinkImport.maxBytes) bytes")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw APIFailure(.badRequest, "invalidCSV", "the file is not UTF-8 text")
        }
        let file: LinkImport
        do {
            file = try LinkImport(text)
        } catch {
            throw APIFailure(.badRequest, error.code, error.message)
        }
        var rows = try await checked(file.rows)
        let accepted = rows.filter { $0.problems.isEmpty }
        var committed = false
        if input.query.commit == true, !accepted.isEmpty,
            accepted.count == rows.count || input.query.skipRefused == true
        {
            let links = accepted.compactMap(\.link)
            do {
                try await service.store.createAll(links, at: Date())
                committed = true
                for link in links { service.remember(link, for: link.slug) }
            } catch {
                guard error.code == .slugTaken else { throw APIFailure(error) }
                // Made meanwhile by another request: nothing was written; say which.
                try await markTaken(in: &rows)
            }
        }
        let made = rows.filter { $0.problems.isEmpty }.count
        let report = Components.Schemas.ImportReport(
            format: file.format == .bitly ? .bitly : .switchyard, committed: committed, made: made,
            refused: rows.count - made,
            rows: rows.map { row in
                .init(
                    row: row.line, slug: row.slug, outcome: row.problems.isEmpty ? .made : .refused,
                    problems: row.problems.isEmpty ? nil : row.problems)
            })
        return .ok(.init(body: .json(report)))
    }

    /// A row of a file, checked: the link it makes, or why it makes none.
    struct CheckedRow {
        let line: Int
        var slug: String?
        var link: ShortLink?
        var problems: [Components.Schemas.Problem]
    }

    /// Each row checked by the site's rules, then for a slug that an earlier row or the store has.
    private func checked(_ rows: [LinkImport.Row]) async throws -> [CheckedRow] {
        var checked: [CheckedRow] = []
        var firstLine: [Slug: Int] = [:]
        for row in rows {
            var result = CheckedRow(line: row.line, slug: row.request.slug, link: nil, problems: row.problems)
            do {
                let link = try service.rules.makeLink(row.request, generatedSlug: Slug.random())
                result.slug = link.slug.text
                if let earlier = firstLine[link.slug] {
                    result.problems.append(
                        .init(field: "slug", code: "slugTaken", message: "row \(earlier) of the file has this slug"))
                } else {
                    firstLine[link.slug] = row.line
                    result.link = link
                }
            } catch {
                result.problems += error.problems.map {
                    .init(field: $0.field, code: $0.code.name, message: $0.message)
                }
            }
            checked.append(result)
        }
        try await markTaken(in: &checked)
        return checked
    }

    /// Refuses the rows whose link's slug the store has.
    private func markTaken(in rows: inout [CheckedRow]) async throws {
        let taken = try await existing(rows.compactMap { $0.link?.slug })
        for index in rows.indices {
            guard let link = rows[index].link, taken.contains(link.slug) else { continue }
            rows[index].problems.append(Self.taken(link.slug.text))
        }
    }

    /// Those of `slugs` the store has.
    private func existing(_ slugs: [Slug]) async throws -> Set<Slug> {
        var found = Set<Slug>()
        for start in stride(from: 0, to: slugs.count, by: LinkStore.maxSlugsARead) {
            let part = Array(slugs[start..<min(start + LinkStore.maxSlugsARead, slugs.count)])
            do {
                found.formUnion(try await service.store.links(part).keys)
            } catch {
                throw APIFailure(error)
            }
        }
        return found
    }

    private static func taken(_ slug: String) -> Components.Schemas.Problem {
        .init(field: "slug", code: "slugTaken", message: "a link named '\(slug)' exists already")
    }
}
