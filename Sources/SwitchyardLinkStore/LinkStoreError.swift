import Switchyard

/// Why the store could not do what it was asked.
package struct LinkStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Code: String, Sendable, Hashable {
        /// The `--database` value is neither a file path nor a PostgreSQL address.
        case invalidLocation
        /// The database could not be opened or reached, or a statement failed: a server answers 503.
        case unavailable
        /// A link with this slug exists already.
        case slugTaken
        /// A row holds what no version of the store wrote (edited by hand, or from a newer version).
        case unreadableRow
        /// The database was migrated by a newer version of Switchyard.
        case newerSchema
    }

    package let code: Code
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    package var description: String { "\(code.rawValue): \(message)" }
}
