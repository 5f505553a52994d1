import ArgumentParser
import Switchyard

/// `--origin NAME`: where a link is said to come from, one of the built-in origins a route file may name.
struct OriginOption: ParsableArguments {
    @Option(
        name: .customLong("origin"),
        help: ArgumentHelp(
            "Apply the routes' access to a link from this origin: \(OriginOption.names).", valueName: "name"))
    var name: String?

    static let names = LinkOrigin.builtIn.map(\.name).joined(separator: ", ")

    /// The origin named, or `nil` when none was.
    var value: LinkOrigin? { name.map { LinkOrigin(named: $0) } }

    func validate() throws {
        if let name, !LinkOrigin.builtIn.contains(where: { $0.name == name }) {
            throw ValidationError("'\(name)' is not an origin: use \(Self.names)")
        }
    }
}
