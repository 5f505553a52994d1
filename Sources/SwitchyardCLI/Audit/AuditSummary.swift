import Foundation
import SwitchyardReports

/// The report of an audit for people: a table by category, the rejections, examples, and the verdict.
struct AuditSummary {
    var tally: AuditTally
    var old: String
    var new: String
    var budget: BrokenBudget

    /// Whether the broken links fit the budget.
    var passes: Bool { budget.allows(tally.broken.weighted, of: tally.links.weighted) }

    /// The whole report.
    var text: String {
        var sections = [header, categoryTable]
        if !tally.rejections.isEmpty { sections.append(rejectionTable) }
        sections += AuditCategory.allCases.compactMap(examples(of:))
        sections.append(verdict)
        return sections.joined(separator: "\n\n") + "\n"
    }

    private var header: String {
        let links = tally.links
        let unread = tally.lines - links.links
        return """
            audit: \(old) → \(new)
            \(tally.lines) lines: \(links.links) links (weighted \(links.weighted)), \(unread) not links
            """
    }

    private var categoryTable: String {
        var rows = [["CATEGORY", "LINKS", "WEIGHTED", "BROKEN"]]
        for category in AuditCategory.allCases {
            let count = tally[category]
            // A category that files without origins cannot have stays out of their reports.
            if category == .originsChanged, count.links == 0 { continue }
            let broken = tally.brokenCategories[category.rawValue]
            rows.append([category.description, "\(count.links)", "\(count.weighted)", "\(broken.links)"])
            if category == .newlyRejected {
                for (code, count) in tally.newRejections.sorted(by: { $0.key < $1.key }) {
                    rows.append(["  " + code, "\(count.links)", "\(count.weighted)"])
                }
            }
        }
        return columns(rows, rightAlignedFrom: 1)
    }

    private var rejectionTable: String {
        var rows = [["REJECTED (not links, or by both files)", "LINES", "WEIGHTED"]]
        for (code, count) in tally.rejections.sorted(by: { $0.key < $1.key }) {
            rows.append([code, "\(count.links)", "\(count.weighted)"])
        }
        return columns(rows, rightAlignedFrom: 1)
    }

    private func examples(of category: AuditCategory) -> String? {
        let examples = tally.examples[category.rawValue]
        guard !examples.isEmpty else { return nil }
        let total = tally[category].links
        var lines = ["\(category.title): the first \(examples.count) of \(total)"]
        for example in examples {
            var title = "  " + example.link
            if example.count != 1 { title += "  ×\(example.count)" }
            if example.breaks { title += "  breaks" }
            lines += [title, "    old  " + example.old, "    new  " + example.new]
        }
        return lines.joined(separator: "\n")
    }

    /// One line: whether the audit passes, and why.
    var verdict: String {
        let broken = tally.broken
        let total = tally.links.weighted
        guard broken.links > 0 else { return "PASS: no link breaks" }
        let share = total > 0 ? Double(broken.weighted) / Double(total) * 100 : 0
        let parts = AuditCategory.allCases.compactMap { category -> String? in
            let count = tally.brokenCategories[category.rawValue]
            return count.links > 0 ? "\(category.title) \(count.links)" : nil
        }
        let links = broken.links == 1 ? "1 link breaks" : "\(broken.links) links break"
        let amount =
            "\(links) (weighted \(broken.weighted), \(share.formatted(.number.precision(.significantDigits(1...3)))) %): "
            + parts.joined(separator: ", ")
        return passes ? "PASS: \(amount), within --max-broken" : "FAIL: \(amount)"
    }
}
