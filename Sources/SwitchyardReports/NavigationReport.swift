import Switchyard

/// What opening one link does to an app, as `switchyard navigate` and the explorer's `/api/navigate` show it: the
/// link's screen, the plan's steps and the tree they lead to, or why the link opens no screen.
package struct NavigationReport {
    package let input: String
    package let result: Result<NavigationPlan, NavigationError>

    package var isSuccess: Bool {
        if case .success = result { true } else { false }
    }

    /// Opens `links` in order, each against the tree the one before left, the first from `start`. A link that
    /// opens no screen leaves the app as it was.
    package static func open(_ links: [String], from start: NavigationStart, with navigator: Navigator)
        -> [NavigationReport]
    {
        var start = start
        return links.map { link in
            let result = Result { () throws(NavigationError) in try navigator.plan(opening: link, from: start) }
            if case .success(let plan) = result { start = .warm(plan.target) }
            return NavigationReport(input: link, result: result)
        }
    }

    // MARK: JSON

    /// One JSON object: `input`, then `screen`, `steps` and `tree`, or `error` with its `code` and `message`.
    package var json: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

    package func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("input", input)
        switch result {
        case .success(let plan):
            Self.write(plan.screen, as: "screen", to: &writer)
            writer.openArray("steps")
            for step in plan.steps { Self.write(step, to: &writer) }
            writer.closeArray()
            Self.write(plan.target, to: &writer)
        case .failure(let error):
            writer.openObject("error")
            writer.field("code", error.code.name)
            writer.field("message", error.message)
            writer.closeObject()
        }
        writer.closeObject()
    }

    /// The tree with the keys its `Codable` form has, so that `navigate --from` reads it back.
    private static func write(_ tree: NavigationTree, to writer: inout JSONWriter) {
        writer.openObject("tree")
        writer.openArray("tabs")
        for tab in tree.tabs {
            writer.openObject()
            writer.field("name", tab.name)
            write(tab.root, as: "root", to: &writer)
            write(tab.path, as: "path", to: &writer)
            writer.closeObject()
        }
        writer.closeArray()
        writer.field("selectedTab", tree.selectedTab)
        write(tree.path, as: "path", to: &writer)
        writer.openArray("presentations")
        for presentation in tree.presentations {
            writer.openObject()
            writer.field("style", presentation.style.rawValue)
            write(presentation.screen, as: "screen", to: &writer)
            write(presentation.path, as: "path", to: &writer)
            writer.closeObject()
        }
        writer.closeArray()
        writer.closeObject()
    }

    private static func write(_ step: NavigationStep, to writer: inout JSONWriter) {
        writer.openObject()
        switch step {
        case .dismiss(let presentation):
            writer.field("step", "dismiss")
            writer.field("style", presentation.style.rawValue)
            write(presentation.screen, as: "screen", to: &writer)
        case .selectTab(let name):
            writer.field("step", "selectTab")
            writer.field("tab", name)
        case .pop(let keeping, let location):
            writer.field("step", "pop")
            writer.field("in", location.description)
            writer.field("keeping", number: keeping)
        case .push(let screen, let location):
            writer.field("step", "push")
            writer.field("in", location.description)
            write(screen, as: "screen", to: &writer)
        case .present(let presentation):
            writer.field("step", "present")
            writer.field("style", presentation.style.rawValue)
            write(presentation.screen, as: "screen", to: &writer)
        }
        writer.closeObject()
    }

    private static func write(_ screens: [NavigationTree.Screen], as key: String, to writer: inout JSONWriter) {
        writer.openArray(key)
        for screen in screens { write(screen, as: nil, to: &writer) }
        writer.closeArray()
    }

    private static func write(_ screen: NavigationTree.Screen, as key: String?, to writer: inout JSONWriter) {
        if let key { writer.openObject(key) } else { writer.openObject() }
        writer.field("route", screen.route)
        writer.openObject("parameters")
        for name in screen.parameters.keys.sorted() { writer.field(name, screen.parameters[name]) }
        writer.closeObject()
        writer.field("link", screen.link)
        writer.closeObject()
    }

    // MARK: People

    /// Aligned lines: the link, its screen, the steps and the tree.
    package var human: String {
        switch result {
        case .failure(let error):
            return input + "\n" + columns([["  error", error.description]])
        case .success(let plan):
            let screen = plan.screen.route.map { "\(plan.screen.link) (\($0))" } ?? plan.screen.link
            let steps = plan.steps.isEmpty ? ["none: the screen is shown already"] : plan.steps.map(\.description)
            let rows =
                [["  screen", screen]] + Self.rows("  steps", steps) + Self.rows("  tree", Self.lines(of: plan.target))
            return input + "\n" + columns(rows)
        }
    }

    /// Rows of two columns: `label` beside the first line, nothing beside the others.
    private static func rows(_ label: String, _ lines: [String]) -> [[String]] {
        lines.enumerated().map { index, line in [index == 0 ? label : "", line] }
    }

    /// A line a stack: `tab home (selected): / > /product/7`, `main: /a`, `sheet: myapp://promo/XMAS`.
    package static func lines(of tree: NavigationTree) -> [String] {
        func stack(_ screens: [NavigationTree.Screen]) -> String {
            screens.map(\.link).joined(separator: " > ")
        }
        var lines = tree.tabs.map { tab in
            let selected = tab.name == tree.selectedTab ? " (selected)" : ""
            return "tab \(tab.name)\(selected): " + stack([tab.root] + tab.path)
        }
        if tree.tabs.isEmpty { lines.append("main: " + (tree.path.isEmpty ? "(the app's root)" : stack(tree.path))) }
        lines += tree.presentations.map { "\($0.style.rawValue): " + stack([$0.screen] + $0.path) }
        return lines
    }
}
