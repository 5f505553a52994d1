import ArgumentParser

/// Resolves a command's settings, each from the first place that gives it: the command line, then the
/// environment, then the settings file (``SettingSources``), then its default. Each value is read as its option
/// reads it and checked against the same range, and a bad one is refused with the place it came from:
///
/// ```text
/// Error: --cache-seconds: 9000 from the environment (SWITCHYARD_CACHE_SECONDS) is out of range: 0 to 3600
/// ```
///
/// It keeps what it resolved, for `--print-config`, with secrets redacted.
struct SettingReader {
    /// One resolved setting as `--print-config` shows it.
    struct Row: Equatable {
        let name: String
        let shown: String
        let source: SettingSource
    }

    let sources: SettingSources
    private(set) var rows: [Row] = []

    init(sources: SettingSources) {
        self.sources = sources
    }

    /// The setting `name`: `flag` when given, else read from the sources, else `defaultValue`, which `check`
    /// accepts (a problem it returns is the error's end).
    mutating func value<Value: ExpressibleByArgument>(
        _ name: String, flag: Value?, default defaultValue: Value, secret: Bool = false,
        check: (Value) -> String? = { _ in nil }
    ) throws -> Value {
        let (value, source) =
            try resolve(name, flag: flag, secret: secret, check: check) ?? (defaultValue, .defaultValue)
        rows.append(
            Row(name: name, shown: secret ? Self.redacted(Self.shown(value)) : Self.shown(value), source: source))
        return value
    }

    /// `value` as its option takes it: an enumeration's raw value (`x-forwarded-for`), a whole number without `.0`.
    static func shown(_ value: some Any) -> String {
        if let raw = value as? any RawRepresentable<String> { return raw.rawValue }
        if let number = value as? Double, number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return "\(value)"
    }

    /// A setting that is off unless some place gives it.
    mutating func optional<Value: ExpressibleByArgument>(
        _ name: String, flag: Value?, check: (Value) -> String? = { _ in nil }
    ) throws -> Value? {
        let resolved = try resolve(name, flag: flag, secret: false, check: check)
        rows.append(
            Row(name: name, shown: resolved.map { Self.shown($0.0) } ?? "off", source: resolved?.1 ?? .defaultValue))
        return resolved?.0
    }

    /// A repeatable setting: the command line's values when it gives any, else the first source's list, else none.
    mutating func list(_ name: String, flag: [String], check: (String) -> String? = { _ in nil }) throws -> [String] {
        let (values, source): ([String], SettingSource) =
            !flag.isEmpty ? (flag, .commandLine) : try sources.list(name) ?? ([], .defaultValue)
        for value in values {
            if let problem = check(value) { throw ValidationError("--\(name): '\(value)' from \(source): \(problem)") }
        }
        rows.append(Row(name: name, shown: values.isEmpty ? "none" : values.joined(separator: ","), source: source))
        return values
    }

    private func resolve<Value: ExpressibleByArgument>(
        _ name: String, flag: Value?, secret: Bool, check: (Value) -> String?
    ) throws -> (Value, SettingSource)? {
        let shown = { (text: String) in secret ? Self.redacted(text) : text }
        let found: (Value, SettingSource)
        if let flag {
            found = (flag, .commandLine)
        } else if let (text, source) = try sources.text(name) {
            guard let value = Value(argument: text) else {
                throw ValidationError("--\(name): '\(shown(text))' from \(source) is not a valid value")
            }
            found = (value, source)
        } else {
            return nil
        }
        if let problem = check(found.0) {
            throw ValidationError("--\(name): \(shown(Self.shown(found.0))) from \(found.1) \(problem)")
        }
        return found
    }

    /// `text` with the password of a URL's user information (`postgres://links:PASSWORD@db/links`) and of a
    /// `password=` parameter replaced by `***`; any other text as it is.
    static func redacted(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let query = text[scheme.upperBound...].firstIndex(of: "?") ?? text.endIndex
        let rest = text[scheme.upperBound..<query]
        var shown = String(text[..<query])
        if let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
            shown = String(text[..<rest.index(after: colon)]) + "***" + String(text[at..<query])
        }
        guard query < text.endIndex else { return shown }
        let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
        return shown + "?"
            + parameters.map { $0.hasPrefix("password=") ? "password=***" : String($0) }.joined(separator: "&")
    }

    /// The rows as `--print-config` writes them: aligned columns of setting, value and source.
    var table: String {
        let header = Row(name: "setting", shown: "value", source: .defaultValue)
        let width = (rows + [header]).map(\.name.count).max() ?? 0
        let valueWidth = min(60, (rows + [header]).map(\.shown.count).max() ?? 0)
        func line(_ cells: (String, String, String)) -> String {
            let name = cells.0.padding(toLength: width, withPad: " ", startingAt: 0)
            let value =
                cells.1.count < valueWidth
                ? cells.1.padding(toLength: valueWidth, withPad: " ", startingAt: 0) : cells.1
            return "\(name)  \(value)  \(cells.2)"
        }
        return
            ([line(("setting", "value", "from"))] + rows.map { line(($0.name, $0.shown, $0.source.shortDescription)) })
            .joined(separator: "\n") + "\n"
    }
}
