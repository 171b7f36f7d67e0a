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

    /// How many runs of `seconds` each fill `budget` seconds, between 1 and `cap` (`cap` for a run too
    /// short to measure): the run count of a calibrated sample. Never traps: an infinite quotient gives `cap`, a
    /// NaN or negative one gives 1.
    public static func repetitions(toFill budget: Double, oneRunTaking seconds: Double, atMost cap: Int = 10_000) -> Int {
        guard seconds > 0 else { return Swift.max(1, cap) }
        let runs = budget / seconds
        guard runs.isFinite else { return runs == .infinity ? Swift.max(1, cap) : 1 }
        return Swift.max(1, Swift.min(cap, Int(Swift.max(0, Swift.min(runs, Double(Swift.max(1, cap)))))))
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
