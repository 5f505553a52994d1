/// Lays rows out in columns separated by two spaces; the columns from `rightAlignedFrom` on (numbers) are aligned
/// to the right.
package func columns(_ rows: [[String]], rightAlignedFrom firstRight: Int = .max) -> String {
    let widths = rows.reduce(into: [Int]()) { widths, row in
        for (index, cell) in row.enumerated() {
            if index >= widths.count { widths.append(0) }
            widths[index] = max(widths[index], cell.count)
        }
    }
    return rows.map { row in
        row.enumerated().map { index, cell in
            // The last column is not padded: a long last cell (a tree of thousands of screens) must not make every
            // row carry that many spaces only to drop them.
            guard index >= firstRight || index < row.count - 1 else { return cell }
            let padding = String(repeating: " ", count: widths[index] - cell.count)
            return index >= firstRight ? padding + cell : cell + padding
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}
