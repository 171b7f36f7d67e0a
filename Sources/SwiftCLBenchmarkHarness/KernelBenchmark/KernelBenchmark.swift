import SwiftCL
import SwiftCLValidation

/// A benchmark of any kernel, Kernel Tuner style: a problem of 1–3 dimensions, named arrays of any element type
/// (the kernel's arguments), the outputs to check against a host reference, and variants that each declare the
/// bytes and FLOPs of a run. Every variant is verified before it is timed; device time comes from per-command
/// profiling events, host time is measured beside it; an optional bound (a copy kernel, say) is timed interleaved
/// with every variant so "% of bound" compares moments that match.
public struct KernelBenchmark: Sendable {
    /// One way to compute the outputs.
    public struct Variant: Sendable {
        /// Enqueues one run with the problem's buffers.
        public typealias Encode = (ComputeEncoder, BenchmarkBuffers) throws -> Void

        public let name: String
        /// What one run moves and computes, for a problem size.
        public let traffic: @Sendable (ProblemSize) -> Traffic
        /// Builds what the variant needs on a queue for a size (kernels, ranges) and returns its encode closure.
        public let prepare: @Sendable (ComputeQueue, ProblemSize) throws -> Encode

        public init(name: String, traffic: @escaping @Sendable (ProblemSize) -> Traffic,
                    prepare: @escaping @Sendable (ComputeQueue, ProblemSize) throws -> Encode) {
            self.name = name
            self.traffic = traffic
            self.prepare = prepare
        }
    }

    /// How long to time.
    public struct Settings: Sendable {
        /// Target seconds of runs per sample (the run count is calibrated to it).
        public var sampleBudget = 0.05
        /// Timed samples per variant and size.
        public var samples = 5
        public init() {}
    }

    public let name: String
    /// The arrays for a size: every argument array, inputs filled, outputs in their initial state.
    public let arrays: @Sendable (ProblemSize) throws -> HostArrays
    /// The arrays compared after a run.
    public let outputs: [String]
    /// The expected outputs for the arrays of a size (by output name).
    public let reference: @Sendable (HostArrays, ProblemSize) throws -> HostArrays
    /// The tolerance of every output without its own.
    public var tolerance: Tolerance
    /// Tolerances of single outputs (an integer count beside float sums).
    public var outputTolerances: [String: Tolerance] = [:]
    /// Arrays a variant both reads and writes: written afresh from the host before every run (outside the timed
    /// device commands), so each run starts from the same input.
    public var inPlace: Set<String> = []
    public var variants: [Variant]
    /// A bound to compare with (optional); it runs on its own copy of the arrays and is not verified.
    public var bound: Variant?
    public var settings = Settings()

    public init(name: String, arrays: @escaping @Sendable (ProblemSize) throws -> HostArrays, outputs: [String],
                reference: @escaping @Sendable (HostArrays, ProblemSize) throws -> HostArrays, tolerance: Tolerance,
                variants: [Variant], bound: Variant? = nil) {
        self.name = name
        self.arrays = arrays
        self.outputs = outputs
        self.reference = reference
        self.tolerance = tolerance
        self.variants = variants
        self.bound = bound
    }
}
