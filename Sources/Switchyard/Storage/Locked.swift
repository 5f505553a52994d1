#if canImport(Darwin)
    import Darwin
#elseif os(Linux)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a mutex, over the platform's `pthread_mutex_t` (portable to iOS 15, unlike `Mutex`): the one lock
/// of the package, which every module uses (`package`), so that there is one style of lock to read.
///
/// Why `@unchecked Sendable` is sound: `value` is read and written only inside `withLock`, which holds
/// the mutex for the whole access; the mutex lives at a stable heap address from `init` to `deinit`, and
/// `Value` is itself `Sendable`, so what `withLock` returns may cross threads.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    /// The mutex makes every access exclusive, so the runtime's exclusivity check would only repeat it.
    @exclusivity(unchecked) private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// A copy of the value: an immutable snapshot when `Value` is a value type.
    package var snapshot: Value { withLock { $0 } }
}
