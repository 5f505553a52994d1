import Switchyard
import SwitchyardServer

/// The match box's origin: where the link is said to come from, so that a tester sees a route refuse a custom
/// scheme or ask for confirmation. Left at "not said", the match is the router's alone.
enum OriginPicker {
    static func field(selected: String?) -> String {
        let options = [("", "not said")] + LinkOrigin.builtIn.map { ($0.name, $0.name) }
        let items = options.map { value, label in
            let isSelected = value == (selected ?? "") ? " selected" : ""
            return "<option value=\"\(HTML.text(value))\"\(isSelected)>\(HTML.text(label))</option>"
        }
        return """
            <label for="origin">Where the link comes from</label>
            <select id="origin" name="origin">\(items.joined())</select>

            """
    }

    /// What a route's access does with a link from `origin` (`nil`: not said), for the match result; `nil` when
    /// the route declares none and no origin was said.
    static func verdict(_ access: RouteAccess?, origin name: String?) -> (title: String, text: String)? {
        let origin = name.flatMap { $0.isEmpty ? nil : LinkOrigin(named: $0) }
        guard let access else {
            return origin.map { ("Opens", "The route accepts every origin, \(HTML.text($0.name)) included.") }
        }
        let from = origin.map { HTML.text($0.name) } ?? "an origin not said"
        if !access.admits(origin) {
            return ("Refused", "A link from \(from) is refused (<code>originRefused</code>): nothing runs.")
        }
        if access.needsConfirmation(from: origin) {
            return (
                "Asks first", "A link from \(from) waits for the person to confirm (<code>awaitingConfirmation</code>)."
            )
        }
        return ("Opens", "A link from \(from) opens the route.")
    }
}
