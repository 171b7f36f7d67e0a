extension KernelTuner {
    /// How the configurations to evaluate are chosen from those that meet the restrictions.
    public enum Strategy: Hashable, Sendable, CustomStringConvertible {
        /// Every one, in the space's order.
        case exhaustive
        /// `count` of them drawn at random without repeats (Kernel Tuner's `random_sample`), evaluated in the order
        /// drawn, the same for the same `seed`; all of them when the space is no larger.
        case randomSample(count: Int, seed: UInt64)
        /// Simulated annealing over neighbouring configurations (one parameter moved to the next or previous of its
        /// values): from the fastest of a few spread-out configurations (⌈log₂(n) / 2⌉ of `n`), an unevaluated neighbour is tried and accepted when faster, or when slower
        /// with the Metropolis probability `exp(-Δ/T)` (Δ the relative slow-down, `T` cooling from 0.3 to 0.005 over
        /// the budget). When the current configuration's neighbourhood is all known, the search goes on from the
        /// fastest configuration that still has unevaluated neighbours, and restarts at random when none has. Failed
        /// and wrong configurations count as infinitely slow. It stops at the budget or when every configuration is
        /// known; the same `seed` makes the same choices.
        case annealing(seed: UInt64)

        /// The strategy a command line names: `exhaustive`, `random`/`random_sample` (with `count` and `seed`),
        /// `annealing`/`simulated_annealing` (with `seed`); nil for another name.
        public static func named(_ name: String, count: Int?, seed: UInt64) -> Strategy? {
            switch name.lowercased() {
            case "exhaustive", "brute_force": .exhaustive
            case "random", "random_sample": .randomSample(count: count ?? Int.max, seed: seed)
            case "annealing", "simulated_annealing", "sa": .annealing(seed: seed)
            default: nil
            }
        }

        public var description: String {
            switch self {
            case .exhaustive: "exhaustive"
            case let .randomSample(count, seed): count == Int.max ? "random order (seed \(seed))" : "random sample of \(count) (seed \(seed))"
            case let .annealing(seed): "simulated annealing (seed \(seed))"
            }
        }

        /// Whether the strategy knows every configuration it will evaluate before it starts (exhaustive, random).
        public var isPlanned: Bool {
            switch self {
            case .exhaustive, .randomSample: true
            case .annealing: false
            }
        }

        /// The configurations a non-adaptive strategy evaluates, in the order it evaluates them; the annealing's
        /// choices depend on the times it sees, so here it lists every configuration.
        public func select(_ configurations: [TuningConfiguration]) -> [TuningConfiguration] {
            selectIndices(configurations.count).map { configurations[$0] }
        }

        /// ``select(_:)`` as positions in a list of `count` configurations (the same draws).
        func selectIndices(_ count: Int) -> [Int] {
            switch self {
            case .exhaustive, .annealing:
                return Array(0..<count)
            case let .randomSample(sample, seed):
                var generator = SplitMix64(seed: seed)
                return Array(Array(0..<count).shuffled(using: &generator).prefix(max(0, sample)))
            }
        }
    }

    /// Where a search stops besides when its strategy has nothing left to evaluate (Kernel Tuner's `max_fevals` and
    /// `time_limit`). Only evaluations count: a configuration found in a resume cache or a replayed table costs none.
    public struct Budget: Hashable, Sendable {
        /// The most configurations evaluated; nil: no limit.
        public var evaluations: Int?
        /// The most wall-clock seconds a live search spends (checked before each evaluation); nil: no limit.
        public var seconds: Double?

        public init(evaluations: Int? = nil, seconds: Double? = nil) {
            self.evaluations = evaluations
            self.seconds = seconds
        }

        public static let unlimited = Budget()
    }
}

/// A small seeded generator (SplitMix64), so a sample or a search is the same on every machine for the same seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
