/// Host wall-clock timing in seconds, on the monotonic clock.
public enum Stopwatch {
    /// Seconds `body` took, and its value.
    @inline(__always)
    public static func time<T>(_ body: () throws -> T) rethrows -> (seconds: Double, value: T) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try body()
        return ((clock.now - start).seconds, value)
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
