import ArgumentParser
import Configuration
import Foundation
import Switchyard

/// Where a setting's value came from: for `serve --print-config`, and for the message of a bad value.
enum SettingSource: Equatable, CustomStringConvertible {
    case commandLine
    case environment(variable: String)
    case file(path: String)
    case defaultValue

    var description: String {
        switch self {
        case .commandLine: "the command line"
        case .environment(let variable): "the environment (\(variable))"
        case .file(let path): "the configuration file \(path)"
        case .defaultValue: "the default"
        }
    }

    /// The short form of `--print-config`'s last column.
    var shortDescription: String {
        switch self {
        case .commandLine: "command line"
        case .environment(let variable): variable
        case .file(let path): path
        case .defaultValue: "default"
        }
    }
}

/// The sources of a command's settings beside its options, through swift-configuration: the environment's
/// `SWITCHYARD_…` variables, then a JSON file of settings.
///
/// A setting's name is its option's long name (`cache-seconds`): the file's key, and, upper case with `_` for `-`
/// and the prefix `SWITCHYARD_`, the environment variable's (`SWITCHYARD_CACHE_SECONDS`). A repeatable option is
/// an array in the file and comma-separated in the environment.
struct SettingSources {
    /// The largest settings file read: settings are a few hundred bytes, and a larger file is a mistake.
    static let maxFileBytes = 1 << 20

    private let environment: EnvironmentVariablesProvider
    private let file: (path: String, snapshot: JSONSnapshot)?

    /// No source but the environment's `variables`.
    init(environment variables: [String: String]) {
        environment = Self.provider(of: variables)
        file = nil
    }

    /// The `SWITCHYARD_…` variables that are set to something: an empty one is unset, as a container's
    /// `SWITCHYARD_PORT=` left blank means.
    private static func provider(of variables: [String: String]) -> EnvironmentVariablesProvider {
        EnvironmentVariablesProvider(
            environmentVariables: variables.filter { $0.key.hasPrefix("SWITCHYARD_") && !$0.value.isEmpty },
            secretsSpecifier: .specific(["SWITCHYARD_DATABASE"]))
    }

    /// The environment's `variables`, then the JSON object in the file at `path`, whose keys must all be among
    /// `known`.
    /// - Throws: `ValidationError` naming the file when it cannot be read, is no JSON object, gives a key twice, or
    ///   has a key no setting has.
    init(environment variables: [String: String], file path: String, known: Set<String>) throws {
        environment = Self.provider(of: variables)
        let bytes: [UInt8]
        do {
            bytes = try FileContents.bytes(at: path, atMost: Self.maxFileBytes)
        } catch {
            throw ValidationError("--config: \(error)")
        }
        // The keys first, with Foundation's decoder, so that a misspelt setting is refused rather than ignored.
        guard let keys = try? JSONDecoder().decode([String: Ignored].self, from: Data(bytes)).keys else {
            throw ValidationError("--config: \(path) is not a JSON object of settings")
        }
        if let (_, key) = JSONDuplicateKeys.first(in: bytes) {
            throw ValidationError("--config: \(path) gives the key '\(key)' twice")
        }
        if let unknown = keys.sorted().first(where: { !known.contains($0) }) {
            throw ValidationError(
                "--config: \(path) has the key '\(unknown)', which no setting has; the settings are \(known.sorted().joined(separator: ", "))"
            )
        }
        do {
            let snapshot = try JSONSnapshot(
                data: bytes.span.bytes, providerName: "file",
                parsingOptions: .init(secretsSpecifier: .specific(["database"])))
            file = (path, snapshot)
        } catch {
            throw ValidationError("--config: \(path) is not a JSON object of settings: \(error)")
        }
    }

    /// The text of the setting `name` from the first source that has it, and that source.
    /// - Throws: `ValidationError` naming the source when its value is not text or a number (`[…]` for a setting
    ///   that is not repeatable).
    func text(_ name: String) throws -> (text: String, source: SettingSource)? {
        let key = AbsoluteConfigKey(["switchyard", name])
        if let found = try? environment.value(forKey: key, type: .string),
            case .string(let text)? = found.value?.content
        {
            return (text, .environment(variable: found.encodedKey))
        }
        guard let (path, snapshot) = file else { return nil }
        let fileKey = AbsoluteConfigKey([name])
        for type in [ConfigType.string, .int, .double, .bool] {
            guard let found = try? snapshot.value(forKey: fileKey, type: type), let value = found.value else {
                continue
            }
            switch value.content {
            case .string(let text): return (text, .file(path: path))
            case .int(let number): return (String(number), .file(path: path))
            case .double(let number): return (String(number), .file(path: path))
            case .bool(let flag): return (String(flag), .file(path: path))
            default: continue
            }
        }
        for type in [ConfigType.stringArray, .intArray, .doubleArray, .boolArray]
        where (try? snapshot.value(forKey: fileKey, type: type))?.value != nil {
            throw ValidationError("--\(name): the configuration file \(path) gives a list; the setting takes one value")
        }
        return nil
    }

    /// The texts of the repeatable setting `name` from the first source that has it, and that source.
    /// - Throws: `ValidationError` naming the source when its value is no list of text.
    func list(_ name: String) throws -> (texts: [String], source: SettingSource)? {
        let key = AbsoluteConfigKey(["switchyard", name])
        if let found = try? environment.value(forKey: key, type: .stringArray),
            case .stringArray(let texts)? = found.value?.content
        {
            return (texts.map { $0.trimmingCharacters(in: .whitespaces) }, .environment(variable: found.encodedKey))
        }
        guard let (path, snapshot) = file else { return nil }
        let fileKey = AbsoluteConfigKey([name])
        if let found = try? snapshot.value(forKey: fileKey, type: .stringArray),
            case .stringArray(let texts)? =
                found.value?.content
        {
            return (texts, .file(path: path))
        }
        if let found = try? snapshot.value(forKey: fileKey, type: .string),
            case .string(let text)? =
                found.value?.content
        {
            return ([text], .file(path: path))
        }
        if (try? snapshot.value(forKey: fileKey, type: .double))?.value != nil {
            throw ValidationError("--\(name): the configuration file \(path) gives a number; the setting takes text")
        }
        return nil
    }

    /// Any JSON value, unread: only the keys of the settings file are checked here.
    private struct Ignored: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
