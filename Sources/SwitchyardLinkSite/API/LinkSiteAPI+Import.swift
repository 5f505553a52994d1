import Foundation
import OpenAPIRuntime
import SwitchyardLinkAPI

extension LinkSiteAPI {
    /// `POST /api/admin/import`: the file's rows checked and, with `commit`, written (``LinkImporter``).
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
        let report: LinkImporter.Report
        do {
            report = try await LinkImporter(service: service).run(
                text, commit: input.query.commit == true, skipRefused: input.query.skipRefused == true)
        } catch {
            switch error {
            case .unreadable(let code, let message): throw APIFailure(.badRequest, code, message)
            case .store(let failure): throw APIFailure(failure)
            }
        }
        let document = Components.Schemas.ImportReport(
            format: report.format == .bitly ? .bitly : .switchyard, committed: report.committed, made: report.made,
            refused: report.refused,
            rows: report.rows.map { row in
                .init(
                    row: row.line, slug: row.slug, outcome: row.problems.isEmpty ? .made : .refused,
                    problems: row.problems.isEmpty
                        ? nil : row.problems.map { .init(field: $0.field, code: $0.code, message: $0.message) })
            })
        return .ok(.init(body: .json(document)))
    }
}
