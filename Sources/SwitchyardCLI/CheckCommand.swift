import ArgumentParser
import Foundation
import Switchyard
import SwitchyardReports
import SwitchyardWebLinks

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a route file for mistakes.",
        discussion: """
            Reports each problem with the routes involved and, where one shows it, an example link:
              loadError           bad JSON, unknown keys or values, bad patterns
              duplicate           routes of one shape in a table: the first wins
              shadowed            an expansion another route's expansion of the same shape always beats
              duplicateName       a name given to more than one route: a link built by name takes the first
              ambiguous           expansions of one pattern that tie
              unreachable         a route that a higher priority always beats
              badRedirect         a target that matches no route or lacks a parameter
              missingDestination  neither a destination nor a redirect
              associations        a file whose association files cannot be made
              placement           where a screen goes: an unknown tab, a parent that is no route, a cycle of
                                  parents, a parent a link cannot fill, a root that takes parameters
            and, as notes that do not fail the check:
              overClaim           a URL the association files claim that its route does not handle

            Exits with 1 when there is any problem, 2 when the file cannot be read.
            """)

    @Flag(help: "Print the findings as one JSON object.")
    var json = false

    @Argument(help: "The route file (JSON).")
    var file: String

    func run() throws {
        let data: Data
        do {
            data = Data(try RouteFile.bytes(at: file, named: file))
        } catch {
            FileOutput.error("error: \(file): \(error.message)\n")
            throw Exit.badInput
        }
        let findings = RouteFile.check(data: data, path: file, siteChecks: { $0.associationFindings() })
        if json {
            var writer = JSONWriter()
            writer.openObject()
            writer.field("file", file)
            writer.openArray("findings")
            for finding in findings {
                writer.openObject()
                writer.field("code", finding.code.name)
                writer.field("severity", finding.isNote ? "note" : "error")
                writer.field("message", finding.message)
                writer.openArray("locations")
                for location in finding.locations { writer.element(location) }
                writer.closeArray()
                writer.field("example", finding.example)
                writer.closeObject()
            }
            writer.closeArray()
            writer.closeObject()
            FileOutput.out(writer.text + "\n")
        } else {
            for finding in findings {
                var text = "\(finding.isNote ? "note" : "error")[\(finding.code)]: \(finding.message)\n"
                if !finding.locations.isEmpty { text += "  at: \(finding.locations.joined(separator: ", "))\n" }
                if let example = finding.example { text += "  example: \(example)\n" }
                FileOutput.out(text)
            }
            let notes = findings.filter(\.isNote).count
            let problems = findings.count - notes
            let noted = notes == 0 ? "" : ", \(notes) note(s)"
            FileOutput.out("\(file): \(problems == 0 ? "no problems found" : "\(problems) problem(s)")\(noted)\n")
        }
        if findings.contains(where: { !$0.isNote }) { throw Exit.failure }
    }
}
