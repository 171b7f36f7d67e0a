/// Reproducible inputs for checks and benchmarks: the same seed gives the same values on every machine.
public enum DeterministicInput {
    /// `count` pseudo-random values in [0, 1) from a 64-bit linear congruential generator (Knuth's MMIX
    /// constants), 24 bits each, so every value is exactly representable as a `Float`.
    public static func unitInterval(_ count: Int, seed: UInt64 = 1) -> [Float] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        return (0..<Swift.max(0, count)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
    }
}
