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
            let padding = String(repeating: " ", count: widths[index] - cell.count)
            if index >= firstRight { return padding + cell }
            return index == row.count - 1 ? cell : cell + padding
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}
