import Switchyard
import SwitchyardReports

/// What one thread of an audit keeps: its counts, and its recent verdicts.
struct AuditThread: Sendable {
    var tally = AuditTally()
    var cache = VerdictCache()
}

/// Audits the lines of a block against two route files: what each thread of `switchyard audit` runs.
struct LinkAuditor: Sendable {
    var files: AuditFiles
    var oldRouter: Router
    var newRouter: Router
    /// The categories whose links do not count as broken.
    var allowed: Set<AuditCategory>
    /// How many examples of each category to keep.
    var examples: Int
    /// Whether to write one JSON object a changed link.
    var writesJSON: Bool

    /// Audits each line of `block`, counting into the thread's tally, and writes the JSON of changed links to `output`.
    func audit(_ block: LineReader.Block, in thread: inout AuditThread, output: inout [UInt8]) {
        for _ in 0..<block.skippedLongLines {
            thread.tally.lines += 1
            thread.tally.rejections["lineTooLong", default: LinkCount()].add(count: 1)
        }
        block.forEachLine { line in
            thread.tally.lines += 1
            switch AuditLine(line) {
            case .unreadable(let code):
                thread.tally.rejections[code, default: LinkCount()].add(count: 1)
            case .link(let link, let count):
                let verdict = thread.cache.verdict(of: link) {
                    AuditVerdict(
                        old: LinkOutcome(link, router: oldRouter), new: LinkOutcome(link, router: newRouter),
                        files: files)
                }
                record(verdict, of: link, count: count, at: (block.index, line.startIndex), into: &thread.tally)
                if writesJSON, verdict.category != .unchanged {
                    writeJSON(verdict, of: link, count: count, to: &output)
                }
            }
        }
    }

    /// Counts a link's verdict, and keeps it as an example of its category while there are few.
    private func record(
        _ verdict: AuditVerdict, of link: String, count: Int, at position: (block: Int, line: Int),
        into tally: inout AuditTally
    ) {
        let category = verdict.category
        tally.categories[category.rawValue].add(count: count)
        let breaks = verdict.breaks && !allowed.contains(category)
        if breaks { tally.brokenCategories[category.rawValue].add(count: count) }
        if let code = verdict.rejection {
            if category == .newlyRejected {
                tally.newRejections[code.description, default: LinkCount()].add(count: count)
            } else {
                tally.rejections[code.description, default: LinkCount()].add(count: count)
            }
        }
        guard category != .unchanged, tally.examples[category.rawValue].count < examples else { return }
        // Routed again: examples are few, and the verdict took the outcomes apart.
        tally.examples[category.rawValue].append(
            AuditExample(
                position: position, link: link, count: count, breaks: breaks,
                old: Self.describe(LinkOutcome(link, router: oldRouter), in: files.old),
                new: Self.describe(LinkOutcome(link, router: newRouter), in: files.new)))
    }

    /// Writes a changed link as one line of JSON: its category, and what each file does with it.
    private func writeJSON(_ verdict: AuditVerdict, of link: String, count: Int, to output: inout [UInt8]) {
        JSONWriter.appendLine(to: &output) { writer in
            writer.openObject()
            writer.field("link", link)
            writer.field("count", number: count)
            writer.field("category", verdict.category.description)
            writer.field("breaks", bool: verdict.breaks && !allowed.contains(verdict.category))
            RouteReport(link, file: files.old, router: oldRouter).write(to: &writer, as: "old")
            RouteReport(link, file: files.new, router: newRouter).write(to: &writer, as: "new")
            writer.closeObject()
        }
    }

    /// An outcome in a line: `product → ProductScreen  /product/:id  id=7`, `rejected (tooLong)`.
    static func describe(_ outcome: LinkOutcome, in file: RouteFile) -> String {
        switch outcome {
        case .rejected(let code): return "rejected (\(code))"
        case .unmatched: return file.defaultDestination.map { "unmatched: the default route → \($0)" } ?? "unmatched"
        case .matched(let match):
            let route = match.route
            var parts = [route.name ?? route.pattern.written]
            if let target = file.redirectTarget(for: match) {
                parts[0] += " → redirect \(target)"
            } else if let destination = file.declaration(of: route)?.destination {
                parts[0] += " → \(destination)"
            }
            if route.name != nil { parts.append(route.pattern.written) }
            parts += match.parameters.map { "\($0.name)=\($0.value)" }
            if let wildcard = match.wildcardComponents { parts.append("[" + wildcard.joined(separator: ", ") + "]") }
            return parts.joined(separator: "  ")
        }
    }
}
