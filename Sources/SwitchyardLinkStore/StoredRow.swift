import Foundation
import SQLKit
import SQLiteKit
import SwitchyardWebLinks

/// A row of `short_links` as read, checked when it becomes a link.
struct StoredRow: Sendable {
    let slug: String?
    let json: String?
    let createdAt: Int64?
    let updatedAt: Int64?
}

extension StoredRow {
    /// A column of another type than the schema's is read as missing, as a row that does not hold a link.
    init(sqlite row: SQLiteRow) {
        func text(_ column: String) -> String? {
            if case .text(let value) = row.column(column) { value } else { nil }
        }
        func integer(_ column: String) -> Int64? {
            if case .integer(let value) = row.column(column) { Int64(value) } else { nil }
        }
        self.init(
            slug: text("slug"), json: text("link"), createdAt: integer("created_at"), updatedAt: integer("updated_at"))
    }

    init(_ row: any SQLRow) {
        slug = try? row.decode(column: "slug", as: String.self)
        json = try? row.decode(column: "link", as: String.self)
        createdAt = try? row.decode(column: "created_at", as: Int64.self)
        updatedAt = try? row.decode(column: "updated_at", as: Int64.self)
    }

    func stored() throws(LinkStoreError) -> LinkStore.Stored {
        let name = slug.map { String($0.prefix(80)) } ?? "?"
        guard let json, let createdAt, let updatedAt,
            let link = StoredLinkJSON.link(json)
                ?? (try? JSONDecoder.store.decode(ShortLink.self, from: Data(json.utf8))),
            link.slug.text == slug
        else { throw LinkStoreError(.unreadableRow, "the row of '\(name)' does not hold a link") }
        return LinkStore.Stored(
            link: link, createdAt: StoredTime.date(milliseconds: createdAt),
            updatedAt: StoredTime.date(milliseconds: updatedAt))
    }
}
