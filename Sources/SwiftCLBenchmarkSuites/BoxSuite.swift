import SwiftCL
import SwiftCLBenchmarkHarness
import SwiftCLValidation
import SwiftCLKernels

/// The box filter, the main job, as ordinary ``KernelBenchmark``s: every variant at one size (4096² by default)
/// against the copy kernel timed beside it; the bounds that say where the time goes (read-only, write-only, a copy
/// with the rows variants' halo); the best variant against a streaming copy; then a size sweep of the naive kernel,
/// the best variant, the rows variants and the host peer.
public struct BoxSuite: Sendable {
    public var side = 4096
    public var sweepSides = [256, 512, 1024, 2048, 4096, 8192]
    /// Samples of the main comparison: 3 per allocation on 2 fresh allocations, 80 ms each.
    public var settings: KernelBenchmark.Settings = {
        var settings = KernelBenchmark.Settings()
        settings.samples = 3
        settings.allocations = 2
        settings.sampleBudget = 0.08
        return settings
    }()
    /// Samples of the size sweep (lighter than the main comparison; no local-size sweeps).
    public var sweepSettings: KernelBenchmark.Settings = {
        var settings = KernelBenchmark.Settings()
        settings.samples = 3
        settings.allocations = 1
        settings.sampleBudget = 0.05
        settings.sweepsLocalSizes = false
        return settings
    }()
    public var range = 2
    /// Max abs error allowed (inputs lie in [0, 1)).
    public var tolerance = 1e-4
    /// Variant names to run (nil: all).
    public var only: [String]?
    /// Whether to time the read-only, write-only and halo-copy bounds at the main size.
    public var timesBounds = true

    public init() {}

    /// Deterministic pseudo-random pixels in [0, 1).
    public static func image(_ pixels: Int) -> [Float] {
        DeterministicInput.unitInterval(pixels)
    }

    public func run(on device: Device, tuning: TuningStore?, progress: (String) -> Void = { _ in })
        throws -> (records: [BenchmarkRecord], suites: [SuiteSummary]) {
        let queue = try ComputeQueue(device: device)
        var variants = BoxFilterBenchmarkVariants.device(range: range) + [BoxFilterBenchmarkVariants.hostPeer(range: range)]
        if let only { variants = variants.filter { only.contains($0.name) } }
        let mainSize = ProblemSize(width: side, height: side)
        var records: [BenchmarkRecord] = []
        var suites: [SuiteSummary] = []

        var main = benchmark("box", variants: variants, tuning: tuning)
        if timesBounds {
            main.otherBounds = [BoxFilterBenchmarkVariants.haloCopyBound(rows: BoxFilterVariant.fastest.rowsPerItem ?? 4, range: range),
                                BoxFilterBenchmarkVariants.readBound, BoxFilterBenchmarkVariants.writeBound]
        }
        let mainResults = try main.run(sizes: [mainSize], on: queue, progress: progress)
        let (mainRecords, bound) = self.records(mainResults, suite: "box", boundsSuite: "box-bounds")
        records += mainRecords
        suites.append(SuiteSummary(name: "box", width: side, height: side, copyBoundMpixPerS: bound))

        let timed = mainRecords.filter { $0.suite == "box" && $0.verified && $0.device != "host" }
        let best = timed.max { ($0.medianMpixPerS ?? 0) < ($1.medianMpixPerS ?? 0) }

        // The guide's copy is one work item per pixel with ordinary stores; the best variants stream
        // their output, so they are also held to a streaming copy, timed beside them.
        if let best, let bestVariant = variants.first(where: { $0.name == best.variant }) {
            let streaming = benchmark("box-vs-streaming-copy", variants: [bestVariant], tuning: tuning,
                                      bound: BoxFilterBenchmarkVariants.streamingCopyBound)
            let (streamingRecords, streamingBound) = self.records(try streaming.run(sizes: [mainSize], on: queue, progress: progress),
                                                                  suite: "box-vs-streaming-copy", boundsSuite: "box-bounds")
            records += streamingRecords
            suites.append(SuiteSummary(name: "box-vs-streaming-copy", width: side, height: side, copyBoundMpixPerS: streamingBound))
        }
        // The sweep follows the best variant and the rows variants (whether one size favours another rows variant
        // than the default, `BoxFilterVariant.fastest`, is read from it) against the naive one and the host peer.
        let sweepNames = Set([BoxFilterVariant.naive.name, best?.variant, "host-swift-parallel"].compactMap { $0 }
                             + BoxFilterVariant.rowsVariants.map(\.name))
        let sweepVariants = variants.filter { sweepNames.contains($0.name) }
        guard !sweepVariants.isEmpty else { return (records, suites) }
        var sweep = benchmark("box-sizes", variants: sweepVariants, tuning: tuning)
        sweep.settings = sweepSettings
        for sweepSide in sweepSides {
            if sweepSide == side {
                // The main comparison measured this size with more samples: the sweep reports those
                // figures rather than a second, lighter measurement that would disagree by noise.
                records += mainRecords.filter { $0.suite == "box" && sweepNames.contains($0.variant) }.map { record in
                    var copy = record
                    copy.suite = "box-sizes"
                    copy.note = [record.note, "from the box suite"].compactMap { $0 }.joined(separator: "; ")
                    return copy
                }
                suites.append(SuiteSummary(name: "box-sizes", width: side, height: side, copyBoundMpixPerS: bound))
                continue
            }
            let results = try sweep.run(sizes: [ProblemSize(width: sweepSide, height: sweepSide)], on: queue, progress: progress)
            let (sweepRecords, sweepBound) = self.records(results, suite: "box-sizes", boundsSuite: nil)
            records += sweepRecords
            suites.append(SuiteSummary(name: "box-sizes", width: sweepSide, height: sweepSide, copyBoundMpixPerS: sweepBound))
        }
        return (records, suites)
    }

    /// The box filter benchmark over `variants` with this suite's range, tolerance, settings and tuning.
    private func benchmark(_ name: String, variants: [KernelBenchmark.Variant], tuning: TuningStore?,
                           bound: KernelBenchmark.Variant = BoxFilterBenchmarkVariants.copyBound) -> KernelBenchmark {
        var benchmark = BoxFilterBenchmarkVariants.benchmark(name: name, range: range, tolerance: tolerance, variants: variants, bound: bound)
        benchmark.settings = settings
        benchmark.tuning = tuning
        benchmark.tuningContext = "RANGE=\(range)|source=\(BoxFilterCL.source.fingerprint)"
        return benchmark
    }

    /// Report records: the variants under `suite`, the bounds under `boundsSuite` (the interleaved bound is left out
    /// when nil; its rate is the suite summary's), and the interleaved bound's median rate.
    private func records(_ results: [KernelBenchmarkResult], suite: String, boundsSuite: String?) -> ([BenchmarkRecord], Double?) {
        let boundRate = results.first { $0.isBound }?.rate?.median
        let records = results.compactMap { result -> BenchmarkRecord? in
            if result.isBound {
                guard let boundsSuite else { return nil }
                return BenchmarkRecord(result, suite: boundsSuite, metric: "mpix_per_s")
            }
            return BenchmarkRecord(result, suite: suite, metric: "mpix_per_s", tolerance: tolerance, boundRate: boundRate)
        }
        return (records, boundRate)
    }
}
