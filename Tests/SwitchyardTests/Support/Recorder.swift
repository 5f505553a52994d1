import Foundation

/// A thread-safe list of what happened, in order, for handlers, filters and observers to write into.
final class Recorder<Element: Sendable>: @unchecked Sendable {
    // Safe: `items` is only touched while `lock` is held.
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
