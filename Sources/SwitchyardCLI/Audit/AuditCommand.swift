import ArgumentParser
import Foundation
import Switchyard

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Replay links against two versions of a route file and report what changes.",
        discussion: """
            Each line of the links is a link, or COUNT<TAB>link as analytics exports write them; CRLF endings and \
            empty lines are fine. Each link falls in one category:
              unchanged           the same outcome under both files
              newly-unmatched     a match before; the default route (or nothing) now
              newly-rejected      accepted before; rejected now, with the rejection's code
              moved               another route name or destination
              parameters-changed  the same route, other parameter or wildcard values
              newly-matched       no match (or a rejection) before; a match now
              redirect-changed    the same redirect route, leading somewhere else

            A link breaks when it is newly unmatched (having matched), newly rejected, or moved to a route that \
            is not a redirect. Lines that are not links (ill-formed UTF-8, a bad count, a line over 1 MiB) and \
            links that both files reject are listed under rejections with their codes.

            Counts are weighted by each line's COUNT (1 without one); --max-broken counts weighted links.

            Examples:
              switchyard audit Examples/shop.json Examples/shop-next.json Examples/links.txt
              git show origin/main:routes.json > old.json
              switchyard audit old.json routes.json links.txt --allow newly-matched --max-broken 0.1%

            Exits with 1 when more links break than --max-broken allows (none by default), 2 for bad usage or an \
            unreadable file.
            """)

    @Flag(help: "Print one JSON object a changed link, one a line, instead of the summary.")
    var json = false

    @Option(
        name: .customLong("allow"),
        help: ArgumentHelp(
            "A category whose links do not count as broken (repeat it, or separate names with commas).",
            valueName: "category"))
    var allowed: [String] = []

    @Option(
        help: ArgumentHelp(
            "How many broken links (weighted) pass: a number, or a percentage of all links such as 0.5%.",
            valueName: "N|P%"))
    var maxBroken: String = "0"

    @Option(help: "How many examples of each category to show.")
    var examples = 3

    @Option(
        help: ArgumentHelp(
            "How many threads route the links, 1 to \(LinePipeline.mostThreads) (default: one a core); no more run than the machine has cores.",
            valueName: "threads"))
    var threads: Int?

    @Flag(help: "Show no progress line, even on a terminal.")
    var quiet = false

    @Argument(help: "The route file before the change.")
    var old: String

    @Argument(help: "The route file after the change.")
    var new: String

    @Argument(help: "Files of links; standard input when none is given (or for -).")
    var links: [String] = []

    func validate() throws {
        _ = try allowedCategories()
        _ = try budget()
        guard examples >= 0 else { throw ValidationError("--examples must be 0 or more") }
        if let threads, !(1...LinePipeline.mostThreads).contains(threads) {
            throw ValidationError("--threads is 1 to \(LinePipeline.mostThreads), not \(threads)")
        }
    }

    func run() throws {
        let before = try loadRouteFile(old)
        let after = try loadRouteFile(new)
        let auditor = LinkAuditor(
            files: AuditFiles(old: before, new: after), oldRouter: try makeRouter(before),
            newRouter: try makeRouter(after),
            allowed: try allowedCategories(), examples: examples, writesJSON: json)
        var pipeline = LinePipeline(
            inputs: links.isEmpty ? ["-"] : links, threads: threads ?? LinePipeline.defaultThreads)
        pipeline.showsProgress = !quiet && Progress.isWanted
        let threads = try runReportingErrors(pipeline, makeState: { AuditThread() }) { block, thread, output in
            auditor.audit(block, in: &thread, output: &output)
        }
        let tally = threads.reduce(into: AuditTally()) { $0.merge($1.tally, examples: examples) }
        let summary = AuditSummary(tally: tally, old: old, new: new, budget: try budget())
        if json {
            if !quiet { FileOutput.error(summary.verdict + "\n") }
        } else {
            FileOutput.out(summary.text)
        }
        if !summary.passes { throw Exit.failure }
    }

    private func allowedCategories() throws -> Set<AuditCategory> {
        let names = allowed.flatMap { $0.split(separator: ",").map(String.init) }
        return try Set(
            names.map { name in
                guard let category = AuditCategory(name: name) else {
                    let known = AuditCategory.allCases.map(\.description).joined(separator: ", ")
                    throw ValidationError("'\(name)' is not a category; use one of \(known)")
                }
                return category
            })
    }

    private func budget() throws -> BrokenBudget {
        guard let budget = BrokenBudget(maxBroken) else {
            throw ValidationError("--max-broken takes a whole number (10) or a percentage (0.5%), not '\(maxBroken)'")
        }
        return budget
    }
}

/// How many broken links an audit lets pass.
enum BrokenBudget: Equatable {
    /// At most this many, weighted.
    case count(Int)
    /// At most this share of all links, weighted, in percent.
    case percent(Double)

    /// Reads `10` or `0.5%`.
    init?(_ text: String) {
        if text.hasSuffix("%") {
            guard let value = Double(text.dropLast()), value.isFinite, (0...100).contains(value) else { return nil }
            self = .percent(value)
        } else {
            guard let value = Int(text), value >= 0 else { return nil }
            self = .count(value)
        }
    }

    /// Whether `broken` of `total` weighted links pass.
    func allows(_ broken: Int, of total: Int) -> Bool {
        switch self {
        case .count(let limit): broken <= limit
        case .percent(let share): Double(broken) <= Double(total) * share / 100
        }
    }
}
