import SwiftCL
import SwiftCLValidation

/// A benchmark of any kernel, Kernel Tuner style: a problem of 1–3 dimensions, named arrays of any element type
/// (the kernel's arguments), the outputs to check against a host reference, and variants that each declare the
/// bytes and FLOPs of a run. Every variant is verified before it is timed; device time comes from per-command
/// profiling events, host time is measured beside it; an optional bound (a copy kernel, say) is timed interleaved
/// with every variant so "% of bound" compares moments that match.
public struct KernelBenchmark: Sendable {
    /// One way to compute the outputs: kernels on the device, or a host peer to compare with.
    public struct Variant: Sendable {
        /// Enqueues one run with the problem's buffers.
        public typealias Encode = (ComputeEncoder, BenchmarkBuffers) throws -> Void

        public enum Body: Sendable {
            /// Builds what the variant needs on a queue for a size with a local size (nil: the runtime's or the
            /// variant's own choice) and returns its encode closure. Timed by profiling events.
            case device(@Sendable (ComputeQueue, ProblemSize, Int?) throws -> Encode)
            /// Prepares a host computation for the arrays of a size (it owns its output storage, allocated once).
            /// Timed by the host clock.
            case host(@Sendable (HostArrays, ProblemSize) throws -> HostRun)
        }

        public let name: String
        /// What one run moves and computes, for a problem size.
        public let traffic: @Sendable (ProblemSize) -> Traffic
        public let body: Body
        /// Local sizes worth sweeping on a queue (empty: no sweep). Each candidate is verified before it is timed;
        /// the fastest is used, and remembered in the benchmark's ``KernelBenchmark/tuning`` store.
        public var localSizes: @Sendable (ComputeQueue) throws -> [Int]
        /// Why the variant cannot run a size (nil: it can). An unsupported size is reported, not timed.
        public var unsupportedReason: @Sendable (ProblemSize) -> String?
        /// The local size the variant always launches with, when it fixes one itself (reported; nil: none, or swept).
        public var fixedLocalSize: Int?
        /// The work-group shape the variant always launches with, when it fixes one of more dimensions (reported).
        public var fixedLocalShape: WorkGroupShape?
        /// Where it runs, for reports (nil: the queue's device, or "host" for a host body). A host body that drives a
        /// device itself (plain C OpenCL, another runtime) names it here.
        public var runsOn: String?

        public init(name: String, traffic: @escaping @Sendable (ProblemSize) -> Traffic, body: Body,
                    localSizes: @escaping @Sendable (ComputeQueue) throws -> [Int] = { _ in [] },
                    unsupportedReason: @escaping @Sendable (ProblemSize) -> String? = { _ in nil }) {
            self.name = name
            self.traffic = traffic
            self.body = body
            self.localSizes = localSizes
            self.unsupportedReason = unsupportedReason
        }

        /// A device variant that sets its own local size.
        public init(name: String, traffic: @escaping @Sendable (ProblemSize) -> Traffic,
                    prepare: @escaping @Sendable (ComputeQueue, ProblemSize) throws -> Encode) {
            self.init(name: name, traffic: traffic, body: .device { queue, size, _ in try prepare(queue, size) })
        }

        public var isHost: Bool {
            if case .host = body { return true }
            return false
        }
    }

    /// A host peer ready to run at one size.
    public struct HostRun {
        /// Computes the outputs once (timed).
        public let run: () throws -> Void
        /// The outputs the last run left, by name (read after the first run, for verification).
        public let outputs: () throws -> HostArrays

        public init(run: @escaping () throws -> Void, outputs: @escaping () throws -> HostArrays) {
            self.run = run
            self.outputs = outputs
        }
    }

    /// How long to time.
    public struct Settings: Sendable {
        /// Target seconds of runs per sample (the run count is calibrated to it).
        public var sampleBudget = 0.05
        /// Timed samples per variant, size and allocation.
        public var samples = 5
        /// Fresh buffer allocations per variant and size (samples are taken on each): placement in memory varies.
        public var allocations = 1
        /// Untimed runs before timing.
        public var warmups = 1
        /// Target seconds per local-size candidate in a sweep (the fastest of ``sweepSamples`` counts).
        public var sweepBudget = 0.025
        public var sweepSamples = 2
        /// Whether to sweep the local sizes variants offer (off: each runs with the runtime's choice).
        public var sweepsLocalSizes = true
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
    /// A bound to compare with (optional); it runs on its own copy of the arrays and is not verified. Its samples
    /// are interleaved with each variant's, and "% of bound" compares a variant with the bound samples beside it.
    public var bound: Variant?
    /// More reference kernels (read-only, write-only, …) timed once per size on their own, unverified, and reported
    /// as bounds, so a variant's GB/s can be read against each.
    public var otherBounds: [Variant] = []
    public var settings = Settings()
    /// Where the best local sizes are remembered (nil: sweep every time, remember nothing).
    public var tuning: TuningStore?
    /// Extra text in tuning keys (build parameters, a source fingerprint).
    public var tuningContext = ""

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

extension KernelBenchmark {
    /// A benchmark of kernels that map one array to another of the same length — a filter, a copy, an element-wise
    /// function: the arrays are `input` (from `input`) and `output` (zeros), and `reference` computes `output` from
    /// `input` on the host.
    public init<Element: ValidatedElement & BitwiseCopyable & AdditiveArithmetic>(
        name: String, input: @escaping @Sendable (ProblemSize) -> [Element],
        reference: @escaping @Sendable ([Element], ProblemSize) throws -> [Element], tolerance: Tolerance, variants: [Variant],
        bound: Variant? = nil
    ) {
        self.init(
            name: name,
            arrays: { size in
                var arrays = HostArrays()
                arrays.set("input", input(size))
                arrays.set("output", [Element](repeating: .zero, count: size.elements))
                return arrays
            },
            outputs: ["output"],
            reference: { arrays, size in
                var expected = HostArrays()
                expected.set("output", try reference(try arrays.values("input", as: Element.self), size))
                return expected
            },
            tolerance: tolerance, variants: variants, bound: bound)
    }
}

extension KernelBenchmark.HostRun {
    /// A host peer computing one output array, `name`, into storage made once from `initial` and reused by every run
    /// (as a device variant's buffer is), so no timed run pays for allocating or first touching its output.
    public static func writing<Element: ValidatedElement & BitwiseCopyable>(
        _ name: String, initial: [Element], compute: @escaping (inout [Element]) throws -> Void
    ) -> Self {
        let storage = HostOutputStorage(initial)
        return Self(run: { try compute(&storage.values) }, outputs: {
            var outputs = HostArrays()
            outputs.set(name, storage.values)
            return outputs
        })
    }
}

/// A host peer's output array, held by reference so that its run closure can write it in place.
private final class HostOutputStorage<Element> {
    var values: [Element]
    init(_ values: [Element]) { self.values = values }
}
