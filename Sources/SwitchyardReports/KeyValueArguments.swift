import ArgumentParser
import Switchyard

/// Splits `key=value` arguments, as `switchyard url` takes parameters and `--query` items, and as the explorer's
/// test links take query items; `allowingFlags` lets a bare `key` stand for an item without a value.
package func keyValuePairs(_ arguments: [String], allowingFlags: Bool) throws(ValidationError)
    -> [QueryItem]
{
    try arguments.map { argument throws(ValidationError) in
        guard let equals = argument.firstIndex(of: "=") else {
            if allowingFlags, !argument.isEmpty { return QueryItem(name: argument, value: nil) }
            throw ValidationError("'\(argument)' is not of the form key=value")
        }
        let name = String(argument[..<equals])
        guard !name.isEmpty else { throw ValidationError("'\(argument)' has no key before '='") }
        return QueryItem(name: name, value: String(argument[argument.index(after: equals)...]))
    }
}
