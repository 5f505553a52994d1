/// A value built on first use and kept: benchmark registration stays cheap, and a benchmark process builds only
/// what its own benchmark measures, outside the measured iterations' first pass.
public final class Lazy<Value>: @unchecked Sendable {
    // Unchecked: the benchmark runner calls each benchmark's closure on one thread at a time.
    private var stored: Value?
    private let make: () -> Value

    /// Keeps `make` to build the value on first use.
    public init(_ make: @escaping () -> Value) { self.make = make }

    /// The value, built the first time it is asked for.
    public var value: Value {
        if let stored { return stored }
        let made = make()
        stored = made
        return made
    }
}
