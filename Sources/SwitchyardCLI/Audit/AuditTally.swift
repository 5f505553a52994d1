/// A number of links, and the sum of their counts.
struct LinkCount: Sendable, Equatable {
    var links = 0
    /// The sum of the lines' counts, which stops at `Int.max` rather than overflow.
    var weighted = 0

    mutating func add(count: Int) {
        links += 1
        weighted = weighted.addingReportingOverflow(count).overflow ? .max : weighted + count
    }

    mutating func add(_ other: LinkCount) {
        links += other.links
        weighted = weighted.addingReportingOverflow(other.weighted).overflow ? .max : weighted + other.weighted
    }
}

/// One changed link, kept as an example of its category.
struct AuditExample: Sendable {
    /// Where the line is: the block's number, then the line's among the block's, so examples sort in input order.
    var position: (block: Int, line: Int)
    var link: String
    var count: Int
    var breaks: Bool
    /// The outcome under each file, in a line for people.
    var old: String
    var new: String
}

/// What an audit counts, for one thread or, merged, for the whole input: only counts and a bounded number of
/// examples, so that memory does not grow with the input.
struct AuditTally: Sendable {
    /// The lines read, empty ones aside.
    var lines = 0
    /// Each category's links, indexed by the category's raw value.
    var categories = [LinkCount](repeating: LinkCount(), count: AuditCategory.allCases.count)
    /// Each category's links that break, after `--allow`, indexed by the category's raw value.
    var brokenCategories = [LinkCount](repeating: LinkCount(), count: AuditCategory.allCases.count)
    /// Newly rejected links by the new rejection's code.
    var newRejections: [String: LinkCount] = [:]
    /// Lines that are not links (by the reason's code), and links that both files reject (by the new file's code).
    var rejections: [String: LinkCount] = [:]
    /// The first examples of each category, in input order, indexed by the category's raw value.
    var examples = [[AuditExample]](repeating: [], count: AuditCategory.allCases.count)

    /// Adds another thread's tally, keeping the first `limit` examples of each category in input order.
    mutating func merge(_ other: AuditTally, examples limit: Int) {
        lines += other.lines
        for index in categories.indices {
            categories[index].add(other.categories[index])
            brokenCategories[index].add(other.brokenCategories[index])
            examples[index] = Array(
                (examples[index] + other.examples[index]).sorted { $0.position < $1.position }.prefix(limit))
        }
        newRejections.merge(other.newRejections) {
            var sum = $0; sum.add($1); return sum
        }
        rejections.merge(other.rejections) {
            var sum = $0; sum.add($1); return sum
        }
    }

    subscript(category: AuditCategory) -> LinkCount { categories[category.rawValue] }

    /// The links read: every category's.
    var links: LinkCount { categories.reduce(into: LinkCount()) { $0.add($1) } }

    /// The links that break, after `--allow`.
    var broken: LinkCount { brokenCategories.reduce(into: LinkCount()) { $0.add($1) } }
}
